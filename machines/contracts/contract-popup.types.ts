import type { Contract, ContractAnswer } from '@shared/contract/contracts';
import type { BusResyncedEvent, BusStreams, ServerMachineEvent } from '../app/bus-bridge';
import type { FlowError } from '../shared/flow-error';

export interface ContractPopupInput {
  bus: BusStreams;
}

export interface ContractPopupContext {
  bus: BusStreams;
  /** The contracts waiting for the member's answer, oldest first; the popup shows the first. */
  queue: Contract[];
  /** The letter on its way. */
  answer: ContractAnswer | null;
  error: FlowError | null;
}

export type ContractPopupEvent =
  /** Yes to what the shown contract asks: accept the offer, or confirm the termination. */
  | { type: 'contract.accept' }
  /** No: reject the offer, or refuse the termination. */
  | { type: 'contract.reject' }
  /** Closed without an answer: it asks again at the next login or when another request arrives. */
  | { type: 'popup.dismiss' }
  | ServerMachineEvent<'contract:changed'>
  | BusResyncedEvent;

/** `popup`: the popup is on screen; `loading` while the server answers. */
export type ContractPopupTag = 'popup' | 'loading';

/** An answer the server no longer took (withdrawn, expired or answered elsewhere): what was asked, and why it was refused. */
export interface GoneAnswer {
  question: 'offer' | 'termination';
  error: FlowError;
}
