import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { Permission } from '@shared/contract/system';
import { appMachine } from '@machines/app/app.machine';
import type { SessionMachine } from '@machines/auth/session.machine';
import { selectLoginState, selectMember } from '@machines/auth/session.selectors';
import type { AppApi } from '@client/app/api';
import { provideSessionControls } from '@client/app/stores/session-controls';
import { sessionInfoFromMember, sessionInfoStore, setSessionInfo, type SessionInfo } from '@client/app/stores/session-info';
import { createFavouritesLogic } from '@client/features/games/favourites.actors';
import { createPopupQueueLogic, createSessionLogic } from './session.actors';
import { sessionRefOf, type AppActor, type SessionRef } from './session.context';
import { readSessionInput } from './session-storage';

/** The root actor with the real session, popup queue and favourites; the session restores what this tab stored. */
export const createAppActor = ({ api, permission }: { api: AppApi; permission: Permission }): AppActor =>
  createActor(
    appMachine.provide({
      actors: {
        session: createSessionLogic({ api, merchantCode: permission.merchantCode }),
        popupQueue: createPopupQueueLogic(),
        favourites: createFavouritesLogic({ api }),
      },
    }),
    { input: { session: readSessionInput(permission.flags.AGENTPOLICY3 === true) } },
  );

const LOGGED_OUT: SessionInfo = { status: 'loggedOut', member: null, isAgent: false };
const RESTORING: SessionInfo = { status: 'restoring', member: null, isAgent: false };

/**
 * What the shell shows for a session state: logged in or trial once member info has loaded
 * (AUTH-15), logged out, or `restoring` while a held token is checked, a forced password change is
 * pending or a logout is under way.
 */
export const sessionInfoOf = (snapshot: SnapshotFrom<SessionMachine>): SessionInfo => {
  const member = selectMember(snapshot);
  if (selectLoginState(snapshot) !== 'loggedOut' && member) {
    return sessionInfoFromMember({ id: member.id, account: member.account, nickname: member.nickname, type: member.type });
  }
  return snapshot.matches('loggedOut') ? LOGGED_OUT : RESTORING;
};

const sameInfo = (a: SessionInfo, b: SessionInfo): boolean =>
  a.status === b.status &&
  a.isAgent === b.isAgent &&
  a.member?.id === b.member?.id &&
  a.member?.account === b.member?.account &&
  a.member?.nickname === b.member?.nickname &&
  a.member?.type === b.member?.type;

/** Logs out through the session machine (AUTH-17) and settles once the session is logged out. */
export const logOut = async (session: SessionRef): Promise<void> => {
  if (!session.getSnapshot().can({ type: 'session.logout' })) return;
  session.send({ type: 'session.logout' });
  await waitFor(session, (snapshot) => snapshot.matches('loggedOut'));
};

/**
 * Feeds the shell's session store from the session machine, so the header, side menu and member
 * routes follow login and logout, and gives the shell's sign-out the real logout.
 */
export const bindShellToSession = (app: AppActor): (() => void) => {
  const session = sessionRefOf(app);
  const sync = (snapshot: SnapshotFrom<SessionMachine>) => {
    const next = sessionInfoOf(snapshot);
    if (!sameInfo(next, sessionInfoStore.get())) setSessionInfo(next);
  };
  sync(session.getSnapshot());
  const subscription = session.subscribe(sync);
  provideSessionControls({ logout: () => logOut(session) });
  return () => subscription.unsubscribe();
};
