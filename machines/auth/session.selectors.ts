import type { SnapshotFrom } from 'xstate';
import { isAgentType } from '@shared/contract/socket';
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
