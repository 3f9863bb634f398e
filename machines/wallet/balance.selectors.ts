import type { SnapshotFrom } from 'xstate';
import type { BalanceMachine } from './balance.machine';

type Snapshot = SnapshotFrom<BalanceMachine>;

/** The main balance; null until it has loaded. */
export const selectBalance = (snapshot: Snapshot): number | null => snapshot.context.balance;

export const selectCurrencySymbol = (snapshot: Snapshot): string | null => snapshot.context.currencySymbol;

export const selectIsBalanceLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
