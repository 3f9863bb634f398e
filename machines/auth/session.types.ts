import type { QueryInputOf, ResponseOf } from '@shared/contract/http';
import type { MemberInfo } from '@shared/contract/member';
import type { LoginResult, UserInfo } from '@shared/contract/auth';
import type { ServerMachineEvent } from '../app/bus-bridge';
import type { FlowError } from '../shared/flow-error';

/** Session-storage keys of the session (AUTH-19) and the popup flags (MSG-09). */
export type SessionStorageKey =
  | 'token'
  | 'nickname'
  | 'account'
  | 'username'
  | 'customerId'
  | 'isAgent'
  | 'merchant'
  | 'merchantCode'
  | 'cpw'
  | 'USER_POPUP'
  | 'ANONYMOUS_POPUP';

/** Logout clears session storage except the merchant code (AUTH-17). */
export const SESSION_KEYS_KEPT_ON_LOGOUT = ['merchantCode'] as const satisfies readonly SessionStorageKey[];

export type LoginState = 'loggedOut' | 'member' | 'trial';

/**
 * The session entered another login state: sent to the favourites (GAMES-33) and to the live
 * machine, which connects the socket and runs the balance and unread count while someone is in.
 */
export interface SessionChangedEvent {
  type: 'session.changed';
  loginState: LoginState;
  userName: string | null;
  /** The member whose data is live; null when logged out. */
  memberId: number | null;
}

export interface SessionInput {
  /** The token kept in session storage by an earlier page of this tab, if any. */
  token: string | null;
  /** `username` in session storage (shown read-only by the forced password change, AUTH-34). */
  userName: string | null;
  /** `cpw` in session storage: a forced password change was pending when the page was left. */
  passwordChangePending: boolean;
  /** AGENTPOLICY3 (AUTH-18). */
  agentPolicy: boolean;
}

/** What `persistSession` writes (AUTH-05, AUTH-19): the token and the user info, never a password (AUTH-14). */
export interface PersistedSession {
  token: string;
  userInfo: UserInfo;
}

export type AnnouncementsQuery = QueryInputOf<'announcements'>;
export type Announcements = ResponseOf<'announcements'>;
export type FavouriteIds = ResponseOf<'favoriteIds'>;
export type ConsolidatedFunds = ResponseOf<'consolidatedFunds'>;

export interface SessionContext {
  token: string | null;
  userName: string | null;
  agentPolicy: boolean;
  passwordChangePending: boolean;
  member: MemberInfo | null;
  firstTimeLogin: boolean;
  favouriteIds: number[];
  announcements: Announcements | null;
  consolidatedFunds: ConsolidatedFunds | null;
  error: FlowError | null;
}

export type SessionEvent =
  /** A login, registration, two-factor, free-play or password-reset flow obtained a session. */
  | { type: 'session.start'; result: LoginResult; passwordChangePending: boolean }
  /** The password was changed: load (forced change) or reload (AUTH-36) the member info. */
  | { type: 'password.changed' }
  | { type: 'member.reload' }
  | { type: 'session.logout' }
  | ServerMachineEvent<'session:revoked'>
  /** A pushed announcement goes on top of its list at once (the live machine forwards it). */
  | ServerMachineEvent<'announcement:new'>;

export type SessionTag = 'loading';
