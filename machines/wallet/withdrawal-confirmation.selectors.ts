import type { SnapshotFrom } from 'xstate';
import type { WithdrawalConfirmationMachine } from './withdrawal-confirmation.machine';
import type { DisputeIssue, ProofCandidate, ProofRejection } from './withdrawal-confirmation.types';

type Snapshot = SnapshotFrom<WithdrawalConfirmationMachine>;

export type ConfirmationStep = 'choosing' | 'disputing' | 'submitting' | 'received' | 'notReceived' | 'autoReceived' | 'notDisbursed';

/** The screen the confirmation shows. */
export const selectConfirmationStep = (snapshot: Snapshot): ConfirmationStep => {
  if (snapshot.matches('received')) return 'received';
  if (snapshot.matches('notReceived')) return 'notReceived';
  if (snapshot.matches('autoReceived')) return 'autoReceived';
  if (snapshot.matches('notDisbursed')) return 'notDisbursed';
  if (snapshot.hasTag('loading')) return 'submitting';
  if (snapshot.matches({ answering: { answer: 'disputing' } })) return 'disputing';
  return 'choosing';
};

export const selectIsSubmitting = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

export const selectProofs = (snapshot: Snapshot): ProofCandidate[] => snapshot.context.proofs;

export const selectProofRejections = (snapshot: Snapshot): ProofRejection[] => snapshot.context.rejections;

export const selectDisputeIssue = (snapshot: Snapshot): DisputeIssue | null => snapshot.context.issue;

export const selectConfirmationError = (snapshot: Snapshot) => snapshot.context.error;

/** The withdrawal as last known: the server's answer once there is one. */
export const selectConfirmedWithdrawal = (snapshot: Snapshot) => snapshot.context.result ?? snapshot.context.withdrawal;

/** Milliseconds until an unanswered withdrawal counts as received, as the machine was started with. */
export const selectAutoReceiveMs = (snapshot: Snapshot): number => snapshot.context.autoReceiveMs;
