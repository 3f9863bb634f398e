import { sql } from 'kysely';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import { isTransientDbError } from '../../db/errors';
import { recordJobIncident } from '../../jobs/incidents';
import { realtimeWindowAt, type Window } from '../contracts/windows';
import { SETTLEMENT_GRACE_MS } from '../contracts/settlement';
import { formatAmount } from '../wallet/orders';
import { MILLION } from './settings';

/**
 * Earning points from settled bets, as a background job and never on the bet's own path: time is cut
 * into windows of POINTS_EARN_WINDOW_SECONDS aligned to the epoch (the real-time salary's
 * arithmetic), and once a window has ended (plus the settlement grace) every real member with bets
 * settled in it earns floor(stakes × earnPointsPerUnit) points, as one EARN journal entry whose
 * reference names the window. The journal's uniqueness (kind, reference, member) makes a window
 * credit each member once however often, and on however many nodes, it runs; points_settings
 * .earned_until records how far the job has come, so a stopped server catches up.
 */

export const POINTS_EARN_JOB = 'points-earn';
/** A long stop is caught up over several runs, this many windows each (a day of 5-minute windows). */
const MAX_WINDOWS_PER_RUN = 288;

/** Points earned on `stakes` cents at `earnMillionths` millionths of a point per currency unit, rounded down. */
export const earnedPoints = (stakes: number, earnMillionths: number): number =>
  Number((BigInt(stakes) * BigInt(earnMillionths)) / (100n * BigInt(MILLION)));

export const earnReference = (window: Window) => `earn:${window.start.toISOString()}`;

/**
 * Credits the points of one window, in one transaction, to the members who have not had them yet;
 * returns how many members it credited. Serialised across nodes on the settings row.
 */
export const earnPointsForWindow = async (ctx: Pick<AppContext, 'db'>, window: Window): Promise<number> =>
  ctx.db.transaction().execute(async (trx) => {
    const settings = await trx.selectFrom('points_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
    let credited = 0;
    if (settings.earn_millionths > 0) {
      const stakes = await trx
        .selectFrom('bets')
        .innerJoin('members', 'members.id', 'bets.member_id')
        .select(['bets.member_id', sql<string>`sum(bets.stake)`.as('stakes')])
        .where('bets.status', '=', 'SETTLED')
        .where('bets.settled_at', '>=', window.start)
        .where('bets.settled_at', '<', window.end)
        .where('members.type', '<>', TRIAL_TYPE)
        .groupBy('bets.member_id')
        .orderBy('bets.member_id')
        .execute();
      const earned = stakes
        .map((r) => ({ memberId: r.member_id, stakes: Number(r.stakes), points: earnedPoints(Number(r.stakes), settings.earn_millionths) }))
        .filter((e) => e.points > 0);
      if (earned.length > 0) {
        const reference = earnReference(window);
        const span = `${window.start.toISOString()} – ${window.end.toISOString()}`;
        // Members already credited for this window are left out; the others' points rows are locked in member order.
        const { rows } = await sql<{ id: number }>`
          with earned as (
            select * from unnest(${earned.map((e) => e.memberId)}::bigint[], ${earned.map((e) => e.points)}::bigint[],
              ${earned.map((e) => `Earned on ${formatAmount(e.stakes)} of settled bets, ${span}`)}::text[]) as e(member_id, points, remark)
          ),
          fresh as (
            select earned.* from earned
            where not exists (select from points_journal j where j.kind = 'EARN' and j.reference = ${reference} and j.member_id = earned.member_id)
          ),
          credited as (
            insert into points_balances as b (member_id, points)
            select member_id, points from fresh order by member_id
            on conflict (member_id) do update set points = b.points + excluded.points, updated_at = now()
            returning b.member_id, b.points
          )
          insert into points_journal (member_id, kind, change, balance_after, ratio_millionths, reference, remark)
          select credited.member_id, 'EARN', fresh.points, credited.points, ${settings.ratio_millionths}::bigint, ${reference}, fresh.remark
          from credited join fresh on fresh.member_id = credited.member_id
          returning id`.execute(trx);
        credited = rows.length;
      }
    }
    await trx
      .updateTable('points_settings')
      .set({ earned_until: sql`greatest(earned_until, ${window.end}::timestamptz)` })
      .where('id', '=', 1)
      .execute();
    return credited;
  });

/**
 * The job: every window from where the last run stopped to the last one ended (plus the settlement
 * grace) at `now`, in order, at most MAX_WINDOWS_PER_RUN. A window that fails for any reason but a
 * lost connection is set aside for the operators (a job incident) and the job goes on with the next;
 * a lost connection ends the run, and the next run takes the window again. Returns the members credited.
 */
export const earnPoints = async (ctx: Pick<AppContext, 'db' | 'log' | 'config'>, now: Date = new Date()): Promise<number> => {
  const seconds = ctx.config.POINTS_EARN_WINDOW_SECONDS;
  const progress = await ctx.db.selectFrom('points_settings').select('earned_until').where('id', '=', 1).executeTakeFirstOrThrow();
  let from = new Date(progress.earned_until);
  let credited = 0;
  for (let i = 0; i < MAX_WINDOWS_PER_RUN; i += 1) {
    // From where the last window ended up to the next boundary: a whole window unless the window length was changed.
    const window: Window = { start: from, end: realtimeWindowAt(from, seconds).end };
    if (window.end.getTime() + SETTLEMENT_GRACE_MS > now.getTime()) break;
    try {
      credited += await earnPointsForWindow(ctx, window);
    } catch (error) {
      if (isTransientDbError(error)) throw error;
      await recordJobIncident(ctx, { job: POINTS_EARN_JOB, subject: `window:${window.start.toISOString()}`, error }, now);
      await ctx.db
        .updateTable('points_settings')
        .set({ earned_until: sql`greatest(earned_until, ${window.end}::timestamptz)` })
        .where('id', '=', 1)
        .execute();
    }
    from = window.end;
  }
  return credited;
};
