import { waitFor, type ActorRefFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MemberInfo } from '@shared/contract/member';
import { popupQueueMachine } from '@machines/app/popup-queue.machine';
import { selectVisiblePopup } from '@machines/app/popup-queue.selectors';
import type { PopupDismissalFlag, PopupEntry } from '@machines/app/popup-queue.types';
import { sessionMachine } from '@machines/auth/session.machine';
import { selectLoginState } from '@machines/auth/session.selectors';
import type { Announcements, AnnouncementsQuery, ConsolidatedFunds, FavouriteIds } from '@machines/auth/session.types';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { startAppSystem } from '../support/app-system';
import { answeringActor } from '../support/fakes';
import { announcement, loginResult, memberInfo } from '../support/fixtures';

const announcements: Announcements = {
  banners: [],
  player: [],
  popup: [announcement(1, 'A'), announcement(2, 'B'), announcement(3, 'F')],
  promotion: [],
};

const start = async (dismissed: PopupDismissalFlag[] = []) => {
  const storedFlags = new Set(dismissed);
  const readPopupDismissal = answeringActor<boolean, { flag: PopupDismissalFlag }>(({ flag }) => storedFlags.has(flag));
  const { actor, child } = await startAppSystem({
    permission: { flags: { AGENTPOLICY3: true } },
    actors: {
      session: sessionMachine.provide({
        actors: {
          loadMemberInfo: answeringActor<MemberInfo, { token: string; firstOfSession: boolean }>(() => memberInfo(0)).logic,
          endSession: answeringActor<null, { token: string }>(() => null).logic,
          loadFavouriteIds: answeringActor<FavouriteIds, { token: string }>(() => ({ nodeIds: [] })).logic,
          loadAnnouncements: answeringActor<Announcements, { token: string | null; query: AnnouncementsQuery }>(() => announcements).logic,
          loadConsolidatedFunds: answeringActor<ConsolidatedFunds, { token: string }>(() => ({ totalBalance: 0, mainBalance: 0, wallets: [] })).logic,
        },
        actions: { persistSession: () => {}, storePasswordChangePending: () => {}, clearSessionStorage: () => storedFlags.clear() },
      }),
      popupQueue: popupQueueMachine.provide({
        actors: { readPopupDismissal: readPopupDismissal.logic },
        actions: { storePopupDismissal: (_, { flag }) => void storedFlags.add(flag) },
      }),
    },
  });
  const session = child<ActorRefFrom<typeof sessionMachine>>(SYSTEM_IDS.session);
  const popupQueue = child<ActorRefFrom<typeof popupQueueMachine>>(SYSTEM_IDS.popupQueue);
  return { actor, session, popupQueue, storedFlags, readPopupDismissal };
};

const popupIds = (entry: PopupEntry | null) => (entry?.kind === 'announcements' ? entry.payload.items.map((item) => item.id) : []);

describe('app system', () => {
  it('runs the session and the popup queue under their fixed systemIds', async () => {
    const { actor, session, popupQueue } = await start();
    try {
      expect(session).toBeDefined();
      expect(popupQueue).toBeDefined();
      expect(actor.getSnapshot().children.session).toBe(session);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-08] a visitor sees the B popups the session loaded', async () => {
    const { actor, popupQueue } = await start();
    try {
      await waitFor(popupQueue, (s) => selectVisiblePopup(s) !== null);
      expect(popupIds(selectVisiblePopup(popupQueue.getSnapshot()))).toEqual([2]);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-08][MSG-09][AUTH-18] closing sets the flag; a first-time login then shows the A and F popups', async () => {
    const { actor, session, popupQueue, storedFlags } = await start();
    try {
      await waitFor(popupQueue, (s) => selectVisiblePopup(s) !== null);
      popupQueue.send({ type: 'popup.close', id: selectVisiblePopup(popupQueue.getSnapshot())!.id });
      expect(storedFlags.has('ANONYMOUS_POPUP')).toBe(true);

      session.send({ type: 'session.start', result: loginResult({ firstTimeLogin: true }), passwordChangePending: false });
      await waitFor(session, (s) => selectLoginState(s) === 'member');
      await waitFor(popupQueue, (s) => selectVisiblePopup(s) !== null);
      expect(popupIds(selectVisiblePopup(popupQueue.getSnapshot()))).toEqual([1, 3]);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-08] a login takes the visitor\'s popups away at once, without marking them read, and the member\'s come when loaded', async () => {
    const { actor, session, popupQueue, storedFlags } = await start();
    try {
      await waitFor(popupQueue, (s) => selectVisiblePopup(s) !== null);
      session.send({ type: 'session.start', result: loginResult(), passwordChangePending: false });
      // Before the member's own announcements are even asked for: a close meant for the visitor's popup cannot shut the member's.
      expect(selectVisiblePopup(popupQueue.getSnapshot())).toBeNull();
      expect(storedFlags.has('ANONYMOUS_POPUP')).toBe(false);
      await waitFor(popupQueue, (s) => selectVisiblePopup(s) !== null);
      expect(popupIds(selectVisiblePopup(popupQueue.getSnapshot()))).toEqual([1]);

      session.send({ type: 'session.logout' });
      expect(selectVisiblePopup(popupQueue.getSnapshot())).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[MSG-09] popups already closed this session are skipped', async () => {
    const { actor, popupQueue, readPopupDismissal } = await start(['ANONYMOUS_POPUP']);
    try {
      await waitFor(popupQueue, (s) => s.matches('idle') && readPopupDismissal.calls.length === 1);
      expect(readPopupDismissal.calls).toEqual([{ flag: 'ANONYMOUS_POPUP' }]);
      expect(selectVisiblePopup(popupQueue.getSnapshot())).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-17] a session revoked by the server, pushed to the root, logs the session out', async () => {
    const { actor, session } = await start();
    try {
      session.send({ type: 'session.start', result: loginResult(), passwordChangePending: false });
      await waitFor(session, (s) => selectLoginState(s) === 'member');
      actor.send({ type: 'server.sessionRevoked', payload: { reason: 'operator', eventId: 9, at: '2026-01-01T00:00:00Z' } });
      expect(selectLoginState(session.getSnapshot())).toBe('loggedOut');
    } finally {
      actor.stop();
    }
  });
});
