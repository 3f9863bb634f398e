import { and, assign, not, or, setup, stateIn } from 'xstate';
import { PROOF_MAX_BYTES, PROOF_MAX_COUNT, type WithdrawalOrder } from '@shared/contract/wallet-payments';
import { busEvents } from '../app/bus-bridge';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';
import {
  DEFAULT_AUTO_RECEIVE_MINUTES,
  PROOF_TYPES,
  REMARK_MAX_LENGTH,
  type ConfirmWithdrawalInput,
  type DisputeIssue,
  type ProofCandidate,
  type ProofRejection,
  type WithdrawalConfirmationContext,
  type WithdrawalConfirmationEvent,
  type WithdrawalConfirmationInput,
  type WithdrawalConfirmationTag,
} from './withdrawal-confirmation.types';

const MS_PER_MINUTE = 60_000;
const toCents = (amount: number) => Math.round(amount * 100);

/** Splits picked files into the accepted ones and the refused ones, each with its reason. */
export const screenProofs = (kept: readonly ProofCandidate[], picked: readonly ProofCandidate[]) => {
  const accepted: ProofCandidate[] = [];
  const rejections: ProofRejection[] = [];
  for (const file of picked) {
    if (!(PROOF_TYPES as readonly string[]).includes(file.type)) rejections.push({ name: file.name, reason: 'type' });
    else if (file.size > PROOF_MAX_BYTES) rejections.push({ name: file.name, reason: 'size' });
    else if (kept.length + accepted.length >= PROOF_MAX_COUNT) rejections.push({ name: file.name, reason: 'count' });
    else accepted.push(file);
  }
  return { accepted, rejections };
};

/** What stops a not-received answer: no proof, an amount that is not below the withdrawal, a long remark. */
export const disputeIssue = (
  withdrawal: { amount: number },
  proofs: readonly ProofCandidate[],
  receivedAmount: number | null,
  remark: string,
): DisputeIssue | null => {
  if (proofs.length === 0) return 'proofRequired';
  const received = receivedAmount ?? 0;
  const hasCentsOnly = Math.abs(received * 100 - toCents(received)) < 1e-6;
  if (!Number.isFinite(received) || received < 0 || !hasCentsOnly || toCents(received) >= toCents(withdrawal.amount)) return 'receivedAmount';
  if (remark.trim().length > REMARK_MAX_LENGTH) return 'remarkTooLong';
  return null;
};

const isMatchingResult = (context: WithdrawalConfirmationContext, payload: { withdrawalId: string }) =>
  payload.withdrawalId === context.withdrawal.withdrawalId;

/**
 * Confirming a disbursed withdrawal (WALLET-12 to WALLET-16): the player confirms it received, or
 * not received with 1 to 3 proof images (png or jpg, at most 5 MB each) and what did arrive. With
 * no answer within the configured minutes (15 by default) it counts as received, and that forced
 * receipt is final. A receipt the server made meanwhile (pushed as `withdrawal:result`) ends it too.
 */
export const withdrawalConfirmationMachine = setup({
  types: {} as {
    context: WithdrawalConfirmationContext;
    events: WithdrawalConfirmationEvent;
    input: WithdrawalConfirmationInput;
    tags: WithdrawalConfirmationTag;
  },
  actors: {
    confirmWithdrawal: mustProvideActor<WithdrawalOrder, ConfirmWithdrawalInput>('confirmWithdrawal'),
    withdrawalEvents: busEvents('withdrawal:result'),
  },
  delays: {
    autoReceive: ({ context }) => context.autoReceiveMs,
  },
  guards: {
    isForcedReceipt: ({ context }) => context.withdrawal.confirmation?.forced === true,
    isReceived: ({ context }) => context.withdrawal.status === 'RECEIVED',
    isNotReceived: ({ context }) => context.withdrawal.status === 'NOT_RECEIVED',
    isDisbursed: ({ context }) => context.withdrawal.status === 'DISBURSED',
    isSubmitting: or([stateIn({ answering: { answer: 'submittingReceived' } }), stateIn({ answering: { answer: 'submittingNotReceived' } })]),
    isDeadlinePassed: stateIn({ answering: { deadline: 'passed' } }),
    /** The server settled this withdrawal as received without the player: the auto-receipt. */
    isServerReceipt: ({ context, event }) =>
      event.type === 'server.withdrawalResult' && isMatchingResult(context, event.payload) && event.payload.status === 'RECEIVED',
    /** INVALID_STATE: the withdrawal is no longer waiting for an answer (the auto-receipt came first). */
    isAlreadySettled: (_, params: { error: FlowError }) => params.error.code === 'INVALID_STATE',
    hasDisputeIssue: ({ context, event }) =>
      event.type === 'dispute.submit' && disputeIssue(context.withdrawal, context.proofs, event.receivedAmount, event.remark) !== null,
  },
  actions: {
    addProofs: assign(({ context }, params: { files: ProofCandidate[] }) => {
      const { accepted, rejections } = screenProofs(context.proofs, params.files);
      return { proofs: [...context.proofs, ...accepted], rejections, issue: null };
    }),
    removeProof: assign(({ context }, params: { id: string }) => ({
      proofs: context.proofs.filter((proof) => proof.id !== params.id),
      rejections: [],
    })),
    assignDisputeIssue: assign(({ context }, params: { receivedAmount: number | null; remark: string }) => ({
      issue: disputeIssue(context.withdrawal, context.proofs, params.receivedAmount, params.remark),
    })),
    assignDispute: assign((_, params: { receivedAmount: number | null; remark: string }) => ({
      receivedAmount: params.receivedAmount ?? 0,
      remark: params.remark.trim(),
      issue: null,
      error: null,
    })),
    clearDispute: assign({ proofs: [], rejections: [], issue: null, error: null }),
    clearError: assign({ error: null }),
    assignResult: assign((_, params: { order: WithdrawalOrder }) => ({ result: params.order, withdrawal: params.order, error: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'withdrawalConfirmation',
  context: ({ input }) => {
    const minutes = input.autoReceiveMinutes ?? DEFAULT_AUTO_RECEIVE_MINUTES;
    return {
      bus: input.bus,
      withdrawal: input.withdrawal,
      autoReceiveMs: Math.max(0, minutes * MS_PER_MINUTE - (input.elapsedMs ?? 0)),
      proofs: [],
      rejections: [],
      issue: null,
      receivedAmount: 0,
      remark: '',
      error: null,
      result: null,
    };
  },
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'isForcedReceipt', target: 'autoReceived' },
        { guard: 'isReceived', target: 'received' },
        { guard: 'isNotReceived', target: 'notReceived' },
        { guard: 'isDisbursed', target: 'answering' },
        { target: 'notDisbursed' },
      ],
    },
    answering: {
      type: 'parallel',
      tags: 'answering',
      invoke: { id: 'withdrawalEvents', src: 'withdrawalEvents', input: ({ context }) => ({ bus: context.bus }) },
      on: {
        // While the player's own answer is on its way, the push is that answer's echo: its reply decides.
        'server.withdrawalResult': { guard: and(['isServerReceipt', not('isSubmitting')]), target: 'autoReceived' },
      },
      states: {
        /** The auto-receive clock (WALLET-15): an answer already on its way is let through. */
        deadline: {
          initial: 'running',
          states: {
            running: {
              after: {
                autoReceive: [{ guard: 'isSubmitting', target: 'passed' }, { target: '#withdrawalConfirmation.autoReceived' }],
              },
            },
            passed: {},
          },
        },
        answer: {
          initial: 'choosing',
          states: {
            choosing: {
              on: {
                'receipt.confirm': { target: 'submittingReceived', actions: 'clearError' },
                'receipt.dispute': { target: 'disputing', actions: 'clearError' },
              },
            },
            disputing: {
              on: {
                'proof.add': { actions: { type: 'addProofs', params: ({ event }) => ({ files: event.files }) } },
                'proof.remove': { actions: { type: 'removeProof', params: ({ event }) => ({ id: event.id }) } },
                'dispute.cancel': { target: 'choosing', actions: 'clearDispute' },
                'dispute.submit': [
                  {
                    guard: 'hasDisputeIssue',
                    actions: { type: 'assignDisputeIssue', params: ({ event }) => ({ receivedAmount: event.receivedAmount, remark: event.remark }) },
                  },
                  {
                    target: 'submittingNotReceived',
                    actions: { type: 'assignDispute', params: ({ event }) => ({ receivedAmount: event.receivedAmount, remark: event.remark }) },
                  },
                ],
              },
            },
            submittingReceived: {
              tags: 'loading',
              invoke: {
                id: 'confirmReceived',
                src: 'confirmWithdrawal',
                input: ({ context }) => ({ withdrawalId: context.withdrawal.withdrawalId, outcome: 'RECEIVED', proofs: [] }),
                onDone: { target: '#withdrawalConfirmation.received', actions: { type: 'assignResult', params: ({ event }) => ({ order: event.output }) } },
                onError: [
                  {
                    guard: { type: 'isAlreadySettled', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                    target: '#withdrawalConfirmation.autoReceived',
                  },
                  {
                    guard: 'isDeadlinePassed',
                    target: '#withdrawalConfirmation.autoReceived',
                  },
                  {
                    target: '#withdrawalConfirmation.answering.answer.choosing',
                    actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                  },
                ],
              },
            },
            submittingNotReceived: {
              tags: 'loading',
              invoke: {
                id: 'confirmNotReceived',
                src: 'confirmWithdrawal',
                input: ({ context }) => ({
                  withdrawalId: context.withdrawal.withdrawalId,
                  outcome: 'NOT_RECEIVED',
                  receivedAmount: context.receivedAmount,
                  ...(context.remark ? { remark: context.remark } : {}),
                  proofs: context.proofs,
                }),
                onDone: {
                  target: '#withdrawalConfirmation.notReceived',
                  actions: { type: 'assignResult', params: ({ event }) => ({ order: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'isAlreadySettled', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                    target: '#withdrawalConfirmation.autoReceived',
                  },
                  {
                    guard: 'isDeadlinePassed',
                    target: '#withdrawalConfirmation.autoReceived',
                  },
                  {
                    target: '#withdrawalConfirmation.answering.answer.disputing',
                    actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
                  },
                ],
              },
            },
          },
        },
      },
    },
    /** The player confirmed it received. */
    received: { type: 'final' },
    /** The player reported it not (fully) received, with proof: an operator looks into it. */
    notReceived: { type: 'final' },
    /** WALLET-15, WALLET-16: counted as received without an answer; final, nothing is refunded. */
    autoReceived: { type: 'final' },
    /** Not paid out yet, or refused: there is nothing to confirm. */
    notDisbursed: { type: 'final' },
  },
});

export type WithdrawalConfirmationMachine = typeof withdrawalConfirmationMachine;
