import { createActor, fromCallback, setup, SimulatedClock, type AnyActorRef, type EventObject, type PromiseActorLogic } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { liveMachine, ONLINE_RELOAD_DELAY_MS } from '@machines/app/live.machine';
import { onlineMachine, type OnlineMachine } from '@machines/app/online.machine';
import type { SessionChangedEvent } from '@machines/auth/session.types';
import { unreadCountMachine } from '@machines/messages/unread-count.machine';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { balanceMachine } from '@machines/wallet/balance.machine';
import { createFakeBus } from '../../helpers/fake-bus';
import { balanceUpdated } from '../../helpers/money-fixtures';
import { advance, answeringActor, controlledActor, flush } from '../support/fakes';

const member = (memberId: number, loginState: 'member' | 'trial' = 'member'): SessionChangedEvent => ({ type: 'session.changed', loginState, userName: `player${memberId}`, memberId });
const loggedOut: SessionChangedEvent = { type: 'session.changed', loginState: 'loggedOut', userName: null, memberId: null };

/**
 * The live machine beside stand-ins for the session and the site, which record what they are sent. Its online part
 * loads at once unless the test gives its own loader (which answers with the part's logic).
 */
const start = ({ loadOnline, clock }: { loadOnline?: PromiseActorLogic<OnlineMachine, void>; clock?: SimulatedClock } = {}) => {
  const bus = createFakeBus();
  const received = { session: [] as EventObject[], site: [] as EventObject[] };
  const recorder = (into: EventObject[]) => fromCallback<EventObject>(({ receive }) => receive((event) => void into.push(event)));
  const forgetMemberData = vi.fn();
  const announceRevocation = vi.fn();
  const fetchUnreadCount = answeringActor<{ unreadMessage: number }, void>(() => ({ unreadMessage: 2 }));
  const online = onlineMachine.provide({
    actors: {
      balance: balanceMachine.provide({ actors: { fetchBalance: answeringActor<{ balance: number; currencySymbol: string }, void>(() => ({ balance: 50, currencySymbol: '₫' })).logic } }),
      unreadCount: unreadCountMachine.provide({ actors: { fetchUnreadCount: fetchUnreadCount.logic } }),
      liveCache: fromCallback(() => {}),
    },
    actions: { announceRevocation: (_, payload) => announceRevocation(payload) },
  });
  const live = liveMachine.provide({
    actors: { loadOnline: loadOnline ?? answeringActor<OnlineMachine, void>(() => online).logic },
    actions: { forgetMemberData },
  });
  const host = setup({ actors: { live, session: recorder(received.session), site: recorder(received.site) } }).createMachine({
    invoke: [
      { src: 'session', systemId: SYSTEM_IDS.session },
      { src: 'site', systemId: SYSTEM_IDS.site },
      { id: 'live', src: 'live', systemId: SYSTEM_IDS.live, input: { bus } },
    ],
  });
  const actor = createActor(host, { clock }).start();
  const liveRef = actor.system.get(SYSTEM_IDS.live) as AnyActorRef;
  return { actor, bus, live: liveRef, received, forgetMemberData, announceRevocation, fetchUnreadCount, online };
};

describe('live machine', () => {
  it('[SHELL-24] connects the socket and runs the balance and unread count only while someone is logged in', async () => {
    const { actor, bus, live, forgetMemberData } = start();
    try {
      expect(bus.connected).toBe(false);
      expect(actor.system.get(SYSTEM_IDS.balance)).toBeUndefined();
      live.send(member(7));
      await flush();
      expect(bus.connected).toBe(true);
      expect(actor.system.get(SYSTEM_IDS.balance)?.getSnapshot().context.balance).toBe(50);
      expect(actor.system.get(SYSTEM_IDS.unreadCount)?.getSnapshot().context.unreadMessage).toBe(2);
      bus.push('balance:updated', balanceUpdated(75));
      expect(actor.system.get(SYSTEM_IDS.balance)?.getSnapshot().context.balance).toBe(75);
      live.send(loggedOut);
      expect(bus.connected).toBe(false);
      expect(actor.system.get(SYSTEM_IDS.balance)).toBeUndefined();
      // Another member (or none) means other answers: the cached reads went at login and at logout.
      expect(forgetMemberData).toHaveBeenCalledTimes(2);
    } finally {
      actor.stop();
    }
  });

  it('another member logging in without a logout starts afresh; the same member stays', async () => {
    const { actor, live, forgetMemberData } = start();
    try {
      live.send(member(7));
      await flush();
      const first = actor.system.get(SYSTEM_IDS.balance);
      live.send(member(7));
      expect(actor.system.get(SYSTEM_IDS.balance)).toBe(first);
      live.send(member(8));
      await flush();
      expect(actor.system.get(SYSTEM_IDS.balance)).toBeDefined();
      expect(actor.system.get(SYSTEM_IDS.balance)).not.toBe(first);
      expect(forgetMemberData).toHaveBeenCalledTimes(2);
    } finally {
      actor.stop();
    }
  });

  it('[MSG-10] a trial account gets no unread count', async () => {
    const { actor, live, bus, fetchUnreadCount } = start();
    try {
      live.send(member(9, 'trial'));
      await flush();
      expect(bus.connected).toBe(true);
      expect(fetchUnreadCount.calls).toHaveLength(0);
      expect(actor.system.get(SYSTEM_IDS.unreadCount)).toBeUndefined();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-17] revocations and refused tokens go to the session, announced unless it was the own logout; announcements to the session, status changes to the site', async () => {
    const { actor, bus, live, received, announceRevocation } = start();
    try {
      live.send(member(7));
      await flush();
      bus.push('session:revoked', { reason: 'logout', eventId: 1, at: '2026-11-22T00:00:00.000Z' });
      expect(announceRevocation).not.toHaveBeenCalled();
      bus.push('session:revoked', { reason: 'operator', eventId: 2, at: '2026-11-22T00:00:00.000Z' });
      bus.unauthorized.next();
      expect(announceRevocation.mock.calls.map(([payload]) => payload.reason)).toEqual(['operator', 'expired']);
      expect(received.session.map((event) => event.type)).toEqual(['server.sessionRevoked', 'server.sessionRevoked', 'server.sessionRevoked']);
      bus.push('announcement:new', { id: 5, type: 'PR', title: 'Promo', content: '', promotionType: null, execution: null, createdAt: '2026-11-22T00:00:00.000Z', eventId: 3, at: '2026-11-22T00:00:00.000Z' });
      expect(received.session.at(-1)?.type).toBe('server.announcementNew');
      bus.push('system:status', { maintenance: true, eventId: 4, at: '2026-11-22T00:00:00.000Z' });
      expect(received.site.map((event) => event.type)).toEqual(['server.systemStatus']);
    } finally {
      actor.stop();
    }
  });

  it('[SHELL-24] [AGENT-20] the contract popup runs for a logged-in real member, not for a trial account, and stops at logout', async () => {
    const { actor, live } = start();
    try {
      expect(actor.system.get(SYSTEM_IDS.contractPopup)).toBeUndefined();
      live.send(member(7));
      await flush();
      expect(actor.system.get(SYSTEM_IDS.contractPopup)).toBeDefined();
      live.send(loggedOut);
      expect(actor.system.get(SYSTEM_IDS.contractPopup)).toBeUndefined();
      live.send(member(9, 'trial'));
      await flush();
      expect(actor.system.get(SYSTEM_IDS.balance)).toBeDefined();
      expect(actor.system.get(SYSTEM_IDS.contractPopup)).toBeUndefined();
    } finally {
      actor.stop();
    }
  });

  it('[SHELL-24] the online part loads with the login: nothing connects before its listeners run, and it connects once they do', async () => {
    const loader = controlledActor<OnlineMachine, void>();
    const { actor, bus, live, online } = start({ loadOnline: loader.logic });
    try {
      live.send(member(7));
      await flush();
      expect(loader.waiting).toBe(1);
      expect(bus.connected).toBe(false);
      expect(actor.system.get(SYSTEM_IDS.balance)).toBeUndefined();
      loader.resolve(online);
      await flush();
      expect(bus.connected).toBe(true);
      bus.push('balance:updated', balanceUpdated(75));
      expect(actor.system.get(SYSTEM_IDS.balance)?.getSnapshot().context.balance).toBe(75);
    } finally {
      actor.stop();
    }
  });

  it('a logout while the online part loads leaves the socket closed when the load completes', async () => {
    const loader = controlledActor<OnlineMachine, void>();
    const { actor, bus, live, online } = start({ loadOnline: loader.logic });
    try {
      live.send(member(7));
      await flush();
      live.send(loggedOut);
      loader.resolve(online);
      await flush();
      expect(bus.connected).toBe(false);
      expect(actor.system.get(SYSTEM_IDS.balance)).toBeUndefined();
    } finally {
      actor.stop();
    }
  });

  it('a failed load of the online part is tried again after ONLINE_RELOAD_DELAY_MS', async () => {
    const clock = new SimulatedClock();
    const loader = controlledActor<OnlineMachine, void>();
    const { actor, bus, live, online } = start({ loadOnline: loader.logic, clock });
    try {
      live.send(member(7));
      await flush();
      loader.reject(new Error('Failed to fetch dynamically imported module'));
      await flush();
      expect(bus.connected).toBe(false);
      advance(clock, ONLINE_RELOAD_DELAY_MS - 100);
      expect(loader.waiting).toBe(0);
      advance(clock, 100);
      expect(loader.waiting).toBe(1);
      loader.resolve(online);
      await flush();
      expect(bus.connected).toBe(true);
      expect(actor.system.get(SYSTEM_IDS.balance)).toBeDefined();
    } finally {
      actor.stop();
    }
  });
});
