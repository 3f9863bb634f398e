import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { filterPopupsByExecution, popupQueueMachine } from '@machines/app/popup-queue.machine';
import { selectQueuedPopupCount, selectVisiblePopup } from '@machines/app/popup-queue.selectors';
import type { PopupDismissalFlag, PopupEntry } from '@machines/app/popup-queue.types';
import { answeringActor, controlledActor } from '../support/fakes';
import { announcement } from '../support/fixtures';

const popup = announcement;
const popups = [popup(1, 'A'), popup(2, 'B'), popup(3, 'F'), popup(4, null), popup(5, 'A')];

const visibleIds = (entry: PopupEntry | null) => (entry?.kind === 'announcements' ? entry.payload.items.map((i) => i.id) : []);

const start = (dismissed: (flag: PopupDismissalFlag) => boolean = () => false) => {
  const readPopupDismissal = answeringActor<boolean, { flag: PopupDismissalFlag }>(({ flag }) => dismissed(flag));
  const storePopupDismissal = vi.fn<(args: unknown, params: { flag: PopupDismissalFlag }) => void>();
  const actor = createActor(
    popupQueueMachine.provide({ actors: { readPopupDismissal: readPopupDismissal.logic }, actions: { storePopupDismissal } }),
  ).start();
  return { actor, readPopupDismissal, storePopupDismissal };
};

describe('popup queue', () => {
  it('[MSG-08] a logged-in user sees execution A; A and F on a first-time login; an anonymous visitor sees B', () => {
    expect(filterPopupsByExecution({ popups, audience: 'member', firstTimeLogin: false }).map((p) => p.id)).toEqual([1, 5]);
    expect(filterPopupsByExecution({ popups, audience: 'member', firstTimeLogin: true }).map((p) => p.id)).toEqual([1, 3, 5]);
    expect(filterPopupsByExecution({ popups, audience: 'anonymous', firstTimeLogin: true }).map((p) => p.id)).toEqual([2]);
  });

  it('[MSG-08] offered popups become one visible announcements popup after the flag check', async () => {
    const { actor, readPopupDismissal } = start();
    try {
      expect(selectVisiblePopup(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'popups.offer', popups, audience: 'member', firstTimeLogin: true });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(readPopupDismissal.calls).toEqual([{ flag: 'USER_POPUP' }]);
      expect(visibleIds(selectVisiblePopup(actor.getSnapshot()))).toEqual([1, 3, 5]);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-09] popups are skipped when their session flag is closed', async () => {
    const { actor, readPopupDismissal } = start((flag) => flag === 'ANONYMOUS_POPUP');
    try {
      actor.send({ type: 'popups.offer', popups, audience: 'anonymous', firstTimeLogin: false });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(readPopupDismissal.calls).toEqual([{ flag: 'ANONYMOUS_POPUP' }]);
      expect(selectVisiblePopup(actor.getSnapshot())).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[MSG-09] closing the announcements popup sets its flag to closed', async () => {
    const { actor, storePopupDismissal } = start();
    try {
      actor.send({ type: 'popups.offer', popups, audience: 'anonymous', firstTimeLogin: false });
      await waitFor(actor, (s) => selectVisiblePopup(s) !== null);
      actor.send({ type: 'popup.close', id: selectVisiblePopup(actor.getSnapshot())!.id });
      expect(selectVisiblePopup(actor.getSnapshot())).toBeNull();
      expect(storePopupDismissal).toHaveBeenCalledTimes(1);
      expect(storePopupDismissal.mock.calls[0]?.[1]).toEqual({ flag: 'ANONYMOUS_POPUP' });
    } finally {
      actor.stop();
    }
  });

  it('[MSG-08] an offer without matching popups checks nothing and shows nothing', () => {
    const { actor, readPopupDismissal } = start();
    try {
      actor.send({ type: 'popups.offer', popups: [popup(9, 'A')], audience: 'anonymous', firstTimeLogin: false });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
      expect(readPopupDismissal.calls).toEqual([]);
      expect(selectQueuedPopupCount(actor.getSnapshot())).toBe(0);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-08] a new login state replaces the previous audience\'s announcements', async () => {
    const { actor } = start();
    try {
      actor.send({ type: 'popups.offer', popups, audience: 'anonymous', firstTimeLogin: false });
      await waitFor(actor, (s) => selectVisiblePopup(s) !== null);
      actor.send({ type: 'popups.offer', popups, audience: 'member', firstTimeLogin: false });
      await waitFor(actor, (s) => s.matches('idle'));
      expect(selectQueuedPopupCount(actor.getSnapshot())).toBe(1);
      expect(visibleIds(selectVisiblePopup(actor.getSnapshot()))).toEqual([1, 5]);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-08] withdrawn announcements leave the queue unread, and an offer still being checked never shows', async () => {
    const readPopupDismissal = controlledActor<boolean, { flag: PopupDismissalFlag }>();
    const storePopupDismissal = vi.fn();
    const actor = createActor(popupQueueMachine.provide({ actors: { readPopupDismissal: readPopupDismissal.logic }, actions: { storePopupDismissal } })).start();
    try {
      actor.send({ type: 'popups.offer', popups, audience: 'anonymous', firstTimeLogin: false });
      readPopupDismissal.resolve(false);
      await waitFor(actor, (s) => selectVisiblePopup(s) !== null);
      actor.send({ type: 'popups.withdraw' });
      expect(selectVisiblePopup(actor.getSnapshot())).toBeNull();

      actor.send({ type: 'popups.offer', popups, audience: 'member', firstTimeLogin: false });
      actor.send({ type: 'popups.withdraw' });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
      readPopupDismissal.resolve(false);
      await Promise.resolve();
      expect(selectQueuedPopupCount(actor.getSnapshot())).toBe(0);
      expect(storePopupDismissal).not.toHaveBeenCalled();
    } finally {
      actor.stop();
    }
  });

  it('[MSG-08] a later offer wins over one still being checked', async () => {
    const readPopupDismissal = controlledActor<boolean, { flag: PopupDismissalFlag }>();
    const actor = createActor(
      popupQueueMachine.provide({ actors: { readPopupDismissal: readPopupDismissal.logic }, actions: { storePopupDismissal: () => {} } }),
    ).start();
    try {
      actor.send({ type: 'popups.offer', popups, audience: 'anonymous', firstTimeLogin: false });
      actor.send({ type: 'popups.offer', popups, audience: 'member', firstTimeLogin: false });
      expect(readPopupDismissal.calls).toEqual([{ flag: 'ANONYMOUS_POPUP' }, { flag: 'USER_POPUP' }]);
      readPopupDismissal.resolve(false);
      readPopupDismissal.resolve(false);
      await waitFor(actor, (s) => s.matches('idle'));
      expect(visibleIds(selectVisiblePopup(actor.getSnapshot()))).toEqual([1, 5]);
      expect(selectQueuedPopupCount(actor.getSnapshot())).toBe(1);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-09] storage that cannot be read still shows the popups', async () => {
    const actor = createActor(
      popupQueueMachine.provide({
        actors: {
          readPopupDismissal: answeringActor<boolean, { flag: PopupDismissalFlag }>(() => {
            throw new Error('storage unavailable');
          }).logic,
        },
        actions: { storePopupDismissal: () => {} },
      }),
    ).start();
    try {
      actor.send({ type: 'popups.offer', popups, audience: 'member', firstTimeLogin: false });
      await waitFor(actor, (s) => s.matches('idle') && selectVisiblePopup(s) !== null);
      expect(visibleIds(selectVisiblePopup(actor.getSnapshot()))).toEqual([1, 5]);
    } finally {
      actor.stop();
    }
  });

  it('shows one popup at a time, in order; a popup without a flag sets none when closed', async () => {
    const { actor, storePopupDismissal } = start();
    try {
      actor.send({ type: 'popups.offer', popups, audience: 'member', firstTimeLogin: false });
      await waitFor(actor, (s) => selectVisiblePopup(s) !== null);
      const extra: PopupEntry = { id: 'extra', kind: 'announcements', payload: { items: [popup(7, 'A')] }, dismissalFlag: null };
      actor.send({ type: 'popup.enqueue', entry: extra });
      expect(selectQueuedPopupCount(actor.getSnapshot())).toBe(2);
      expect(visibleIds(selectVisiblePopup(actor.getSnapshot()))).toEqual([1, 5]);
      actor.send({ type: 'popup.close', id: 'announcements' });
      expect(selectVisiblePopup(actor.getSnapshot())?.id).toBe('extra');
      actor.send({ type: 'popup.close', id: 'extra' });
      expect(selectVisiblePopup(actor.getSnapshot())).toBeNull();
      expect(storePopupDismissal).toHaveBeenCalledTimes(1);
      actor.send({ type: 'popup.close', id: 'missing' });
      expect(storePopupDismissal).toHaveBeenCalledTimes(1);
    } finally {
      actor.stop();
    }
  });
});
