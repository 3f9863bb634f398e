import type { AppContext } from '../app-context';
import { expireDueContracts } from '../services/contracts/lifecycle';
import { retryUnpaidBills, settleContracts } from '../services/contracts/settlement';
import type { ScheduledJob } from './scheduler';

/**
 * Settlement of the contracts (docs/contracts.md). The real-time salary looks for ended windows ten
 * times per window, so a window's bill follows its end by a tenth of a window (plus the settlement
 * grace); the other kinds, the expiry of unanswered offers and termination requests, and the retry
 * of unpaid bills run every JOB_INTERVAL_SECONDS. Every run settles all windows due, so a stopped
 * server catches up at its first run, and the bills' uniqueness makes a run on two nodes pay once.
 */
export const contractJobs = (ctx: AppContext): ScheduledJob[] => [
  {
    name: 'contracts-realtime-salary',
    intervalSeconds: Math.max(1, Math.floor(ctx.config.REALTIME_SALARY_WINDOW_SECONDS / 10)),
    work: (now) => settleContracts(ctx, ['REALTIME'], now),
  },
  {
    name: 'contracts-settlement',
    intervalSeconds: ctx.config.JOB_INTERVAL_SECONDS,
    work: async (now) => {
      const ended = await expireDueContracts(ctx, now);
      const billed = await settleContracts(ctx, ['DIVIDEND', 'DAILY', 'HOURLY'], now);
      return ended + billed + (await retryUnpaidBills(ctx, now));
    },
  },
];
