import type { AppContext } from '../app-context';
import { earnPoints, POINTS_EARN_JOB } from '../services/points/earning';
import type { ScheduledJob } from './scheduler';

/**
 * The points mall's background work: settled bets earn their points once their window
 * (POINTS_EARN_WINDOW_SECONDS) has ended. Every run credits all windows ended since the last, so a
 * stopped server catches up; the journal's uniqueness makes a window credit each member once.
 */
export const pointsJobs = (ctx: AppContext): ScheduledJob[] => [
  { name: POINTS_EARN_JOB, intervalSeconds: ctx.config.JOB_INTERVAL_SECONDS, work: (now) => earnPoints(ctx, now) },
];
