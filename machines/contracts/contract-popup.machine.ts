import { assign, setup } from 'xstate';
import type { Contract, ContractAnswer } from '@shared/contract/contracts';
import type { ServerEventPayload } from '@shared/contract/socket';
import { busEvents, resyncEvents } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';
import type { AnswerContractInput } from './contract.types';
import type { ContractPopupContext, ContractPopupEvent, ContractPopupInput, ContractPopupTag, GoneAnswer } from './contract-popup.types';

type ContractChanged = ServerEventPayload<'contract:changed'>;

const isQueued = (context: ContractPopupContext, payload: ContractChanged) => context.queue.some((c) => c.contractId === payload.contract.contractId);

/**
 * The contract popup (AGENT-20, SHELL-24): while a member is logged in, the contracts that wait for
 * its answer (the processing calls, API-44..47) are shown one at a time, the first right after
 * login and any other the moment it arrives live (`contract:changed` asking for an answer). The
 * member accepts or rejects an offer, or confirms or refuses a termination its counterpart asked
 * for. A contract that stops waiting meanwhile (withdrawn, expired, answered elsewhere) leaves the
 * queue; an answer the server no longer takes drops it, and the member is told why even when that
 * closes the popup.
 */
export const contractPopupMachine = setup({
  types: {} as { context: ContractPopupContext; events: ContractPopupEvent; input: ContractPopupInput; tags: ContractPopupTag },
  actors: {
    /** Every contract waiting for the member, all kinds (the consolidated info, then the processing calls it names). */
    loadPendingContracts: mustProvideActor<Contract[]>('loadPendingContracts'),
    answerContract: mustProvideActor<Contract, AnswerContractInput>('answerContract'),
    contractEvents: busEvents('contract:changed'),
    resyncEvents,
  },
  guards: {
    hasPending: ({ context }) => context.queue.length > 0,
    /** A push that asks this member for an answer the popup does not hold yet. */
    isNewRequest: ({ context, event }) => event.type === 'server.contractChanged' && event.payload.contract.action !== null && !isQueued(context, event.payload),
    /** A push about a shown contract that no longer waits for this member. */
    isSettledElsewhere: ({ context, event }) => event.type === 'server.contractChanged' && event.payload.contract.action === null && isQueued(context, event.payload),
    isStale: (_, params: { error: FlowError }) => ['INVALID_STATE', 'FORBIDDEN', 'CONTRACT_LIMIT'].includes(params.error.code),
  },
  actions: {
    /** Tells the member that the answer found the contract no longer waiting, with the server's reason (the popup may have closed on it). */
    announceGone: mustProvideAction<GoneAnswer>('announceGone'),
    /** A fresh look at what waits: an error about an earlier contract no longer applies. */
    assignQueue: assign((_, params: { contracts: Contract[] }) => ({ queue: params.contracts, error: null })),
    assignAnswer: assign(({ context }, params: { yes: boolean }) => {
      const shown = context.queue[0];
      const answer: ContractAnswer = !params.yes ? 'R' : shown?.action === 'TERMINATE' ? 'C' : 'A';
      return { answer, error: null };
    }),
    dropShown: assign(({ context }) => ({ queue: context.queue.slice(1), answer: null })),
    dropSettled: assign(({ context, event }) => ({
      queue: event.type === 'server.contractChanged' ? context.queue.filter((c) => c.contractId !== event.payload.contract.contractId) : context.queue,
    })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, answer: null })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'contractPopup',
  context: ({ input }) => ({ bus: input.bus, queue: [], answer: null, error: null }),
  invoke: [
    { id: 'contractEvents', src: 'contractEvents', input: ({ context }) => ({ bus: context.bus }) },
    { id: 'resyncEvents', src: 'resyncEvents', input: ({ context }) => ({ bus: context.bus }) },
  ],
  initial: 'loading',
  states: {
    /** Right after login, and whenever something new may wait. */
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadPendingContracts',
        src: 'loadPendingContracts',
        onDone: { target: 'routing', actions: { type: 'assignQueue', params: ({ event }) => ({ contracts: event.output }) } },
        onError: { target: 'closed', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    routing: { always: [{ guard: 'hasPending', target: 'presenting' }, { target: 'closed' }] },
    /** Nothing shown: nothing waits, or the member closed the popup; a new request or a reconnect looks again. */
    closed: {
      on: {
        'server.contractChanged': [{ guard: 'isNewRequest', target: 'loading' }, { guard: 'isSettledElsewhere', actions: 'dropSettled' }],
        'server.busResynced': 'loading',
      },
    },
    presenting: {
      tags: 'popup',
      on: {
        'contract.accept': { target: 'answering', actions: { type: 'assignAnswer', params: { yes: true } } },
        'contract.reject': { target: 'answering', actions: { type: 'assignAnswer', params: { yes: false } } },
        'popup.dismiss': { target: 'closed', actions: 'clearError' },
        'server.contractChanged': [
          { guard: 'isSettledElsewhere', target: 'routing', actions: 'dropSettled' },
          { guard: 'isNewRequest', target: 'loading' },
        ],
        'server.busResynced': 'loading',
      },
    },
    answering: {
      tags: ['popup', 'loading'],
      invoke: {
        id: 'answerContract',
        src: 'answerContract',
        input: ({ context }) => ({ kind: context.queue[0]!.kind, contractId: context.queue[0]!.contractId, status: context.answer!, answering: context.queue[0]!.status }),
        onDone: { target: 'routing', actions: 'dropShown' },
        onError: [
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'routing',
            actions: [
              // Named before dropShown takes the contract out of the queue.
              {
                type: 'announceGone',
                params: ({ context, event }) => ({ question: context.queue[0]?.action === 'TERMINATE' ? 'termination' : 'offer', error: toFlowError(event.error) }),
              },
              // The toast says why; the next contract waiting is shown without this one's error.
              'dropShown',
            ],
          },
          { target: 'presenting', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
        ],
      },
    },
  },
});

export type ContractPopupMachine = typeof contractPopupMachine;
