import { tz } from '@date-fns/tz';
import { addDays, startOfDay, startOfWeek } from 'date-fns';
import { sql } from 'kysely';
import type { Mission, MissionLeaderboard, MissionPeriod, MissionSummary, OpsMission, SaveMissionRequest } from '@shared/contract/missions';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { MissionRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { maskName } from '../games/winners';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf } from '../ledger/ledger';
import { toCents, toMoney } from '../ledger/money';
import { postPoints } from '../points/journal';
import { readPointsSettings } from '../points/settings';

/**
 * Missions (MEMBER-17, API-54, API-55). A mission counts, per calendar day (DAILY) or per week from
 * Monday (WEEKLY) in PLATFORM_TIME_ZONE, one of: the stakes of the member's bets settled in the
 * period, the number of those bets (rounds), or the deposits credited in the period. Progress is
 * never stored: it is read from the bets and deposit orders (read-only queries on indexes that
 * exist for them; nothing is added to a bet's own path). A completed mission's reward is taken once
 * per member and period: the claim row's unique key decides a race, and the reward (points in the
 * journal as MISSION, or cash as a PROMOTION_BONUS ledger entry) is written in the same transaction.
 */

export interface Period {
  start: Date;
  end: Date;
}

const plain = (d: Date): Date => new Date(d.getTime());

/** The day or the week (Monday to Sunday) that `now` falls in, in `timeZone`. */
export const periodAt = (period: MissionPeriod, now: Date, timeZone: string): Period => {
  const zone = { in: tz(timeZone) };
  const start = period === 'DAILY' ? startOfDay(now, zone) : startOfWeek(now, { ...zone, weekStartsOn: 1 });
  return { start: plain(start), end: plain(addDays(start, period === 'DAILY' ? 1 : 7, zone)) };
};

interface Tally {
  stakes: number;
  rounds: number;
  deposits: number;
}

/** What the member did in a period: settled stakes and rounds, credited deposits (cents, count, cents). */
const tallyOf = async (db: Db, memberId: number, day: Period, week: Period): Promise<Record<MissionPeriod, Tally>> => {
  const from = day.start < week.start ? day.start : week.start;
  const to = day.end > week.end ? day.end : week.end;
  const bets = await db
    .selectFrom('bets')
    .select([
      sql<string>`coalesce(sum(stake) filter (where settled_at >= ${day.start} and settled_at < ${day.end}), 0)`.as('day_stakes'),
      sql<string>`count(*) filter (where settled_at >= ${day.start} and settled_at < ${day.end})`.as('day_rounds'),
      sql<string>`coalesce(sum(stake) filter (where settled_at >= ${week.start} and settled_at < ${week.end}), 0)`.as('week_stakes'),
      sql<string>`count(*) filter (where settled_at >= ${week.start} and settled_at < ${week.end})`.as('week_rounds'),
    ])
    .where('member_id', '=', memberId)
    .where('status', '=', 'SETTLED')
    .where('settled_at', '>=', from)
    .where('settled_at', '<', to)
    .executeTakeFirstOrThrow();
  const deposits = await db
    .selectFrom('deposit_orders')
    .select([
      sql<string>`coalesce(sum(amount) filter (where resolved_at >= ${day.start} and resolved_at < ${day.end}), 0)`.as('day'),
      sql<string>`coalesce(sum(amount) filter (where resolved_at >= ${week.start} and resolved_at < ${week.end}), 0)`.as('week'),
    ])
    .where('member_id', '=', memberId)
    .where('status', '=', 'CREDITED')
    .where('resolved_at', '>=', from)
    .where('resolved_at', '<', to)
    .executeTakeFirstOrThrow();
  return {
    DAILY: { stakes: Number(bets.day_stakes), rounds: Number(bets.day_rounds), deposits: Number(deposits.day) },
    WEEKLY: { stakes: Number(bets.week_stakes), rounds: Number(bets.week_rounds), deposits: Number(deposits.week) },
  };
};

/** The mission's count from a tally: cents for the amounts, rounds for BET_ROUNDS. */
const countOf = (row: MissionRow, tally: Tally): number =>
  row.goal === 'BET_AMOUNT' ? tally.stakes : row.goal === 'BET_ROUNDS' ? tally.rounds : tally.deposits;

/** A target or a count as the API shows it: currency units for the amounts, a whole count for rounds. */
const shownGoal = (row: MissionRow, value: number): number => (row.goal === 'BET_ROUNDS' ? value : toMoney(value));
const shownReward = (kind: MissionRow['reward_kind'], value: number): number => (kind === 'POINTS' ? value : toMoney(value));

const activeMissions = (db: Db) => db.selectFrom('missions').selectAll().where('active', '=', true).orderBy('sort_order').orderBy('id').execute();

/** The active missions with the member's progress in their current period; `canClaim` is false for a trial account. */
export const memberMissions = async (db: Db, member: { id: number; type: number }, timeZone: string, now: Date = new Date()): Promise<Mission[]> => {
  const rows = await activeMissions(db);
  if (rows.length === 0) return [];
  const periods: Record<MissionPeriod, Period> = { DAILY: periodAt('DAILY', now, timeZone), WEEKLY: periodAt('WEEKLY', now, timeZone) };
  const tallies = await tallyOf(db, member.id, periods.DAILY, periods.WEEKLY);
  const claims = await db
    .selectFrom('mission_claims')
    .select(['mission_id', 'period_start'])
    .where('member_id', '=', member.id)
    .where('period_start', 'in', [periods.DAILY.start, periods.WEEKLY.start])
    .execute();
  const claimed = new Set(claims.map((c) => `${c.mission_id}:${new Date(c.period_start).getTime()}`));
  return rows.map((row) => {
    const period = periods[row.period];
    const count = Math.min(countOf(row, tallies[row.period]), row.target);
    const completed = count >= row.target;
    const taken = claimed.has(`${row.id}:${period.start.getTime()}`);
    return {
      missionId: row.id,
      title: row.title,
      description: row.description,
      period: row.period,
      goal: row.goal,
      target: shownGoal(row, row.target),
      progress: shownGoal(row, count),
      rewardKind: row.reward_kind,
      reward: shownReward(row.reward_kind, row.reward),
      periodEnd: period.end.toISOString(),
      completed,
      claimed: taken,
      claimable: completed && !taken && member.type !== TRIAL_TYPE,
    };
  });
};

export const summaryOf = (missions: readonly Mission[]): MissionSummary => ({
  totalMissions: missions.length,
  completedMissions: missions.filter((m) => m.completed).length,
  claimableRewards: missions.filter((m) => m.claimable).length,
});

export interface ClaimReply {
  missionId: number;
  rewardKind: MissionRow['reward_kind'];
  reward: number;
  points: number | null;
  balance: number | null;
}

/**
 * Takes the reward of a completed mission for its current period. Refusals, each changing nothing:
 * NOT_FOUND (no such active mission), MISSION_NOT_COMPLETE, MISSION_ALREADY_CLAIMED (this period's
 * reward is taken: also what every request but one of a race gets). The caller has refused trial accounts.
 */
export const claimMission = async (ctx: AppContext, memberId: number, missionId: number, now: Date = new Date()): Promise<ClaimReply> =>
  withEvents(ctx, async (trx, record) => {
    const row = await trx.selectFrom('missions').selectAll().where('id', '=', missionId).where('active', '=', true).executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', 'No such mission');
    const timeZone = ctx.config.PLATFORM_TIME_ZONE;
    const day = periodAt('DAILY', now, timeZone);
    const week = periodAt('WEEKLY', now, timeZone);
    const period = row.period === 'DAILY' ? day : week;
    const tally = (await tallyOf(trx, memberId, day, week))[row.period];
    if (countOf(row, tally) < row.target) throw new ApiError('MISSION_NOT_COMPLETE', 'This mission is not complete yet');
    // The unique key decides: a second claim of the period (or one racing this one) inserts nothing.
    const claim = await trx
      .insertInto('mission_claims')
      .values({ mission_id: row.id, member_id: memberId, period_start: period.start, reward_kind: row.reward_kind, reward: row.reward })
      .onConflict((oc) => oc.constraint('mission_claims_once').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claim) throw new ApiError('MISSION_ALREADY_CLAIMED', "This period's reward of the mission is already taken");
    const reference = `mission:${row.id}:${period.start.toISOString()}`;
    const remark = `Mission reward: ${row.title}`;
    if (row.reward_kind === 'POINTS') {
      const settings = await readPointsSettings(trx);
      const points = await postPoints(trx, { memberId, kind: 'MISSION', change: row.reward, reference, remark, ratioMillionths: settings.ratioMillionths });
      return { missionId: row.id, rewardKind: row.reward_kind, reward: row.reward, points, balance: null };
    }
    const posted = await ledgerOf(ctx).post(trx, {
      entryType: 'PROMOTION_BONUS',
      idempotencyKey: `${reference}:${memberId}`,
      reference,
      remark,
      legs: [
        { account: { system: 'PROMOTIONS' }, amount: -row.reward },
        { account: { memberId, wallet: MAIN_WALLET }, amount: row.reward },
      ],
    });
    await trx.updateTable('mission_claims').set({ transaction_id: posted.transactionId }).where('id', '=', claim.id).execute();
    await recordBalanceEvents(trx, record, posted);
    const main = posted.postings.find((p) => p.memberId === memberId)!;
    return { missionId: row.id, rewardKind: row.reward_kind, reward: toMoney(row.reward), points: null, balance: toMoney(main.balanceAfter) };
  });

/**
 * The week's leaderboard (Monday to Sunday in PLATFORM_TIME_ZONE): members ranked by the mission
 * rewards they took this week, the one who got there first ahead on a tie; names masked as the
 * winners board masks them. `selfId`: the caller's own place (null when it has taken none).
 */
export const missionLeaderboard = async (db: Db, options: { limit: number; selfId: number | null; timeZone: string; now?: Date }): Promise<MissionLeaderboard> => {
  const week = periodAt('WEEKLY', options.now ?? new Date(), options.timeZone);
  const { rows } = await sql<{ member_id: number; account: string; score: string; rank: string }>`
    with scores as (
      select c.member_id, count(*) as score, max(c.claimed_at) as last_at
      from mission_claims c join members m on m.id = c.member_id
      where c.claimed_at >= ${week.start} and c.claimed_at < ${week.end} and m.type <> ${TRIAL_TYPE}
      group by c.member_id
    ),
    ranked as (select scores.*, row_number() over (order by score desc, last_at asc, member_id asc) as rank from scores)
    select ranked.member_id, m.account, ranked.score, ranked.rank
    from ranked join members m on m.id = ranked.member_id
    where ranked.rank <= ${options.limit} or ranked.member_id = ${options.selfId ?? -1}
    order by ranked.rank`.execute(db);
  const selfRow = rows.find((r) => Number(r.member_id) === options.selfId);
  return {
    list: rows.filter((r) => Number(r.rank) <= options.limit).map((r) => ({ rank: Number(r.rank), customerName: maskName(r.account), score: Number(r.score) })),
    self: selfRow ? { rank: Number(selfRow.rank), score: Number(selfRow.score) } : null,
  };
};

// The operators' side.

const claimCounts = async (db: Db): Promise<Map<number, number>> => {
  const rows = await db.selectFrom('mission_claims').select(['mission_id', sql<string>`count(*)`.as('n')]).groupBy('mission_id').execute();
  return new Map(rows.map((r) => [r.mission_id, Number(r.n)]));
};

const toOpsMission = (row: MissionRow, claims: number): OpsMission => ({
  missionId: row.id,
  title: row.title,
  description: row.description,
  period: row.period,
  goal: row.goal,
  target: shownGoal(row, row.target),
  rewardKind: row.reward_kind,
  reward: shownReward(row.reward_kind, row.reward),
  active: row.active,
  sortOrder: row.sort_order,
  claims,
});

export const allMissions = async (db: Db): Promise<{ list: OpsMission[] }> => {
  const rows = await db.selectFrom('missions').selectAll().orderBy('sort_order').orderBy('id').execute();
  const counts = await claimCounts(db);
  return { list: rows.map((r) => toOpsMission(r, counts.get(r.id) ?? 0)) };
};

/** Creates or edits a mission; amounts arrive in currency units and are kept in cents. */
export const saveMission = async (db: Db, body: SaveMissionRequest): Promise<{ mission: OpsMission; created: boolean }> => {
  const values = {
    title: body.title,
    description: body.description,
    period: body.period,
    goal: body.goal,
    target: body.goal === 'BET_ROUNDS' ? body.target : toCents(body.target),
    reward_kind: body.rewardKind,
    reward: body.rewardKind === 'POINTS' ? body.reward : toCents(body.reward),
    active: body.active,
    sort_order: body.sortOrder,
  };
  let row: MissionRow | undefined;
  if (body.missionId === undefined) {
    row = await db.insertInto('missions').values(values).returningAll().executeTakeFirstOrThrow();
  } else {
    row = await db.updateTable('missions').set({ ...values, updated_at: sql`now()` }).where('id', '=', body.missionId).returningAll().executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', 'No such mission');
  }
  const counts = await claimCounts(db);
  return { mission: toOpsMission(row, counts.get(row.id) ?? 0), created: body.missionId === undefined };
};
