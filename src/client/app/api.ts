import type { Permission } from '@shared/contract/system';
import { readSessionToken } from '@client/features/auth/session-storage';
import { createApiClient, type ApiClient } from '@client/lib/api-client';
import { createEventBus, type EventBus } from '@client/lib/event-bus';
import { currentLanguage } from '@client/lib/i18n';
import { storedMerchantCode } from '@client/lib/merchant-code';
import { createSocketClient } from '@client/lib/socket-client';

export interface AppTransport {
  /** The app's one API client. */
  api: ApiClient;
  /** The app's one event bus over its one socket; the live machine connects it while a session lives. */
  bus: EventBus;
}

/**
 * The API client and the event bus, both reading the session token this tab stored (AUTH-05) on
 * every call and (re)connection; `permission` is the site's configuration once loaded (the
 * merchant code, the payload key of encrypted calls).
 */
export const createAppTransport = ({ permission }: { permission: () => Permission | null }): AppTransport => ({
  api: createApiClient({
    getToken: readSessionToken,
    getLanguage: currentLanguage,
    getMerchant: () => permission()?.merchantCode ?? storedMerchantCode(),
    getPayloadPublicKey: async () => {
      const loaded = permission();
      if (!loaded) throw new Error('The site configuration (permission) has not loaded yet');
      return loaded.payloadPublicKey;
    },
  }),
  bus: createEventBus(createSocketClient({ getToken: readSessionToken })),
});
