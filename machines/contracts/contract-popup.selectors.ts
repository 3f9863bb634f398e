import type { SnapshotFrom } from 'xstate';
import type { ContractPopupMachine } from './contract-popup.machine';

type Snapshot = SnapshotFrom<ContractPopupMachine>;

export const selectPopupOpen = (snapshot: Snapshot): boolean => snapshot.hasTag('popup');

/** The contract the popup shows, while it is open. */
export const selectShownContract = (snapshot: Snapshot) => (snapshot.hasTag('popup') ? (snapshot.context.queue[0] ?? null) : null);

/** What the two buttons mean for the shown contract: an offer is accepted or rejected, a termination confirmed or refused. */
export const selectPopupQuestion = (snapshot: Snapshot): 'offer' | 'termination' | null => {
  const shown = selectShownContract(snapshot);
  if (!shown) return null;
  return shown.action === 'TERMINATE' ? 'termination' : 'offer';
};

/** How many more wait after the shown one. */
export const selectWaitingAfterShown = (snapshot: Snapshot): number => Math.max(0, snapshot.context.queue.length - 1);

export const selectPopupError = (snapshot: Snapshot) => snapshot.context.error;
export const selectPopupBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
