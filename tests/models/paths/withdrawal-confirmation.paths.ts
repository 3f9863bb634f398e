import type { SnapshotFrom } from 'xstate';
import type { BusStreams } from '@machines/app/bus-bridge';
import { withdrawalConfirmationMachine } from '@machines/wallet/withdrawal-confirmation.machine';
import type { ProofCandidate } from '@machines/wallet/withdrawal-confirmation.types';
import { PROOF_MAX_BYTES } from '@shared/contract/wallet-payments';
import { withdrawalOrder, withdrawalResult } from '../../helpers/money-fixtures';
import { actorDone, actorError, definePaths, pushEvent, userEvent } from '../machine-paths';

type ConfirmationSnapshot = SnapshotFrom<typeof withdrawalConfirmationMachine>;

/** The files a player may pick as proof; the machine sees their name, type and size. */
export const PROOF_FILES = {
  png: { id: 'proof-1', name: 'slip.png', type: 'image/png', size: 1024, source: null },
  pdf: { id: 'proof-2', name: 'slip.pdf', type: 'application/pdf', size: 1024, source: null },
  oversize: { id: 'proof-3', name: 'huge.png', type: 'image/png', size: PROOF_MAX_BYTES + 1, source: null },
} satisfies Record<string, ProofCandidate>;

const disbursed = withdrawalOrder();
const contextOf = (snapshot: unknown) => (snapshot as ConfirmationSnapshot).context;
/** Nothing refused, no issue, no error: where a tester picks a wrong file, cancels or hears of the auto-receipt. */
const clean = (snapshot: unknown) => {
  const context = contextOf(snapshot);
  return context.rejections.length === 0 && context.issue === null && context.error === null;
};
const proofCount = (snapshot: unknown) => contextOf(snapshot).proofs.length;

/**
 * Confirming a paid-out withdrawal (WALLET-12..WALLET-16): received, or not received with 1 to 3
 * png or jpg proofs, or counted as received when the server's auto-receipt comes first. The
 * 15-minute timer of the page itself is left to the actor-level tests; the server's auto-receipt
 * is the push.
 */
export const withdrawalConfirmationPaths = definePaths({
  name: 'withdrawal-confirmation',
  title: 'Withdrawal confirmation: received, not received with proof, auto-received',
  machine: withdrawalConfirmationMachine,
  // The machine reads no stream while it is walked: the bus only feeds the invoked listener.
  input: { withdrawal: disbursed, bus: {} as BusStreams, autoReceiveMinutes: 15 },
  delays: [],
  choices: [
    userEvent({ type: 'receipt.confirm' }),
    userEvent({ type: 'receipt.dispute' }),
    userEvent({ type: 'dispute.cancel' }, '', { when: (snapshot) => clean(snapshot) && proofCount(snapshot) === 0 }),
    // A fourth image is refused for the count (PROOF_MAX_COUNT 3).
    userEvent({ type: 'proof.add', files: [PROOF_FILES.png] }, 'png', { when: (snapshot) => contextOf(snapshot).rejections.length === 0 }),
    userEvent({ type: 'proof.add', files: [PROOF_FILES.pdf] }, 'pdf', { when: (snapshot) => clean(snapshot) && proofCount(snapshot) === 0 }),
    userEvent({ type: 'proof.add', files: [PROOF_FILES.oversize] }, 'oversize', { when: (snapshot) => clean(snapshot) && proofCount(snapshot) === 0 }),
    // Sent with one proof; two and three are only counted (the server takes up to three alike).
    userEvent({ type: 'dispute.submit', receivedAmount: null, remark: '' }, 'nothing arrived', {
      when: (snapshot) => clean(snapshot) && proofCount(snapshot) <= 1,
    }),
    pushEvent({ type: 'server.withdrawalResult', payload: withdrawalResult({ withdrawalId: disbursed.withdrawalId }) }, 'auto-received', {
      when: (snapshot) => (snapshot as ConfirmationSnapshot).hasTag('answering') && clean(snapshot) && proofCount(snapshot) === 0,
    }),
    actorDone('confirmReceived', { ...disbursed, status: 'RECEIVED' }, 'received'),
    actorDone('confirmNotReceived', { ...disbursed, status: 'NOT_RECEIVED' }, 'not received'),
    actorError('confirmNotReceived', { code: 'PROOF_INVALID' }, 'PROOF_INVALID'),
  ],
  screen: (snapshot) => ({
    proofs: snapshot.context.proofs.length,
    'refused file': snapshot.context.rejections.map((rejection) => rejection.reason).join(' ') || null,
    issue: snapshot.context.issue,
    error: snapshot.context.error?.code ?? null,
  }),
});
