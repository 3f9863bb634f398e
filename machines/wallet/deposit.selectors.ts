import type { SnapshotFrom } from 'xstate';
import type { DepositMachine } from './deposit.machine';

type Snapshot = SnapshotFrom<DepositMachine>;

export type DepositStep = 'loadingChannels' | 'channelsFailed' | 'choosing' | 'submitting' | 'pending' | 'credited' | 'failed';

export const selectDepositStep = (snapshot: Snapshot): DepositStep => {
  if (snapshot.matches({ resolved: 'credited' })) return 'credited';
  if (snapshot.matches('resolved')) return 'failed';
  if (snapshot.matches('pending')) return 'pending';
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches('channelsFailed')) return 'channelsFailed';
  if (snapshot.matches('loadingChannels')) return 'loadingChannels';
  return 'choosing';
};

export const selectDepositChannels = (snapshot: Snapshot) => snapshot.context.channels;
export const selectDepositIssue = (snapshot: Snapshot) => snapshot.context.issue;
export const selectDepositError = (snapshot: Snapshot) => snapshot.context.error;
export const selectDepositOrder = (snapshot: Snapshot) => snapshot.context.order;
export const selectDepositResult = (snapshot: Snapshot) => snapshot.context.result;
