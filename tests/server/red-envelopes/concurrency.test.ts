import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingSum, tally } from '../../helpers/money-kit';
import { mainBalanceOf } from '../promotions/promotions-kit';
import { addCampaign, grab, startRedEnvelopesKit, type MoneyKit } from './red-envelopes-kit';

/**
 * Races need real connections: PGlite has one, so it can never show one. CI's PostgreSQL pass sets
 * TEST_DATABASE_URL; without it these tests are skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('red envelopes under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startRedEnvelopesKit();
  });
  afterAll(async () => kit?.close());

  it('[MEMBER-15] 30 players racing for 10 envelopes: exactly 10 are taken, sharing out exactly the total, and the other 20 are told SOLD_OUT', async () => {
    const id = await addCampaign(kit, { totalAmount: 50, envelopeCount: 10, minAmount: 1 });
    const players = await Promise.all(Array.from({ length: 30 }, () => kit.member()));
    const results = await Promise.all(players.map((m) => grab(kit, m, id)));
    expect(tally(results)).toEqual({ '200 OK': 10, '409 RED_ENVELOPE_SOLD_OUT': 20 });
    const credited = await Promise.all(players.map((m) => mainBalanceOf(kit, m)));
    expect(Math.round(credited.reduce((a, b) => a + b, 0) * 100)).toBe(50_00);
    const campaign = await kit.t.ctx.db.selectFrom('red_envelope_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([campaign.remaining_count, campaign.remaining_amount]).toEqual([0, 0]);
    expect(await postingSum(kit)).toBe(0);
  });

  it('[MEMBER-15] one player opening an envelope 10 times at once: one envelope, credited once, every answer the same', async () => {
    const id = await addCampaign(kit, { totalAmount: 50, envelopeCount: 10, minAmount: 1 });
    const m = await kit.member();
    const results = await Promise.all(Array.from({ length: 10 }, () => grab(kit, m, id)));
    expect(tally(results)).toEqual({ '200 OK': 10 });
    expect(new Set(results.map((r) => `${r.body.value.amount} ${r.body.value.balance}`)).size).toBe(1);
    expect(await mainBalanceOf(kit, m)).toBe(results[0]!.body.value.amount);
    const grabs = await kit.t.ctx.db.selectFrom('red_envelope_grabs').select('id').where('campaign_id', '=', id).execute();
    expect(grabs).toHaveLength(1);
    expect(await postingSum(kit)).toBe(0);
  });
});
