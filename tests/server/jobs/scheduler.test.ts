import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_RUN_RETENTION_MS, pruneJobRuns, runJobWindow, schedulerJobs } from '@server/jobs/scheduler';
import { createTestApp, type TestApp } from '../../helpers/test-app';

describe('job scheduler upkeep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const windowsOf = async (job: string) =>
    (await t.ctx.db.selectFrom('job_runs').select('window_start').where('job', '=', job).orderBy('window_start').execute()).map((r) => r.window_start.getTime());

  it('prunes only the windows older than the retention, and a pruned window is never run again', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const work = { name: 'prune-probe', intervalSeconds: 60, work: async () => 1 };
    const old = new Date(now.getTime() - JOB_RUN_RETENTION_MS - 60_000);
    const recent = new Date(now.getTime() - 60_000);
    await runJobWindow(t.ctx, work, old);
    await runJobWindow(t.ctx, work, recent);

    expect(await pruneJobRuns(t.ctx.db, now)).toBeGreaterThanOrEqual(1);
    expect(await windowsOf('prune-probe')).toEqual([Math.floor(recent.getTime() / 60_000) * 60_000]);
    // Only the window `now` falls in is ever claimed, so the pruned past window stays done.
    expect(await runJobWindow(t.ctx, work, now)).toEqual({ ran: true, processed: 1 });
  });

  it('runs the prune once an hour as a scheduled job', () => {
    expect(schedulerJobs(t.ctx)).toEqual([expect.objectContaining({ name: 'job-runs-prune', intervalSeconds: 3600 })]);
  });
});
