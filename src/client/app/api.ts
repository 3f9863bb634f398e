import { createApiClient, type ApiClient } from '@client/lib/api-client';
import { currentLanguage } from '@client/lib/i18n';
import { MERCHANT_CODE_KEY, permissionOrThrow, systemStore } from './stores/system-store';
import { readSessionToken } from './stores/session-info';

/** What screens need of the API client; tests pass a fake with just `call`. */
export type AppApi = Pick<ApiClient, 'call'>;

const storedMerchant = (): string => {
  try {
    return window.localStorage.getItem(MERCHANT_CODE_KEY) ?? '';
  } catch {
    return '';
  }
};

/** The app's one API client. */
export const api: ApiClient = createApiClient({
  getToken: readSessionToken,
  getLanguage: currentLanguage,
  getMerchant: () => systemStore.get().permission?.merchantCode ?? storedMerchant(),
  getPayloadPublicKey: async () => permissionOrThrow().payloadPublicKey,
});
