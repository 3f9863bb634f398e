import type { Contract, ContractAnswer, ContractKind, ContractOffer, ContractParty, ContractStatus } from '@shared/contract/contracts';
import type { BusStreams, ServerMachineEvent } from '../app/bus-bridge';
import type { FlowError } from '../shared/flow-error';

/**
 * One contract as one of its parties sees it (docs/contracts.md, Lifecycle): the upline (the agent
 * that offers and pays) or the downline (the member that holds it). The platform's side is the
 * operator console's, not this machine's.
 */
export type ContractRole = ContractParty;

export interface ContractInput {
  role: ContractRole;
  /** The contract as last read; null: the upline is about to offer one to `memberId`. */
  contract: Contract | null;
  /** The direct member an offer goes to (the upline drafting an offer). */
  memberId?: number;
  bus: BusStreams;
  /** The wall clock in ms (Date.now in the app, the simulated clock in tests): deadlines are the server's instants. */
  now: () => number;
}

export interface OfferContractInput {
  memberId: number;
  offer: ContractOffer;
}

export interface AnswerContractInput {
  kind: ContractKind;
  contractId: string;
  status: ContractAnswer;
  /** The status the answer is meant for: the server refuses it once the contract has changed (a C means several things). */
  answering: ContractStatus;
}

export interface ContractContext {
  role: ContractRole;
  contract: Contract | null;
  memberId: number | null;
  bus: BusStreams;
  now: () => number;
  /** The offer on its way (offering). */
  draft: ContractOffer | null;
  /** The letter on its way (answering). */
  answer: ContractAnswer | null;
  error: FlowError | null;
}

export type ContractEvent =
  | { type: 'offer.submit'; offer: ContractOffer }
  | { type: 'contract.accept' }
  | { type: 'contract.reject' }
  | { type: 'contract.withdraw' }
  | { type: 'termination.request' }
  | { type: 'termination.confirm' }
  | { type: 'termination.refuse' }
  | ServerMachineEvent<'contract:changed'>;

/** `can:<action>`: what the view offers in this state; `loading` while the server answers. */
export type ContractTag =
  | 'loading'
  | 'can:offer'
  | 'can:accept'
  | 'can:reject'
  | 'can:withdraw'
  | 'can:requestTermination'
  | 'can:confirmTermination'
  | 'can:refuseTermination';
