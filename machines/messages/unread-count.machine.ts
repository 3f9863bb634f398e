import { assign, setup } from 'xstate';
import { busEvents, resyncEvents, type BusResyncedEvent, type BusStreams, type ServerMachineEvent } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';

export interface UnreadCountInput {
  bus: BusStreams;
  /** Trial accounts have no messages: the unread call is skipped (MSG-10). */
  trial: boolean;
}

export interface UnreadCountContext {
  bus: BusStreams;
  trial: boolean;
  unreadMessage: number;
  error: FlowError | null;
}

export type UnreadCountEvent =
  /** A view learnt the count from another answer (marking messages read returns it). */
  | { type: 'unread.set'; unreadMessage: number }
  | ServerMachineEvent<'unread:count'>
  | BusResyncedEvent;

/**
 * The unread message count of the notice bell and the messageV2 badge (MSG-07, MEMBER-04):
 * loaded from CSP_unreadCount (never for a trial account, MSG-10), then kept current by the bus's
 * `unread:count` pushes and loaded again after a reconnect.
 */
export const unreadCountMachine = setup({
  types: {} as { context: UnreadCountContext; events: UnreadCountEvent; input: UnreadCountInput },
  actors: {
    fetchUnreadCount: mustProvideActor<{ unreadMessage: number }>('fetchUnreadCount'),
    unreadEvents: busEvents('unread:count'),
    resyncEvents,
  },
  actions: {
    assignCount: assign((_, params: { unreadMessage: number }) => ({ unreadMessage: params.unreadMessage, error: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
  guards: {
    isTrial: ({ context }) => context.trial,
  },
}).createMachine({
  id: 'unreadCount',
  context: ({ input }) => ({ bus: input.bus, trial: input.trial, unreadMessage: 0, error: null }),
  initial: 'routing',
  states: {
    routing: { always: [{ guard: 'isTrial', target: 'skipped' }, { target: 'live' }] },
    /** MSG-10: no call, no listening; the count stays 0. */
    skipped: { type: 'final' },
    live: {
      invoke: [
        { id: 'unreadEvents', src: 'unreadEvents', input: ({ context }) => ({ bus: context.bus }) },
        { id: 'resyncEvents', src: 'resyncEvents', input: ({ context }) => ({ bus: context.bus }) },
      ],
      on: {
        'server.unreadCount': {
          actions: { type: 'assignCount', params: ({ event }) => ({ unreadMessage: event.payload.unreadMessage }) },
        },
        'unread.set': {
          actions: { type: 'assignCount', params: ({ event }) => ({ unreadMessage: event.unreadMessage }) },
        },
      },
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchUnreadCount',
            src: 'fetchUnreadCount',
            onDone: {
              target: 'ready',
              actions: { type: 'assignCount', params: ({ event }) => ({ unreadMessage: event.output.unreadMessage }) },
            },
            onError: { target: 'ready', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
          },
        },
        ready: { on: { 'server.busResynced': 'fetching' } },
      },
    },
  },
});

export type UnreadCountMachine = typeof unreadCountMachine;
