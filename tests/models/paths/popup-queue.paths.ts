import type { Announcement } from '@shared/contract/messages';
import { popupQueueMachine } from '@machines/app/popup-queue.machine';
import { announcement } from '../../machines/support/fixtures';
import { actorDone, definePaths, userEvent } from '../machine-paths';

/** One announcement popup of each execution code: A members, B guests, F a member's first login (MSG-08). */
export const POPUPS: Announcement[] = [announcement(1, 'A'), announcement(2, 'B'), announcement(3, 'F')];

/**
 * The announcement popups (MSG-08, MSG-09): the session offers them after each load, filtered by
 * execution code, unless this browser closed that audience's popup already; closing one sets the flag.
 */
export const popupQueuePaths = definePaths({
  name: 'popup-queue',
  title: 'Announcement popups: execution codes A, B and F, closed once per session',
  machine: popupQueueMachine,
  choices: [
    userEvent({ type: 'popups.offer', popups: POPUPS, audience: 'anonymous', firstTimeLogin: false }, 'guest'),
    userEvent({ type: 'popups.offer', popups: POPUPS, audience: 'member', firstTimeLogin: false }, 'member'),
    userEvent({ type: 'popups.offer', popups: POPUPS, audience: 'member', firstTimeLogin: true }, 'first login'),
    userEvent({ type: 'popup.close', id: 'announcements' }, 'announcements', {
      when: (snapshot) => (snapshot.context as { queue: unknown[] }).queue.length > 0,
    }),
    actorDone('readPopupDismissal', false, 'not closed yet'),
    actorDone('readPopupDismissal', true, 'closed before'),
  ],
  screen: (snapshot) => ({
    showing: snapshot.context.queue.flatMap((entry) => entry.payload.items.map((item) => item.execution)).join('+') || null,
    offered: snapshot.context.pendingOffer?.entry.payload.items.map((item) => item.execution).join('+') ?? null,
  }),
});
