import { toErrorCode, type ApiErrorCode } from '@shared/contract/errors';
import { deriveSystemStatus, type Permission, type SystemStatusCode } from '@shared/contract/system';
import type { ApiClient } from '@client/lib/api-client';
import { createStore, useStore } from '@client/lib/create-store';
import { applyLanguageConfig } from '@client/lib/i18n';
import { updatePublicState } from './public-state';

/** idle: nothing asked yet; failed: the permission call did not answer (network or server). */
export type SystemPhase = 'idle' | 'loading' | 'ready' | 'failed';

export interface SystemState {
  phase: SystemPhase;
  /** 0 normal, 1 maintenance, 2 region restricted (SHELL-46). */
  status: SystemStatusCode;
  permission: Permission | null;
  error: ApiErrorCode | null;
}

/** Local storage key of the merchant code (AUTH-20). */
export const MERCHANT_CODE_KEY = 'merchantCode';

export const systemStore = createStore<SystemState>(() => ({ phase: 'idle', status: 0, permission: null, error: null }));

export const useSystem = (): SystemState => useStore(systemStore);
export const usePermission = (): Permission | null => useStore(systemStore, (s) => s.permission);

export const permissionOrThrow = (): Permission => {
  const { permission } = systemStore.get();
  if (!permission) throw new Error('The site configuration (permission) has not loaded yet');
  return permission;
};

const rememberMerchant = (merchantCode: string) => {
  try {
    window.localStorage.setItem(MERCHANT_CODE_KEY, merchantCode);
  } catch {
    // Storage may be unavailable; the merchant code still comes from the permission response.
  }
};

/**
 * Loads the site configuration and status at start. The status endpoint's answer is used when it
 * comes; otherwise the status is derived from the permission flags (maintenance wins, SHELL-47).
 */
export const loadSystem = async (api: Pick<ApiClient, 'call'>): Promise<void> => {
  systemStore.update((s) => ({ ...s, phase: 'loading', error: null }));
  try {
    const [permission, status] = await Promise.all([
      api.call('systemPermission'),
      api.call('systemStatus').catch(() => null),
    ]);
    systemStore.set({ phase: 'ready', permission, status: status?.status ?? deriveSystemStatus(permission), error: null });
    rememberMerchant(permission.merchantCode);
    updatePublicState({ currencySymbol: permission.currencySymbol, customerService: permission.customerService, availablePromo: permission.availablePromo });
    await applyLanguageConfig(permission);
  } catch (error) {
    systemStore.update((s) => ({ ...s, phase: 'failed', error: toErrorCode(error) }));
  }
};

/** A pushed status change (socket `system:status`) replaces the site at once. */
export const applySystemStatus = (status: SystemStatusCode): void => systemStore.update((s) => ({ ...s, status }));

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** SHELL-52: a relative image path gets a host picked at random from the configured image CDNs. */
export const imageUrl = (
  path: string,
  cdns: readonly string[] = systemStore.get().permission?.imageCDNs ?? [],
  random: () => number = Math.random,
): string => {
  if (ABSOLUTE_URL.test(path)) return path;
  const hosts = cdns.filter((h) => h.trim() !== '');
  const host = hosts[Math.floor(random() * hosts.length)];
  if (!host) return path;
  return `${host.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
};
