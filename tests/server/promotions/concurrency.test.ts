import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingSum, tally } from '../../helpers/money-kit';
import { addPromotion, entryIdOf, mainBalanceOf, PATHS, startPromotionsKit, type MoneyKit } from './promotions-kit';

/**
 * Races need real connections: PGlite has one, so it can never show one. CI's PostgreSQL pass sets
 * TEST_DATABASE_URL; without it these tests are skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('promotions under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPromotionsKit();
  });
  afterAll(async () => kit?.close());


  it('[MEMBER-14] 10 parallel draws of one raffle by one player: one prize, credited once, every answer the same', async () => {
    const id = await addPromotion(kit, { type: 'RAFFLE', prizes: [{ name: 'A', amount: 5, weight: 1 }, { name: 'B', amount: 9, weight: 1 }] });
    const m = await kit.member();
    const results = await Promise.all(Array.from({ length: 10 }, () => kit.call('POST', PATHS.raffle, { token: m.token, body: { promotionId: id } })));
    expect(tally(results)).toEqual({ '200 OK': 10 });
    const answers = new Set(results.map((r) => `${r.body.value.prizeName} ${r.body.value.amount} ${r.body.value.balance}`));
    expect(answers.size).toBe(1);
    const [first] = results;
    expect(await mainBalanceOf(kit, m)).toBe(first!.body.value.amount);
    const credits = await kit.t.ctx.db.selectFrom('ledger_transactions').select('id').where('reference', '=', `promotion:${id}`).execute();
    expect(credits).toHaveLength(1);
    expect(await postingSum(kit)).toBe(0);
  });

  it('[MEMBER-11] 10 parallel claims of an issued bonus: credited once', async () => {
    const id = await addPromotion(kit, { bonusAmount: 4 });
    const m = await kit.member();
    await kit.call('POST', PATHS.join, { token: m.token, body: { promotionId: id } });
    const results = await Promise.all(Array.from({ length: 10 }, () => kit.call('POST', PATHS.claim, { token: m.token, body: { promotionId: id } })));
    expect(tally(results)).toEqual({ '200 OK': 10 });
    expect(await mainBalanceOf(kit, m)).toBe(4);
    expect(await postingSum(kit)).toBe(0);
  });

  it('[MEMBER-12] 10 parallel re-applications after a rejection: one is taken, the others are PROMOTION_ENTERED', async () => {
    const id = await addPromotion(kit, { needsApplication: true, bonusAmount: 2 });
    const m = await kit.member();
    await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id } });
    await kit.ops('POST', PATHS.opsReject, { body: { entryId: await entryIdOf(kit, id, m), reason: 'try again' } });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: `try ${i}` } })));
    expect(tally(results)).toEqual({ '200 OK': 1, '409 PROMOTION_ENTERED': 9 });
    const entries = await kit.t.ctx.db.selectFrom('promotion_entries').selectAll().where('promotion_id', '=', id).execute();
    expect(entries.map((e) => e.status)).toEqual(['APPLYING']);
    const applied = await kit.t.ctx.db.selectFrom('messages').select('template').where('member_id', '=', m.id).where('template', '=', 'promotion.applied').execute();
    expect(applied).toHaveLength(2);
  });

  it('[MEMBER-12] an approval and a rejection of one application racing: exactly one wins, the other is INVALID_STATE', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await addPromotion(kit, { needsApplication: true, bonusAmount: 2 });
      const m = await kit.member();
      await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id } });
      const entryId = await entryIdOf(kit, id, m);
      const results = await Promise.all([
        kit.ops('POST', PATHS.opsApprove, { body: { entryId } }),
        kit.ops('POST', PATHS.opsReject, { body: { entryId, reason: 'racing reviewer' } }),
        kit.ops('POST', PATHS.opsApprove, { body: { entryId } }),
      ]);
      expect(tally(results)).toEqual({ '200 OK': 1, '409 INVALID_STATE': 2 });
      const messages = await kit.t.ctx.db.selectFrom('messages').select('template').where('member_id', '=', m.id).execute();
      expect(messages).toHaveLength(2);
    }
  });
});
