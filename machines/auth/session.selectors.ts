import type { SnapshotFrom } from 'xstate';
import type { Announcement } from '@shared/contract/messages';
import { isAgentType } from '@shared/contract/member.values';
import type { SessionMachine } from './session.machine';
import { isTrialMember } from './session.machine';
import type { LoginState } from './session.types';

type Snapshot = SnapshotFrom<SessionMachine>;

/** Logged in only once member info has loaded (AUTH-15); a pending or failed load is still logged out. */
export const selectLoginState = (snapshot: Snapshot): LoginState =>
  snapshot.matches({ loggedIn: { role: 'trial' } }) ? 'trial' : snapshot.matches({ loggedIn: { role: 'member' } }) ? 'member' : 'loggedOut';

export const selectIsLoggedIn = (snapshot: Snapshot): boolean => selectLoginState(snapshot) !== 'loggedOut';

/** Account types 1, 2, 41 and 42 are agents (AUTH-16). */
export const selectIsAgent = (snapshot: Snapshot): boolean =>
  selectIsLoggedIn(snapshot) && snapshot.context.member !== null && isAgentType(snapshot.context.member.type);

export const selectIsTrial = (snapshot: Snapshot): boolean => selectIsLoggedIn(snapshot) && isTrialMember(snapshot.context.member);

/** The token, for the API client and the socket (also while a forced password change is pending). */
export const selectToken = (snapshot: Snapshot): string | null => snapshot.context.token;

/** The account name while a session is held (the forced password change shows it read-only). */
export const selectUserName = (snapshot: Snapshot): string | null => snapshot.context.userName;

export const selectIsPasswordChangeRequired = (snapshot: Snapshot): boolean => snapshot.matches('passwordChangeRequired');

export const selectMember = (snapshot: Snapshot) => (selectIsLoggedIn(snapshot) ? snapshot.context.member : null);

/** The favourite ids loaded at this login; the favourites actor keeps the live list (machines/favourites). */
export const selectFavouriteIds = (snapshot: Snapshot): number[] => snapshot.context.favouriteIds;

export const selectAnnouncements = (snapshot: Snapshot) => snapshot.context.announcements;

export const selectConsolidatedFunds = (snapshot: Snapshot) => snapshot.context.consolidatedFunds;

export const selectIsSessionLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

export const selectSessionError = (snapshot: Snapshot) => snapshot.context.error;

/**
 * What screens show of the session: logged in or trial once member info has loaded (AUTH-15),
 * logged out, or `restoring` while a held token is checked, a forced password change is pending
 * or a logout is under way.
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

const LOGGED_OUT: SessionInfo = { status: 'loggedOut', member: null, isAgent: false };
const RESTORING: SessionInfo = { status: 'restoring', member: null, isAgent: false };

export const selectSessionInfo = (snapshot: Snapshot): SessionInfo => {
  const member = selectMember(snapshot);
  const loginState = selectLoginState(snapshot);
  if (loginState !== 'loggedOut' && member) {
    return {
      status: loginState === 'trial' ? 'trial' : 'loggedIn',
      member: { id: member.id, account: member.account, nickname: member.nickname, type: member.type },
      isAgent: isAgentType(member.type),
    };
  }
  return snapshot.matches('loggedOut') ? LOGGED_OUT : RESTORING;
};

/** Compares session infos by value, so views re-render only when what they show changed. */
export const sameSessionInfo = (a: SessionInfo, b: SessionInfo): boolean =>
  a.status === b.status &&
  a.isAgent === b.isAgent &&
  a.member?.id === b.member?.id &&
  a.member?.account === b.member?.account &&
  a.member?.nickname === b.member?.nickname &&
  a.member?.type === b.member?.type;

const NO_ANNOUNCEMENTS: Announcement[] = [];

/** Player notices (PL) and home notices (H) of the login state, pushed ones on top, newest first. */
export const selectPlayerNotices = (snapshot: Snapshot): Announcement[] => snapshot.context.announcements?.player ?? NO_ANNOUNCEMENTS;

/** Promotion notices (PR), listed under the notice modal's promotions tab (MSG-07). */
export const selectPromotionNotices = (snapshot: Snapshot): Announcement[] => snapshot.context.announcements?.promotion ?? NO_ANNOUNCEMENTS;

