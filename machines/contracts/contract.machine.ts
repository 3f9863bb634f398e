import { and, assign, not, setup, stateIn } from 'xstate';
import type { Contract, ContractAnswer, ContractKind, ContractOffer } from '@shared/contract/contracts';
import { busEvents } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';
import type { AnswerContractInput, ContractContext, ContractEvent, ContractInput, ContractTag, OfferContractInput } from './contract.types';

/** The longest timer a JavaScript runtime keeps (about 24.8 days); a later deadline is waited for in such steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const deadlineOf = (context: ContractContext): number => Date.parse(context.contract?.answerBy ?? '');


/**
 * One contract, from the upline's or the downline's side (docs/contracts.md, Lifecycle; AGENT-18):
 * the upline offers; the downline accepts or rejects; the upline may withdraw its offer; either
 * asks to end it in force and the other confirms or refuses; an unanswered offer expires, and an
 * unanswered termination request takes effect, at the server's deadline (`answerBy`). What the
 * other side does arrives as `contract:changed` on the bus. The tags `can:<action>` are the
 * actions the view offers; `loading` while the server answers.
 */
export const contractMachine = setup({
  types: {} as { context: ContractContext; events: ContractEvent; input: ContractInput; tags: ContractTag },
  actors: {
    offerContract: mustProvideActor<Contract, OfferContractInput>('offerContract'),
    answerContract: mustProvideActor<Contract, AnswerContractInput>('answerContract'),
    /** Reads the contract again, after the server refused an answer because the contract changed meanwhile. */
    loadContract: mustProvideActor<Contract, { kind: ContractKind; contractId: string }>('loadContract'),
    contractEvents: busEvents('contract:changed'),
  },
  delays: {
    answerDeadline: ({ context }) => {
      const left = deadlineOf(context) - context.now();
      return Number.isFinite(left) ? Math.min(MAX_TIMER_MS, Math.max(0, left)) : MAX_TIMER_MS;
    },
  },
  guards: {
    isDraft: ({ context }) => context.contract === null,
    isOffered: ({ context }) => context.contract?.status === 'requested',
    isInForce: ({ context }) => context.contract?.status === 'valid',
    isTerminationRequested: ({ context }) => context.contract?.status === 'terminationRequested',
    isRejected: ({ context }) => context.contract?.status === 'rejected',
    isExpired: ({ context }) => context.contract?.status === 'expired',
    isUpline: ({ context }) => context.role === 'UPLINE',
    isRequestedByMe: ({ context }) => context.contract?.terminationRequestedBy === context.role,
    isPastDeadline: ({ context }) => context.now() >= deadlineOf(context),
    isThisContract: ({ context, event }) => event.type === 'server.contractChanged' && event.payload.contract.contractId === context.contract?.contractId,
    /** The server no longer takes this answer: the contract changed (or ended) meanwhile. */
    isStale: (_, params: { error: FlowError }) => params.error.code === 'INVALID_STATE' || params.error.code === 'FORBIDDEN' || params.error.code === 'CONTRACT_LIMIT',
  },
  actions: {
    assignDraft: assign((_, params: { offer: ContractOffer }) => ({ draft: params.offer, error: null })),
    assignAnswer: assign((_, params: { answer: ContractAnswer }) => ({ answer: params.answer, error: null })),
    assignContract: assign((_, params: { contract: Contract }) => ({ contract: params.contract, draft: null, answer: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, draft: null, answer: null })),
    /** The deadline passed with no answer: the contract ends as the server's expiry job ends it. */
    assignDeadlineEnd: assign(({ context }) => {
      if (!context.contract) return {};
      const expired = context.contract.status === 'requested';
      return {
        contract: {
          ...context.contract,
          status: expired ? ('expired' as const) : ('terminated' as const),
          endReason: expired ? ('OFFER_EXPIRED' as const) : ('TERMINATION_UNANSWERED' as const),
          endedAt: context.contract.answerBy,
          answerBy: null,
          terminationRequestedBy: null,
          action: null,
        },
      };
    }),
  },
}).createMachine({
  id: 'contract',
  context: ({ input }) => ({
    role: input.role,
    contract: input.contract,
    memberId: input.memberId ?? null,
    bus: input.bus,
    now: input.now,
    draft: null,
    answer: null,
    error: null,
  }),
  invoke: { id: 'contractEvents', src: 'contractEvents', input: ({ context }) => ({ bus: context.bus }) },
  on: {
    // While this side's own request is on its way, a push is its echo: the reply decides.
    'server.contractChanged': {
      guard: and(['isThisContract', not(stateIn('answering')), not(stateIn('refreshing'))]),
      target: '.routing',
      actions: { type: 'assignContract', params: ({ event }) => ({ contract: event.payload.contract }) },
    },
  },
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'isDraft', target: 'drafting' },
        { guard: 'isOffered', target: 'offered' },
        { guard: 'isInForce', target: 'inForce' },
        { guard: 'isTerminationRequested', target: 'terminationRequested' },
        { guard: 'isRejected', target: 'rejected' },
        { guard: 'isExpired', target: 'expired' },
        { target: 'terminated' },
      ],
    },
    /** The upline fills in the terms for its direct member. */
    drafting: {
      tags: 'can:offer',
      on: { 'offer.submit': { target: 'offering', actions: { type: 'assignDraft', params: ({ event }) => ({ offer: event.offer }) } } },
    },
    offering: {
      tags: 'loading',
      invoke: {
        id: 'offerContract',
        src: 'offerContract',
        input: ({ context }) => ({ memberId: context.memberId ?? 0, offer: context.draft! }),
        onDone: { target: 'routing', actions: { type: 'assignContract', params: ({ event }) => ({ contract: event.output }) } },
        onError: { target: 'drafting', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    /** Offered, waiting for the downline until the deadline. */
    offered: {
      initial: 'routing',
      after: { answerDeadline: [{ guard: 'isPastDeadline', target: 'expired', actions: 'assignDeadlineEnd' }, { target: 'offered', reenter: true }] },
      states: {
        routing: { always: [{ guard: 'isUpline', target: 'awaitingHolder' }, { target: 'awaitingMyAnswer' }] },
        /** The upline's view: the offer waits for the member; the upline may withdraw it. */
        awaitingHolder: {
          tags: 'can:withdraw',
          on: { 'contract.withdraw': { target: '#contract.answering', actions: { type: 'assignAnswer', params: { answer: 'C' } } } },
        },
        /** The downline's view: accept or reject. */
        awaitingMyAnswer: {
          tags: ['can:accept', 'can:reject'],
          on: {
            'contract.accept': { target: '#contract.answering', actions: { type: 'assignAnswer', params: { answer: 'A' } } },
            'contract.reject': { target: '#contract.answering', actions: { type: 'assignAnswer', params: { answer: 'R' } } },
          },
        },
      },
    },
    inForce: {
      tags: 'can:requestTermination',
      on: { 'termination.request': { target: 'answering', actions: { type: 'assignAnswer', params: { answer: 'C' } } } },
    },
    /** In force, one side asked to end it: it ends when the other side confirms, or at the deadline. */
    terminationRequested: {
      initial: 'routing',
      after: {
        answerDeadline: [{ guard: 'isPastDeadline', target: 'terminated', actions: 'assignDeadlineEnd' }, { target: 'terminationRequested', reenter: true }],
      },
      states: {
        routing: { always: [{ guard: 'isRequestedByMe', target: 'awaitingOtherSide' }, { target: 'awaitingMyAnswer' }] },
        awaitingOtherSide: {},
        awaitingMyAnswer: {
          tags: ['can:confirmTermination', 'can:refuseTermination'],
          on: {
            'termination.confirm': { target: '#contract.answering', actions: { type: 'assignAnswer', params: { answer: 'C' } } },
            'termination.refuse': { target: '#contract.answering', actions: { type: 'assignAnswer', params: { answer: 'R' } } },
          },
        },
      },
    },
    answering: {
      tags: 'loading',
      invoke: {
        id: 'answerContract',
        src: 'answerContract',
        input: ({ context }) => ({ kind: context.contract!.kind, contractId: context.contract!.contractId, status: context.answer!, answering: context.contract!.status }),
        onDone: { target: 'routing', actions: { type: 'assignContract', params: ({ event }) => ({ contract: event.output }) } },
        onError: [
          {
            guard: { type: 'isStale', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'refreshing',
            actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
          },
          { target: 'routing', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
        ],
      },
    },
    /** The answer came too late: the contract as it is now, with the refusal kept for the view. */
    refreshing: {
      tags: 'loading',
      invoke: {
        id: 'loadContract',
        src: 'loadContract',
        input: ({ context }) => ({ kind: context.contract!.kind, contractId: context.contract!.contractId }),
        onDone: { target: 'routing', actions: { type: 'assignContract', params: ({ event }) => ({ contract: event.output }) } },
        onError: { target: 'routing' },
      },
    },
    rejected: { type: 'final' },
    terminated: { type: 'final' },
    expired: { type: 'final' },
  },
});

export type ContractMachine = typeof contractMachine;
