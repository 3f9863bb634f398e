import { createStore, useStore } from '@client/lib/create-store';
import { MERCHANT_CODE_KEY } from './system-store';
import { setLoggedOut } from './session-info';

/**
 * Actions the shell offers but other features own. The session feature provides `logout`
 * (AUTH-17, with the logout call) and the wallet feature `refreshBalance` (WALLET-03).
 */
export interface SessionControls {
  logout: () => Promise<void>;
  refreshBalance: (() => Promise<void>) | null;
}

/** Until the session feature provides its own: forget this tab's session, keeping the merchant code. */
const forgetLocalSession = async (): Promise<void> => {
  const merchantCode = window.sessionStorage.getItem(MERCHANT_CODE_KEY);
  window.sessionStorage.clear();
  if (merchantCode !== null) window.sessionStorage.setItem(MERCHANT_CODE_KEY, merchantCode);
  setLoggedOut();
};

export const sessionControlsStore = createStore<SessionControls>(() => ({ logout: forgetLocalSession, refreshBalance: null }));

export const provideSessionControls = (controls: Partial<SessionControls>): void =>
  sessionControlsStore.update((current) => ({ ...current, ...controls }));

export const useSessionControls = (): SessionControls => useStore(sessionControlsStore);
