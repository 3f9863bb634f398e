import type { WithdrawalConfirmRequest, WithdrawalOrder } from '@shared/contract/wallet-payments';
import type { BusStreams, ServerMachineEvent } from '../app/bus-bridge';
import type { FlowError } from '../shared/flow-error';

/** DESIGN.md: with no answer an unanswered disbursement counts as received after 15 minutes by default. */
export const DEFAULT_AUTO_RECEIVE_MINUTES = 15;
export const PROOF_TYPES = ['image/png', 'image/jpeg'] as const;
/** The longest remark the confirm call accepts. */
export const REMARK_MAX_LENGTH = 140;

/**
 * A file the player picked as proof. `source` is whatever the client reads the bytes from (a File
 * in the browser); the machine only checks type, size and count (WALLET-13, VAL-41 limits).
 */
export interface ProofCandidate {
  id: string;
  name: string;
  type: string;
  size: number;
  source: unknown;
}

export type ProofRejectionReason = 'type' | 'size' | 'count';
export interface ProofRejection {
  name: string;
  reason: ProofRejectionReason;
}

/** What stops a not-received answer before it is sent; views translate `wallet:confirmation.issues.<issue>`. */
export type DisputeIssue = 'proofRequired' | 'receivedAmount' | 'remarkTooLong';

export type ConfirmableWithdrawal = Pick<WithdrawalOrder, 'withdrawalId' | 'amount' | 'status' | 'confirmation'>;

export interface WithdrawalConfirmationInput {
  withdrawal: ConfirmableWithdrawal;
  bus: BusStreams;
  /** The configured minutes (withdrawalSettings.autoReceiveMinutes); 15 when not given. */
  autoReceiveMinutes?: number;
  /** How long ago the payment was disbursed: a page opened later waits only for the rest. */
  elapsedMs?: number;
}

export interface ConfirmWithdrawalInput {
  withdrawalId: string;
  outcome: WithdrawalConfirmRequest['outcome'];
  receivedAmount?: number;
  remark?: string;
  proofs: ProofCandidate[];
}

export interface WithdrawalConfirmationContext {
  bus: BusStreams;
  withdrawal: ConfirmableWithdrawal;
  autoReceiveMs: number;
  proofs: ProofCandidate[];
  rejections: ProofRejection[];
  issue: DisputeIssue | null;
  receivedAmount: number;
  remark: string;
  error: FlowError | null;
  /** The order as the server answered the confirmation. */
  result: WithdrawalOrder | null;
}

export type WithdrawalConfirmationEvent =
  | { type: 'receipt.confirm' }
  | { type: 'receipt.dispute' }
  | { type: 'dispute.cancel' }
  | { type: 'proof.add'; files: ProofCandidate[] }
  | { type: 'proof.remove'; id: string }
  /** `receivedAmount`: what did arrive (null: nothing). */
  | { type: 'dispute.submit'; receivedAmount: number | null; remark: string }
  | ServerMachineEvent<'withdrawal:result'>;

export type WithdrawalConfirmationTag = 'loading' | 'answering';
