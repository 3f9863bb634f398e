import type { JobIncident } from '@shared/contract/operator';
import type { AppContext } from '../app-context';
import type { Db } from '../db/create-db';

/**
 * An item a background job could not finish: it is set aside so the rest of the job goes on, logged,
 * and written down for the operators (GET /ops/job-incidents), once per job and item, counting repeats.
 */
export const recordJobIncident = async (
  ctx: Pick<AppContext, 'db' | 'log'>,
  incident: { job: string; subject: string; error: unknown },
  now = new Date(),
): Promise<void> => {
  const problem = incident.error instanceof Error ? incident.error.message : String(incident.error);
  ctx.log.error({ err: incident.error, job: incident.job, subject: incident.subject }, 'job item set aside');
  await ctx.db
    .insertInto('job_incidents')
    .values({ job: incident.job, subject: incident.subject, problem, first_at: now, last_at: now })
    .onConflict((oc) =>
      oc.columns(['job', 'subject']).doUpdateSet((eb) => ({ problem, last_at: now, occurrences: eb('job_incidents.occurrences', '+', 1) })),
    )
    .execute();
};

export const listJobIncidents = async (db: Db, limit = 200): Promise<JobIncident[]> => {
  const rows = await db.selectFrom('job_incidents').selectAll().orderBy('last_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    job: r.job,
    subject: r.subject,
    problem: r.problem,
    occurrences: r.occurrences,
    firstAt: new Date(r.first_at).toISOString(),
    lastAt: new Date(r.last_at).toISOString(),
  }));
};
