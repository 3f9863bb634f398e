import type { PopupDismissalFlag } from '@machines/app/popup-queue.types';
import type { StoredSession } from '@machines/app/app.machine';
import type { PersistedSession, SessionStorageKey } from '@machines/auth/session.types';
import { AGENT_SIGNED_IN_COOKIE } from '@shared/boot-reads';
import { writeCookie } from '@client/lib/cookies';

/**
 * The session's keys in session storage (spec section 3, AUTH-19): what a login writes, what the
 * next page of the tab restores, and what logout clears. Never a password (AUTH-14).
 */

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

const write = (key: SessionStorageKey, value: string) => storage()?.setItem(key, value);
const read = (key: SessionStorageKey): string | null => storage()?.getItem(key) ?? null;

/** `cpw` holds this while a forced password change is pending (AUTH-07, AUTH-08). */
const PASSWORD_CHANGE_PENDING = '1';
/** A popup flag's value once its popups were closed (MSG-09). */
const POPUP_CLOSED = 'closed';

/** AUTH-05, AUTH-19: the token and the user info of a new session. */
export const writeSession = ({ token, userInfo }: PersistedSession, merchantCode: string): void => {
  const entries: [SessionStorageKey, string][] = [
    ['token', token],
    ['nickname', userInfo.nickname],
    ['account', userInfo.account],
    ['username', userInfo.userName],
    ['customerId', String(userInfo.id)],
    ['isAgent', String(userInfo.isAgent)],
    ['merchant', merchantCode],
    ['merchantCode', merchantCode],
  ];
  for (const [key, value] of entries) write(key, value);
  // No max-age: it lasts the browser session, and outlives a logout in one tab while another may still hold the agent's session.
  if (userInfo.isAgent) writeCookie(AGENT_SIGNED_IN_COOKIE, '1');
};

export const writePasswordChangePending = (pending: boolean): void => {
  if (pending) write('cpw', PASSWORD_CHANGE_PENDING);
  else storage()?.removeItem('cpw');
};

/** AUTH-17: everything in session storage goes (caches too) but the `keep` keys. */
export const clearSessionStorage = (keep: readonly SessionStorageKey[]): void => {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => key !== null);
  for (const key of keys) if (!(keep as readonly string[]).includes(key)) store.removeItem(key);
};

/** What an earlier page of this tab left: the session machine restores it at start. */
export const readStoredSession = (): StoredSession => ({
  token: read('token'),
  userName: read('username'),
  passwordChangePending: read('cpw') === PASSWORD_CHANGE_PENDING,
});

/** The member token of this tab (AUTH-05): the API client and the socket read it on every call. */
export const readSessionToken = (): string | null => read('token');

/** Whether this tab's session, as a login wrote it, is an agent's (what its first page can expect before it is restored). */
export const isStoredSessionAgent = (): boolean => read('token') !== null && read('isAgent') === String(true);

export const isPopupDismissed = (flag: PopupDismissalFlag): boolean => read(flag) === POPUP_CLOSED;

export const dismissPopups = (flag: PopupDismissalFlag): void => write(flag, POPUP_CLOSED);
