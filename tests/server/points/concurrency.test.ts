import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnPointsForWindow } from '@server/services/points/earning';
import { postingSum, tally } from '../../helpers/money-kit';
import { bet } from '../contracts/contracts-kit';
import {
  addReward,
  grantPoints,
  mainBalanceOf,
  PATHS,
  PAYMENT_PASSWORD,
  pointsOfMember,
  readyMember,
  redeemBody,
  sealedCall,
  startPointsKit,
  stockOf,
  type Member,
  type MoneyKit,
} from './points-kit';

/**
 * Races need real connections: PGlite has one, so it can never show one. CI's PostgreSQL pass sets
 * TEST_DATABASE_URL; without it these tests are skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('points mall under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPointsKit();
  });
  afterAll(async () => kit?.close());

  const redeem = (m: Member, body: Record<string, unknown>) => sealedCall(kit, PATHS.redeem, m.token, body);
  const convert = (m: Member, points: number, requestId = randomUUID()) => sealedCall(kit, PATHS.convert, m.token, { points, paymentPassword: PAYMENT_PASSWORD, requestId });

  /** Every member's points equal the sum of its journal, no balance is negative, and the ledger's postings sum to zero. */
  const invariants = async () => {
    const { db } = kit.t.ctx;
    const drift = await sql<{ member_id: number }>`
      select b.member_id from points_balances b
      left join (select member_id, sum(change) as total from points_journal group by member_id) j on j.member_id = b.member_id
      where b.points <> coalesce(j.total, 0)`.execute(db);
    expect(drift.rows).toEqual([]);
    const negative = await db.selectFrom('points_balances').select('member_id').where('points', '<', 0).execute();
    expect(negative).toEqual([]);
    const stock = await db.selectFrom('points_rewards').select('id').where('stock', '<', 0).execute();
    expect(stock).toEqual([]);
    expect(await postingSum(kit)).toBe(0);
  };

  it('[API-59] 20 members redeeming the last 5 items at once: exactly 5 get one, the rest OUT_OF_STOCK, nobody pays for nothing', async () => {
    const rewardId = await addReward(kit, { pointsRequired: 1000, amountRequired: 2.5, stock: 5 });
    const members = await Promise.all(Array.from({ length: 20 }, () => readyMember(kit, { points: 1500, cents: 10_00 })));
    const results = await Promise.all(members.map((m) => redeem(m, redeemBody(rewardId, { requestId: randomUUID() }))));
    expect(tally(results)).toEqual({ '200 OK': 5, '409 OUT_OF_STOCK': 15 });
    expect(await stockOf(kit, rewardId)).toBe(0);
    const orders = await kit.t.ctx.db.selectFrom('points_redeem_orders').select('member_id').where('reward_id', '=', rewardId).execute();
    expect(orders).toHaveLength(5);
    const winners = new Set(orders.map((o) => o.member_id));
    for (const m of members) {
      const won = winners.has(m.id);
      expect([await pointsOfMember(kit, m), await mainBalanceOf(kit, m)]).toEqual(won ? [500, 7.5] : [1500, 10]);
    }
    await invariants();
  });

  it('[API-59] one member redeeming 12 times at once with points for 3: exactly 3 orders, the points never below zero', async () => {
    const m = await readyMember(kit, { points: 3500 });
    const rewardId = await addReward(kit, { pointsRequired: 1000, stock: 100 });
    const results = await Promise.all(Array.from({ length: 12 }, () => redeem(m, redeemBody(rewardId, { requestId: randomUUID() }))));
    expect(tally(results)).toEqual({ '200 OK': 3, '409 INSUFFICIENT_POINTS': 9 });
    expect(await pointsOfMember(kit, m)).toBe(500);
    expect(await stockOf(kit, rewardId)).toBe(97);
    await invariants();
  });

  it('[API-63] one member converting 10 times at once with points for 3: exactly 3 conversions, and the ledger balances', async () => {
    const m = await readyMember(kit, { points: 3999 });
    const results = await Promise.all(Array.from({ length: 10 }, () => convert(m, 1000)));
    expect(tally(results)).toEqual({ '200 OK': 3, '409 INSUFFICIENT_POINTS': 7 });
    expect(await pointsOfMember(kit, m)).toBe(999);
    expect(await mainBalanceOf(kit, m)).toBe(30);
    const conversions = await kit.t.ctx.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .select(sql<string>`sum(p.amount)`.as('s'))
      .where('p.member_id', '=', m.id)
      .where('t.entry_type', '=', 'POINTS_CONVERSION')
      .executeTakeFirstOrThrow();
    expect(Number(conversions.s)).toBe(30_00);
    await invariants();
  });

  it('[API-63] 15 parallel retries of one conversion (one requestId) move it once and all get the first answer', async () => {
    const m = await readyMember(kit, { points: 5000 });
    const requestId = randomUUID();
    const results = await Promise.all(Array.from({ length: 15 }, () => convert(m, 2000, requestId)));
    expect(tally(results)).toEqual({ '200 OK': 15 });
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect([await pointsOfMember(kit, m), await mainBalanceOf(kit, m)]).toEqual([3000, 20]);
    await invariants();
  });

  it('[API-59] [API-63] without a requestId, 10 identical submits at once are one redeem and one conversion', async () => {
    const m = await readyMember(kit, { points: 50_000 });
    const rewardId = await addReward(kit, { pointsRequired: 1000, stock: 100 });
    const redeems = await Promise.all(Array.from({ length: 10 }, () => redeem(m, redeemBody(rewardId))));
    expect(tally(redeems)).toEqual({ '200 OK': 10 });
    expect(new Set(redeems.map((r) => r.body.value.referenceNo)).size).toBe(1);
    const converts = await Promise.all(
      Array.from({ length: 10 }, () => sealedCall(kit, PATHS.convert, m.token, { points: 2000, paymentPassword: PAYMENT_PASSWORD })),
    );
    expect(tally(converts)).toEqual({ '200 OK': 10 });
    expect([await pointsOfMember(kit, m), await mainBalanceOf(kit, m), await stockOf(kit, rewardId)]).toEqual([47_000, 20, 99]);
    await invariants();
  });

  it('[MEMBER-08] approving and rejecting one order at once: one wins, and a rejection refunds once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const m = await readyMember(kit, { points: 1000, cents: 10_00 });
      const rewardId = await addReward(kit, { pointsRequired: 600, amountRequired: 4, stock: 2 });
      const referenceNo = (await redeem(m, redeemBody(rewardId, { requestId: randomUUID() }))).body.value.referenceNo as string;
      const results = await Promise.all([
        kit.ops('POST', PATHS.opsApprove, { body: { referenceNo } }),
        kit.ops('POST', PATHS.opsReject, { body: { referenceNo, reason: 'Cannot deliver there' } }),
        kit.ops('POST', PATHS.opsReject, { body: { referenceNo, reason: 'Cannot deliver there' } }),
      ]);
      expect(tally(results)).toMatchObject({ '200 OK': 1, '409 INVALID_STATE': 2 });
      const rejected = results.findIndex((r) => r.status === 200) > 0;
      expect([await pointsOfMember(kit, m), await mainBalanceOf(kit, m), await stockOf(kit, rewardId)]).toEqual(rejected ? [1000, 10, 2] : [400, 6, 1]);
    }
    await invariants();
  });

  it('[MEMBER-05] the accrual of one window run on several nodes at once credits each member once', async () => {
    const start = new Date(Math.floor((Date.now() - 20 * 24 * 3_600_000) / 300_000) * 300_000);
    const players = await Promise.all(Array.from({ length: 6 }, () => kit.member()));
    for (const p of players) {
      await kit.credit(p.id, 1_000_00);
      await bet(kit.t.ctx, p.id, 50_00, 0, new Date(start.getTime() + 1000));
    }
    const window = { start, end: new Date(start.getTime() + 300_000) };
    const credited = await Promise.all(Array.from({ length: 5 }, () => earnPointsForWindow(kit.t.ctx, window)));
    expect(credited.reduce((a, b) => a + b, 0)).toBe(6);
    for (const p of players) expect(await pointsOfMember(kit, p)).toBe(50);
    await invariants();
  });

  it('redeems, conversions, rejections, adjustments and accrual on the same members at once: no deadlock, nothing lost', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => readyMember(kit, { points: 20_000, cents: 100_00 })));
    const rewardId = await addReward(kit, { pointsRequired: 500, amountRequired: 1, stock: 1000 });
    const start = new Date(Math.floor((Date.now() - 21 * 24 * 3_600_000) / 300_000) * 300_000);
    for (const m of members) await bet(kit.t.ctx, m.id, 10_00, 0, new Date(start.getTime() + 1000));
    const pending = await Promise.all(members.map((m) => redeem(m, redeemBody(rewardId, { requestId: randomUUID() }))));
    const work: Promise<{ status: number; body: { code: string } } | number>[] = [];
    members.forEach((m, i) => {
      work.push(redeem(m, redeemBody(rewardId, { requestId: randomUUID(), quantity: 2 })));
      work.push(convert(m, 1500));
      work.push(kit.ops('POST', PATHS.opsReject, { body: { referenceNo: pending[i]!.body.value.referenceNo, reason: 'Race test rejection' } }));
      work.push(kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: -700, reason: 'Race test adjustment' } }));
      work.push(grantPoints(kit, m.id, 300));
    });
    work.push(earnPointsForWindow(kit.t.ctx, { start, end: new Date(start.getTime() + 300_000) }));
    const settled = await Promise.allSettled(work);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    const answers = settled.map((s) => (s.status === 'fulfilled' ? s.value : null)).filter((v): v is { status: number; body: { code: string } } => typeof v === 'object' && v !== null);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // 20,000 − 500 (pending, refunded) − 1,000 − 1,500 − 700 + 300 + 10 earned + 500 back.
    for (const m of members) expect(await pointsOfMember(kit, m)).toBe(17_110);
    await invariants();
  });
});
