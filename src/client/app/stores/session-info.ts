import { isAgentType, TRIAL_TYPE } from '@shared/contract/socket';
import { createStore, useStore } from '@client/lib/create-store';

/**
 * What the shell needs to know about the session. The session machine (auth) feeds it with
 * `setSessionInfo`; the shell only reads it. `restoring`: a token is held but member info has not loaded yet.
 */
export type SessionStatus = 'restoring' | 'loggedOut' | 'loggedIn' | 'trial';

export interface SessionMember {
  id: number;
  account: string;
  nickname: string;
  /** Numeric account type: 1, 2, 41 and 42 are agents, 4 is a trial account. */
  type: number;
}

export interface SessionInfo {
  status: SessionStatus;
  member: SessionMember | null;
  isAgent: boolean;
}

const TOKEN_KEY = 'token';

/** The member token of this tab (session storage `token`, AUTH-05). */
export const readSessionToken = (): string | null => {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

const initialSessionInfo = (): SessionInfo => ({
  status: readSessionToken() ? 'restoring' : 'loggedOut',
  member: null,
  isAgent: false,
});

export const sessionInfoStore = createStore(initialSessionInfo);

/** Logged in (or trial) once member info has loaded; `isAgent` follows the account type. */
export const sessionInfoFromMember = (member: SessionMember): SessionInfo => ({
  status: member.type === TRIAL_TYPE ? 'trial' : 'loggedIn',
  member,
  isAgent: isAgentType(member.type),
});

export const setSessionInfo = (info: SessionInfo): void => sessionInfoStore.set(info);
export const setLoggedOut = (): void => sessionInfoStore.set({ status: 'loggedOut', member: null, isAgent: false });

export const useSessionInfo = (): SessionInfo => useStore(sessionInfoStore);

/** Logged in or trial: a session exists. */
export const hasSession = (info: SessionInfo): boolean => info.status === 'loggedIn' || info.status === 'trial';
