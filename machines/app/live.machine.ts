import { assign, enqueueActions, not, setup, type ActorRefFrom } from 'xstate';
import type { SessionChangedEvent } from '../auth/session.types';
import { SYSTEM_IDS } from '../shared/ids';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';
import type { ConnectionChangedEvent, ConnectionState, LiveBus, LiveBusInput } from './bus-bridge';
import type { OnlineMachine } from './online.machine';

export interface LiveContext {
  bus: LiveBus;
  /** The member whose data is live; null while nobody is logged in. */
  memberId: number | null;
  /** Trial accounts have no messages (MSG-10). */
  trial: boolean;
  connection: ConnectionState;
  /** What runs while the session is online (machines/app/online.machine.ts), once loaded. */
  online: ActorRefFrom<OnlineMachine> | null;
}

export type LiveEvent = SessionChangedEvent | ConnectionChangedEvent;

/** How long after a failed load of the online part (a network error) it is asked for again. */
export const ONLINE_RELOAD_DELAY_MS = 5_000;

/**
 * What is live while a session is. Offline until the session says someone logged in (member or
 * trial), then online: the online part (`loadOnline`: the socket, balance, unread count, live caches,
 * contract popup and mission count of machines/app/online.machine.ts) is loaded, then spawned
 * (`context.online`); it connects the socket once its listeners run, so no pushed event is missed.
 * It arrives with the first login, never for a guest's visit (issue 15); a failed load is tried
 * again after ONLINE_RELOAD_DELAY_MS. Logout stops it (which closes the socket) and forgets the
 * member's cached data; another member starts afresh. This follows the session, whatever is on
 * screen (SHELL-24).
 */
export const liveMachine = setup({
  types: {} as { context: LiveContext; events: LiveEvent; input: LiveBusInput },
  actors: {
    /** The online part's logic with the app's side effects provided. */
    loadOnline: mustProvideActor<OnlineMachine>('loadOnline'),
  },
  actions: {
    /** Drops every cached server read of the member who was live (another member means other answers). */
    forgetMemberData: mustProvideAction('forgetMemberData'),
    assignMember: assign((_, params: { memberId: number | null; trial: boolean }) => ({ memberId: params.memberId, trial: params.trial })),
    assignConnection: assign((_, params: { state: ConnectionState }) => ({ connection: params.state })),
    stopOnline: enqueueActions(({ context, enqueue }) => {
      if (context.online) enqueue.stopChild(context.online);
      enqueue.assign({ online: null });
    }),
  },
  guards: {
    isLoggedIn: ({ event }) => event.type === 'session.changed' && event.loginState !== 'loggedOut',
    isAnotherMember: ({ context, event }) => event.type === 'session.changed' && event.memberId !== context.memberId,
  },
}).createMachine({
  id: 'live',
  context: ({ input }) => ({ bus: input.bus, memberId: null, trial: false, connection: 'offline', online: null }),
  initial: 'offline',
  states: {
    offline: {
      on: {
        'session.changed': {
          guard: 'isLoggedIn',
          target: 'online',
          actions: [
            { type: 'assignMember', params: ({ event }) => ({ memberId: event.memberId, trial: event.loginState === 'trial' }) },
            'forgetMemberData',
          ],
        },
      },
    },
    online: {
      exit: ['stopOnline', { type: 'assignConnection', params: { state: 'offline' } }],
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadOnline',
            onDone: {
              target: 'running',
              actions: assign({
                online: ({ context, event, spawn }) =>
                  spawn(event.output, { systemId: SYSTEM_IDS.online, input: { bus: context.bus, trial: context.trial } }),
              }),
            },
            onError: 'unavailable',
          },
        },
        running: {},
        /** The online part did not load (offline, a failed deploy): the session goes on without live data until it does. */
        unavailable: { after: { [ONLINE_RELOAD_DELAY_MS]: 'loading' } },
      },
      on: {
        'session.changed': [
          {
            guard: not('isLoggedIn'),
            target: 'offline',
            actions: [{ type: 'assignMember', params: { memberId: null, trial: false } }, 'forgetMemberData'],
          },
          {
            // Another member (a new login without a logout between) starts afresh; the same one stays.
            guard: 'isAnotherMember',
            target: 'online',
            reenter: true,
            actions: [
              { type: 'assignMember', params: ({ event }) => ({ memberId: event.memberId, trial: event.loginState === 'trial' }) },
              'forgetMemberData',
            ],
          },
        ],
        'server.connectionChanged': { actions: { type: 'assignConnection', params: ({ event }) => ({ state: event.state }) } },
      },
    },
  },
});

export type LiveMachine = typeof liveMachine;
