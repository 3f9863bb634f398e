import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { AppContext } from '../app-context';
import type { Db } from '../db/create-db';
import type { JobProgress } from '../operations/metrics';

/** This process, as recorded against the job windows it runs. */
const NODE_NAME = `${hostname()}:${process.pid}`;

/** The start of the window of `intervalSeconds` that `now` falls in. */
export const windowStartOf = (now: Date, intervalSeconds: number): Date => {
  const ms = intervalSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
};

/**
 * Claims one window of a job for this node: under a transaction-scoped PostgreSQL advisory lock on
 * the job's name, the first node to insert (job, window) wins; every other node, now or later, is
 * told the window is taken. Returns whether this node runs it.
 */
export const claimJobWindow = async (db: Db, job: string, windowStart: Date, node = NODE_NAME): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${job})) as locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    const claimed = await trx
      .insertInto('job_runs')
      .values({ job, window_start: windowStart, node })
      .onConflict((oc) => oc.columns(['job', 'window_start']).doNothing())
      .returning('job')
      .executeTakeFirst();
    return Boolean(claimed);
  });

/** Runs `work` for the window `now` falls in, unless another node has that window. */
export const runJobWindow = async (
  ctx: Pick<AppContext, 'db'>,
  job: { name: string; intervalSeconds: number; work: (now: Date) => Promise<number> },
  now: Date = new Date(),
): Promise<{ ran: boolean; processed: number }> => {
  const windowStart = windowStartOf(now, job.intervalSeconds);
  if (!(await claimJobWindow(ctx.db, job.name, windowStart))) return { ran: false, processed: 0 };
  const processed = await job.work(now);
  await ctx.db
    .updateTable('job_runs')
    .set({ finished_at: new Date(), processed })
    .where('job', '=', job.name)
    .where('window_start', '=', windowStart)
    .execute();
  return { ran: true, processed };
};

/** Finished windows are kept this long for the record, then pruned (a 5 s lottery job writes 17,280 a day). */
export const JOB_RUN_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/** Deletes the job windows that started before `now - retention`; they can never be claimed again. */
export const pruneJobRuns = async (db: Db, now: Date, retentionMs = JOB_RUN_RETENTION_MS): Promise<number> => {
  const result = await db
    .deleteFrom('job_runs')
    .where('window_start', '<', new Date(now.getTime() - retentionMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

/** The scheduler's own upkeep, once an hour. */
export const schedulerJobs = (ctx: Pick<AppContext, 'db'>): ScheduledJob[] => [
  { name: 'job-runs-prune', intervalSeconds: 3600, work: (now) => pruneJobRuns(ctx.db, now) },
];

export interface ScheduledJob {
  name: string;
  intervalSeconds: number;
  work: (now: Date) => Promise<number>;
}

/** Runs each job once per window on an in-process timer; `stop` ends the timers and waits for running windows (app close). */
export const startJobs = (ctx: Pick<AppContext, 'db' | 'log'>, jobs: ScheduledJob[]): { stop: () => Promise<void> } => {
  const running = new Map<string, Promise<void>>();
  const timers = jobs.map((job) => {
    const timer = setInterval(() => {
      if (running.has(job.name)) return;
      const run = runJobWindow(ctx, job)
        .then(({ ran, processed }) => {
          if (ran && processed > 0) ctx.log.info({ job: job.name, processed }, 'job window done');
        })
        .catch((err: unknown) => ctx.log.error({ err, job: job.name }, 'job window failed'))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.intervalSeconds * 1000);
    timer.unref();
    return timer;
  });
  return {
    stop: async () => {
      timers.forEach(clearInterval);
      await Promise.all(running.values());
    },
  };
};

/** Each job's schedule and its newest finished window on any node (for the job-lag metric). */
export const jobProgress = async (db: Db, jobs: readonly ScheduledJob[]): Promise<JobProgress[]> => {
  if (jobs.length === 0) return [];
  const rows = await db
    .selectFrom('job_runs')
    .select(['job', (eb) => eb.fn.max('window_start').as('last')])
    .where('job', 'in', jobs.map((j) => j.name))
    .where('finished_at', 'is not', null)
    .groupBy('job')
    .execute();
  const last = new Map(rows.map((r) => [r.job, r.last ? new Date(r.last) : null]));
  return jobs.map((j) => ({ job: j.name, intervalSeconds: j.intervalSeconds, lastFinishedWindow: last.get(j.name) ?? null }));
};
