import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingSum, tally } from '../../helpers/money-kit';
import { mainBalanceOf, templatesOf } from '../promotions/promotions-kit';
import { addLadder, claim, clearLevels, fundedMember, play, startVipKit, status, type MoneyKit } from './vip-kit';

/**
 * Races need real connections: PGlite has one, so it can never show one. CI's PostgreSQL pass sets
 * TEST_DATABASE_URL; without it these tests are skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('VIP under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startVipKit();
    await clearLevels(kit);
    await addLadder(kit);
  });
  afterAll(async () => kit?.close());

  it('[MEMBER-16] ten reads at once on reaching two levels: each level and its bonus is issued once, with one message each', async () => {
    const m = await fundedMember(kit);
    await play(kit, m, 1, 600_00);
    const results = await Promise.all(Array.from({ length: 10 }, () => status(kit, m)));
    expect(tally(results)).toEqual({ '200 OK': 10 });
    expect(results.map((r) => r.body.value.rank)).toEqual(Array(10).fill(2));
    const rows = await kit.t.ctx.db.selectFrom('vip_reached').select('rank').where('member_id', '=', m.id).orderBy('rank').execute();
    expect(rows).toEqual([{ rank: 1 }, { rank: 2 }]);
    expect(await templatesOf(kit, m)).toEqual(['vip.bonusIssued', 'vip.bonusIssued']);
  });

  it('[MEMBER-16] one member claiming a bonus 10 times at once: paid once, every answer the same', async () => {
    const m = await fundedMember(kit, 1_000_00);
    await play(kit, m, 1, 150_00);
    const [bonus] = (await status(kit, m)).body.value.bonuses as { bonusId: number }[];
    const before = await mainBalanceOf(kit, m);
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(kit, m, bonus!.bonusId)));
    expect(tally(results)).toEqual({ '200 OK': 10 });
    expect(new Set(results.map((r) => `${r.body.value.amount} ${r.body.value.balance}`)).size).toBe(1);
    expect(await mainBalanceOf(kit, m)).toBe(before + 5);
    const paid = await kit.t.ctx.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `vip-bonus:${bonus!.bonusId}`).execute();
    expect(paid).toHaveLength(1);
    expect(await postingSum(kit)).toBe(0);
  });
});
