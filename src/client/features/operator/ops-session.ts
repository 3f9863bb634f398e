import { OperatorSession } from '@shared/contract/operator';
import { createStore, useStore } from '@client/lib/create-store';

/** The operator session of this tab, in session storage under its own key: never the player's `token`. */
export const OPS_SESSION_KEY = 'opsSession';

export interface OpsSessionState {
  session: OperatorSession | null;
  /** Why the last session ended without a sign-out: the server no longer knew the token. */
  endedBy: 'expired' | null;
}

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

const isLive = (session: OperatorSession, now = Date.now()): boolean => Date.parse(session.expiresAt) > now;

const readStoredSession = (): OperatorSession | null => {
  const raw = storage()?.getItem(OPS_SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = OperatorSession.safeParse(JSON.parse(raw));
    return parsed.success && isLive(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
};

export const opsSessionStore = createStore<OpsSessionState>(() => ({ session: readStoredSession(), endedBy: null }));

export const startOpsSession = (session: OperatorSession): void => {
  storage()?.setItem(OPS_SESSION_KEY, JSON.stringify(session));
  opsSessionStore.set({ session, endedBy: null });
};

export const endOpsSession = (endedBy: OpsSessionState['endedBy'] = null): void => {
  storage()?.removeItem(OPS_SESSION_KEY);
  opsSessionStore.set({ session: null, endedBy });
};

/** The bearer token of the operator API client; null once the session has run out. */
export const readOpsToken = (): string | null => {
  const { session } = opsSessionStore.get();
  return session && isLive(session) ? session.token : null;
};

export const useOpsSession = (): OpsSessionState => useStore(opsSessionStore);
