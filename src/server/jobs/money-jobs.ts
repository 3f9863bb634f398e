import type { AppContext } from '../app-context';
import { AUTO_RECEIVE_JOB, autoReceiveWithdrawals } from '../services/wallet/withdrawals';
import type { ScheduledJob } from './scheduler';

/** Background work of the wallet: disbursed withdrawals nobody confirmed count as received. */
export const moneyJobs = (ctx: AppContext): ScheduledJob[] => [
  { name: AUTO_RECEIVE_JOB, intervalSeconds: ctx.config.JOB_INTERVAL_SECONDS, work: (now) => autoReceiveWithdrawals(ctx, now) },
];
