import type { AppContext } from '../../app-context';
import type { ScheduledJob } from '../../jobs/scheduler';
import { LOTTERY_JOB, runLotteryTick } from './lottery';

/** The house provider's background work: lottery draws, once per tick across nodes (none when LOTTERY_TICK_SECONDS is 0). */
export const houseJobs = (ctx: AppContext): ScheduledJob[] =>
  ctx.config.LOTTERY_TICK_SECONDS > 0
    ? [{ name: LOTTERY_JOB, intervalSeconds: ctx.config.LOTTERY_TICK_SECONDS, work: (now) => runLotteryTick(ctx, now) }]
    : [];
