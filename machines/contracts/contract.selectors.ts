import type { SnapshotFrom } from 'xstate';
import type { ContractMachine } from './contract.machine';
import type { ContractTag } from './contract.types';

type Snapshot = SnapshotFrom<ContractMachine>;

/**
 * What one side sees of a contract: the upline's view (awaitingHolder, terminationAwaitingOtherSide
 * after its own request...) and the downline's (awaitingMyAnswer...) come from the same states.
 */
export type ContractStep =
  | 'drafting'
  | 'submitting'
  | 'awaitingHolder'
  | 'awaitingMyAnswer'
  | 'inForce'
  | 'terminationAwaitingOtherSide'
  | 'terminationAwaitingMyAnswer'
  | 'rejected'
  | 'terminated'
  | 'expired';

export const selectContractStep = (snapshot: Snapshot): ContractStep => {
  if (snapshot.hasTag('loading')) return 'submitting';
  if (snapshot.matches('drafting')) return 'drafting';
  if (snapshot.matches({ offered: 'awaitingHolder' })) return 'awaitingHolder';
  if (snapshot.matches({ offered: 'awaitingMyAnswer' })) return 'awaitingMyAnswer';
  if (snapshot.matches('inForce')) return 'inForce';
  if (snapshot.matches({ terminationRequested: 'awaitingOtherSide' })) return 'terminationAwaitingOtherSide';
  if (snapshot.matches({ terminationRequested: 'awaitingMyAnswer' })) return 'terminationAwaitingMyAnswer';
  if (snapshot.matches('rejected')) return 'rejected';
  if (snapshot.matches('expired')) return 'expired';
  return 'terminated';
};

const ACTIONS = ['offer', 'accept', 'reject', 'withdraw', 'requestTermination', 'confirmTermination', 'refuseTermination'] as const;
export type ContractUiAction = (typeof ACTIONS)[number];

/** The buttons the view shows now. */
export const selectContractActions = (snapshot: Snapshot): ContractUiAction[] => ACTIONS.filter((a) => snapshot.hasTag(`can:${a}` as ContractTag));

export const selectContract = (snapshot: Snapshot) => snapshot.context.contract;
export const selectContractError = (snapshot: Snapshot) => snapshot.context.error;
export const selectIsSubmitting = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
