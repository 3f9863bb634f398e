import { assign, setup } from 'xstate';
import { resyncEvents, type BusResyncedEvent, type BusStreams } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';

export interface MissionCountInput {
  bus: BusStreams;
  /** Trial accounts claim nothing: the summary call is skipped and the count stays 0. */
  trial: boolean;
}

export interface MissionCountContext {
  bus: BusStreams;
  trial: boolean;
  claimableRewards: number;
  error: FlowError | null;
}

export type MissionCountEvent =
  /** A view learnt the count from another answer (the missions page's summary, or after a claim). */
  | { type: 'missionCount.set'; claimableRewards: number }
  | BusResyncedEvent;

/**
 * The claimable mission rewards of the missionLeaderboard badge (MEMBER-04), fed as the messageV2
 * badge's unread count is: loaded from MSN_missionSummary (API-54) when a real member's session goes
 * online (never for a trial account), loaded again after a reconnect, and set by the missions page
 * whenever it reads the summary or takes a reward.
 */
export const missionCountMachine = setup({
  types: {} as { context: MissionCountContext; events: MissionCountEvent; input: MissionCountInput },
  actors: {
    fetchMissionSummary: mustProvideActor<{ claimableRewards: number }>('fetchMissionSummary'),
    resyncEvents,
  },
  actions: {
    assignCount: assign((_, params: { claimableRewards: number }) => ({ claimableRewards: params.claimableRewards, error: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
  guards: {
    isTrial: ({ context }) => context.trial,
  },
}).createMachine({
  id: 'missionCount',
  context: ({ input }) => ({ bus: input.bus, trial: input.trial, claimableRewards: 0, error: null }),
  initial: 'routing',
  states: {
    routing: { always: [{ guard: 'isTrial', target: 'skipped' }, { target: 'live' }] },
    skipped: { type: 'final' },
    live: {
      invoke: { id: 'resyncEvents', src: 'resyncEvents', input: ({ context }) => ({ bus: context.bus }) },
      on: {
        'missionCount.set': { actions: { type: 'assignCount', params: ({ event }) => ({ claimableRewards: event.claimableRewards }) } },
      },
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchMissionSummary',
            src: 'fetchMissionSummary',
            onDone: { target: 'ready', actions: { type: 'assignCount', params: ({ event }) => ({ claimableRewards: event.output.claimableRewards }) } },
            onError: { target: 'ready', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
          },
        },
        ready: { on: { 'server.busResynced': 'fetching' } },
      },
    },
  },
});

export type MissionCountMachine = typeof missionCountMachine;
