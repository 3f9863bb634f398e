import type { AppContext } from '../app-context';
import { autoReceiveWithdrawals } from '../services/payments/withdrawals';
import type { ScheduledJob } from './scheduler';

/** Background work of the wallet: disbursed withdrawals nobody confirmed count as received. */
export const moneyJobs = (ctx: AppContext): ScheduledJob[] => [
  { name: 'withdrawal-auto-receive', intervalSeconds: ctx.config.JOB_INTERVAL_SECONDS, work: (now) => autoReceiveWithdrawals(ctx, now) },
];
