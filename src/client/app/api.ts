import type { Permission } from '@shared/contract/system';
import { API_ROUTE_OVERRIDES } from '@client/config/api-routes';
import { readSessionToken } from '@client/features/auth/session-storage';
import { createApiClient, type ApiClient } from '@client/lib/api-client';
import type { EventBus } from '@client/lib/event-bus';
import { currentLanguage } from '@client/lib/i18n';
import { createLazyEventBus } from '@client/lib/lazy-event-bus';
import { storedMerchantCode } from '@client/lib/merchant-code';

export interface AppTransport {
  /** The app's one API client. */
  api: ApiClient;
  /** The app's one event bus over its one socket; the live machine connects it while a session lives. */
  bus: EventBus;
}

/** socket.io-client and the event bus over it: loaded when a session first opens the socket, or asked for earlier (create-app-actor.ts). */
export const loadBusModules = () => Promise.all([import('@client/lib/event-bus'), import('@client/lib/socket-client')]);

/**
 * The API client and the event bus, both reading the session token this tab stored (AUTH-05) on
 * every call and (re)connection; `permission` is the site's configuration once loaded (the
 * merchant code, the payload key of encrypted calls).
 */
export const createAppTransport = ({ permission }: { permission: () => Permission | null }): AppTransport => ({
  api: createApiClient({
    routes: API_ROUTE_OVERRIDES,
    getToken: readSessionToken,
    getLanguage: currentLanguage,
    getMerchant: () => permission()?.merchantCode ?? storedMerchantCode(),
    getPayloadPublicKey: async () => {
      const loaded = permission();
      if (!loaded) throw new Error('The site configuration (permission) has not loaded yet');
      return loaded.payloadPublicKey;
    },
  }),
  // socket.io-client and the socket contract load when a session first opens the socket (issue 15).
  bus: createLazyEventBus(async () => {
    const [{ createEventBus }, { createSocketClient }] = await loadBusModules();
    return createEventBus(createSocketClient({ getToken: readSessionToken }));
  }),
});
