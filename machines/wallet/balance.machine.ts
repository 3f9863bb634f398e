import { assign, setup } from 'xstate';
import type { Balance } from '@shared/contract/wallet';
import { busEvents, resyncEvents, type BusInput, type BusResyncedEvent, type BusStreams, type ServerMachineEvent } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';

export interface BalanceContext {
  bus: BusStreams;
  balance: number | null;
  currencySymbol: string | null;
  /** A push arrived while a fetch was under way: the fetch's answer may be older, so the push wins. */
  pushedDuringFetch: boolean;
  error: FlowError | null;
}

export type BalanceEvent =
  /** The refresh action of the balance pill (WALLET-03). */
  | { type: 'balance.refresh' }
  | ServerMachineEvent<'balance:updated'>
  | BusResyncedEvent;

export type BalanceTag = 'loading';

/**
 * The member's main balance while a session lives: fetched once, then kept current by the bus's
 * `balance:updated` pushes (no polling), fetched again after a reconnect (`resynced$`) and on the
 * refresh action (WALLET-03). The header reads it through balance.selectors.ts.
 */
export const balanceMachine = setup({
  types: {} as { context: BalanceContext; events: BalanceEvent; input: BusInput; tags: BalanceTag },
  actors: {
    fetchBalance: mustProvideActor<Balance>('fetchBalance'),
    balanceEvents: busEvents('balance:updated'),
    resyncEvents,
  },
  actions: {
    assignFetched: assign(({ context }, params: { fetched: Balance }) =>
      context.pushedDuringFetch
        ? { currencySymbol: params.fetched.currencySymbol, error: null }
        : { balance: params.fetched.balance, currencySymbol: params.fetched.currencySymbol, error: null },
    ),
    assignPushed: assign((_, params: { balance: number }) => ({ balance: params.balance })),
    markPushedDuringFetch: assign({ pushedDuringFetch: true }),
    startFetch: assign({ pushedDuringFetch: false }),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'balance',
  context: ({ input }) => ({ bus: input.bus, balance: null, currencySymbol: null, pushedDuringFetch: false, error: null }),
  invoke: [
    { id: 'balanceEvents', src: 'balanceEvents', input: ({ context }) => ({ bus: context.bus }) },
    { id: 'resyncEvents', src: 'resyncEvents', input: ({ context }) => ({ bus: context.bus }) },
  ],
  initial: 'fetching',
  on: {
    'server.balanceUpdated': {
      actions: { type: 'assignPushed', params: ({ event }) => ({ balance: event.payload.balance }) },
    },
  },
  states: {
    fetching: {
      tags: 'loading',
      entry: 'startFetch',
      on: {
        'server.balanceUpdated': {
          actions: ['markPushedDuringFetch', { type: 'assignPushed', params: ({ event }) => ({ balance: event.payload.balance }) }],
        },
      },
      invoke: {
        id: 'fetchBalance',
        src: 'fetchBalance',
        onDone: { target: 'ready', actions: { type: 'assignFetched', params: ({ event }) => ({ fetched: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    ready: {
      on: { 'balance.refresh': 'fetching', 'server.busResynced': 'fetching' },
    },
    /** The last known balance stays on screen; the refresh action or a reconnect tries again. */
    failed: {
      on: { 'balance.refresh': 'fetching', 'server.busResynced': 'fetching' },
    },
  },
});

export type BalanceMachine = typeof balanceMachine;
