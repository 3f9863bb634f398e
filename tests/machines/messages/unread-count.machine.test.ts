import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { unreadCountMachine } from '@machines/messages/unread-count.machine';
import { selectUnreadCount } from '@machines/messages/unread-count.selectors';
import { createFakeBus } from '../../helpers/fake-bus';
import { unreadCountEvent } from '../../helpers/money-fixtures';
import { controlledActor, flush, settledValues } from '../support/fakes';

const start = (trial: boolean) => {
  const bus = createFakeBus();
  const fetchUnreadCount = controlledActor<{ unreadMessage: number }, void>();
  const actor = createActor(unreadCountMachine.provide({ actors: { fetchUnreadCount: fetchUnreadCount.logic } }), { input: { bus, trial } }).start();
  // What the notice bell shows of it.
  const published = settledValues(actor, (s) => s.matches({ live: 'ready' }), selectUnreadCount);
  return { bus, fetchUnreadCount, published, actor };
};

describe('unread count machine', () => {
  it('[MSG-10] loads the unread count for a member and follows the pushed counts', async () => {
    const { actor, fetchUnreadCount, bus, published } = start(false);
    try {
      fetchUnreadCount.resolve({ unreadMessage: 2 });
      await waitFor(actor, (s) => s.matches({ live: 'ready' }));
      bus.push('unread:count', unreadCountEvent(3));
      actor.send({ type: 'unread.set', unreadMessage: 1 });
      expect(published).toEqual([2, 3, 1]);
      expect(fetchUnreadCount.calls).toHaveLength(1);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-10] skips the unread call for a trial account', async () => {
    const { actor, fetchUnreadCount, bus, published } = start(true);
    try {
      await flush();
      bus.push('unread:count', unreadCountEvent(3));
      expect(fetchUnreadCount.calls).toHaveLength(0);
      expect(published).toEqual([]);
      expect(actor.getSnapshot().status).toBe('done');
    } finally {
      actor.stop();
    }
  });

  it('loads the count again after a reconnect', async () => {
    const { actor, fetchUnreadCount, bus, published } = start(false);
    try {
      fetchUnreadCount.resolve({ unreadMessage: 0 });
      await waitFor(actor, (s) => s.matches({ live: 'ready' }));
      bus.resynced.next();
      fetchUnreadCount.resolve({ unreadMessage: 4 });
      await waitFor(actor, (s) => s.matches({ live: 'ready' }));
      expect(published).toEqual([0, 4]);
    } finally {
      actor.stop();
    }
  });
});
