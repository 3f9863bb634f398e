import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { pointsJobs } from '@server/jobs/points-jobs';
import { runJobWindow } from '@server/jobs/scheduler';
import { SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import { placeBet } from '@server/services/ledger/bets';
import { ledgerOf } from '@server/services/ledger/ledger';
import { earnedPoints, earnPoints, earnPointsForWindow, POINTS_EARN_JOB } from '@server/services/points/earning';
import { bet } from '../contracts/contracts-kit';
import { PATHS, pointsOfMember, startPointsKit, type Member, type MoneyKit } from './points-kit';

const WINDOW_MS = 300_000;
const DAY_MS = 24 * 3_600_000;

describe('[MEMBER-05] earning points from settled bets (the points-earn job)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPointsKit();
  });
  afterAll(async () => kit.close());

  /** An aligned window start `days` days ago, so each test plays in windows of its own. */
  const windowDaysAgo = (days: number) => new Date(Math.floor((Date.now() - days * DAY_MS) / WINDOW_MS) * WINDOW_MS);
  const windowOf = (start: Date, count = 1) => ({ start, end: new Date(start.getTime() + count * WINDOW_MS) });
  const player = async (type = 0) => {
    const m = await kit.member(type);
    await kit.credit(m.id, 1_000_000_00);
    return m;
  };
  const at = (start: Date, secondsIn: number) => new Date(start.getTime() + secondsIn * 1000);
  const earnEntries = (m: Member) =>
    kit.t.ctx.db.selectFrom('points_journal').selectAll().where('member_id', '=', m.id).where('kind', '=', 'EARN').orderBy('id').execute();
  const setEarnedUntil = (until: Date) => kit.t.ctx.db.updateTable('points_settings').set({ earned_until: until }).where('id', '=', 1).execute();
  const setRate = (earnPointsPerUnit: number) =>
    kit.ops('POST', PATHS.opsSettings, { body: { ratio: 100, minConvertPoints: 1000, earnPointsPerUnit, rules: '<p>Rules</p>' } });

  it('rounds down per member and window: floor(stakes × points per unit)', () => {
    expect(earnedPoints(150, 1_000_000)).toBe(1);
    expect(earnedPoints(99, 1_000_000)).toBe(0);
    expect(earnedPoints(1_000_00, 2_500_000)).toBe(2500);
    expect(earnedPoints(3_33, 333_333)).toBe(1); // 3.33 × 0.333333 = 1.1099...
  });

  it('credits each real member the points of its bets settled in the window: not open ones, a trial account’s or ones outside it', async () => {
    const start = windowDaysAgo(10);
    const a = await player();
    const b = await player();
    const trial = await player(TRIAL_TYPE);
    await bet(kit.t.ctx, a.id, 12_34, 0, at(start, 10));
    await bet(kit.t.ctx, a.id, 7_70, 20_00, at(start, 299));
    await bet(kit.t.ctx, b.id, 99, 0, at(start, 60));
    await bet(kit.t.ctx, trial.id, 50_00, 0, at(start, 60));
    await bet(kit.t.ctx, a.id, 40_00, 0, at(start, 300)); // the next window
    await bet(kit.t.ctx, a.id, 40_00, 0, at(start, -1)); // the one before
    await kit.t.ctx.db.transaction().execute((trx) =>
      placeBet(trx, ledgerOf(kit.t.ctx), { betId: `open-${randomUUID()}`, memberId: a.id, vendor: 'HOUSE', gameType: 'RNG', gameCode: 'HOUSE_DICE', gameName: 'Dice', stake: 30_00, at: at(start, 30) }),
    );

    expect(await earnPointsForWindow(kit.t.ctx, windowOf(start))).toBe(1);
    // 12.34 + 7.70 = 20.04 staked: 20 points; b's 0.99 earns none; the trial account none.
    expect(await pointsOfMember(kit, a)).toBe(20);
    expect(await pointsOfMember(kit, b)).toBe(0);
    expect(await kit.t.ctx.db.selectFrom('points_balances').selectAll().where('member_id', '=', trial.id).execute()).toEqual([]);
    const [entry] = await earnEntries(a);
    expect(entry).toMatchObject({ change: 20, balance_after: 20, reference: `earn:${start.toISOString()}`, ratio_millionths: 100_000_000, amount: null });
    expect(entry!.remark).toMatch(/^Earned on 20\.04 of settled bets/);
    const details = (await kit.call('GET', PATHS.transactions, { token: a.token })).body.value.list;
    expect(details[0]).toMatchObject({ change: 20, balance: 20, redeemAmount: 0 });
  });

  it('running a window twice credits it once', async () => {
    const start = windowDaysAgo(11);
    const m = await player();
    await bet(kit.t.ctx, m.id, 500_00, 0, at(start, 5));
    expect(await earnPointsForWindow(kit.t.ctx, windowOf(start))).toBe(1);
    expect(await earnPointsForWindow(kit.t.ctx, windowOf(start))).toBe(0);
    await Promise.all([earnPointsForWindow(kit.t.ctx, windowOf(start)), earnPointsForWindow(kit.t.ctx, windowOf(start))]);
    expect(await pointsOfMember(kit, m)).toBe(500);
    expect(await earnEntries(m)).toHaveLength(1);
  });

  it('the job credits every window ended since it last ran, once, and never a window not ended yet (plus the grace)', async () => {
    const start = windowDaysAgo(12);
    await setEarnedUntil(start);
    const m = await player();
    await bet(kit.t.ctx, m.id, 100_00, 0, at(start, 1));
    await bet(kit.t.ctx, m.id, 200_00, 0, at(start, 301));
    await bet(kit.t.ctx, m.id, 400_00, 0, at(start, 601));
    // Two windows have ended, the third ends now but its grace has not passed.
    const now = new Date(start.getTime() + 3 * WINDOW_MS + SETTLEMENT_GRACE_MS - 1);
    await earnPoints(kit.t.ctx, now);
    expect(await pointsOfMember(kit, m)).toBe(300);
    expect((await earnEntries(m)).map((e) => e.change)).toEqual([100, 200]);
    const progress = await kit.t.ctx.db.selectFrom('points_settings').select('earned_until').executeTakeFirstOrThrow();
    expect(new Date(progress.earned_until)).toEqual(new Date(start.getTime() + 2 * WINDOW_MS));
    await earnPoints(kit.t.ctx, now);
    expect(await pointsOfMember(kit, m)).toBe(300);
    await earnPoints(kit.t.ctx, new Date(now.getTime() + 1));
    await earnPoints(kit.t.ctx, new Date(now.getTime() + 2));
    expect((await earnEntries(m)).map((e) => e.change)).toEqual([100, 200, 400]);
    expect(await pointsOfMember(kit, m)).toBe(700);
  });

  it('uses the operator’s rate (0 earns nothing) and goes on past an unearning window', async () => {
    const start = windowDaysAgo(13);
    await setEarnedUntil(start);
    const m = await player();
    await bet(kit.t.ctx, m.id, 100_00, 0, at(start, 1));
    try {
      await setRate(0);
      await earnPoints(kit.t.ctx, new Date(start.getTime() + WINDOW_MS + SETTLEMENT_GRACE_MS));
      expect(await pointsOfMember(kit, m)).toBe(0);
      await setRate(2.5);
      await bet(kit.t.ctx, m.id, 3_33, 0, at(start, 301));
      await earnPoints(kit.t.ctx, new Date(start.getTime() + 2 * WINDOW_MS + SETTLEMENT_GRACE_MS));
      expect(await pointsOfMember(kit, m)).toBe(8); // 3.33 × 2.5 = 8.325
    } finally {
      await setRate(1);
    }
  });

  it('runs as a scheduled job once per window across nodes, and a window that fails is set aside for the operators while the next goes on', async () => {
    const start = windowDaysAgo(14);
    await setEarnedUntil(start);
    const m = await player();
    await bet(kit.t.ctx, m.id, 10_00, 0, at(start, 1));
    await bet(kit.t.ctx, m.id, 20_00, 0, at(start, 301));
    const failing = `earn:${start.toISOString()}`;
    await sql`create function test_points_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`.execute(kit.t.ctx.db);
    await sql`create trigger test_points_fault before insert on points_journal for each row when (new.reference = ${sql.lit(failing)}) execute function test_points_fault()`.execute(kit.t.ctx.db);
    try {
      const [job] = pointsJobs(kit.t.ctx);
      expect(job!.name).toBe(POINTS_EARN_JOB);
      const now = new Date(start.getTime() + 2 * WINDOW_MS + SETTLEMENT_GRACE_MS);
      const first = await runJobWindow(kit.t.ctx, job!, now);
      const second = await runJobWindow(kit.t.ctx, job!, now);
      expect([first.ran, second.ran]).toEqual([true, false]);
    } finally {
      await sql`drop trigger test_points_fault on points_journal`.execute(kit.t.ctx.db);
      await sql`drop function test_points_fault()`.execute(kit.t.ctx.db);
    }
    expect((await earnEntries(m)).map((e) => e.change)).toEqual([20]);
    const incidents = (await kit.ops('GET', '/ops/job-incidents')).body.value as { job: string; subject: string; problem: string }[];
    expect(incidents).toContainEqual(expect.objectContaining({ job: POINTS_EARN_JOB, subject: `window:${start.toISOString()}`, problem: expect.stringMatching(/injected fault/) }));
  });
});
