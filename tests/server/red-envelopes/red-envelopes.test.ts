import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeAmount } from '@server/services/red-envelopes/red-envelopes';
import { deposited } from '../missions/missions-kit';
import { mainBalanceOf, templatesOf } from '../promotions/promotions-kit';
import { addCampaign, campaignOf, grab, PATHS, startRedEnvelopesKit, type MoneyKit } from './red-envelopes-kit';

describe('red envelopes', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startRedEnvelopesKit();
  });
  afterAll(async () => kit.close());

  const lastAudit = (action: string) =>
    kit.t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('[MEMBER-15] the demo seed runs two campaigns, one open to all, one for depositors', async () => {
    const list = (await kit.call('GET', PATHS.list)).body.value.list as { title: string; minDeposit: number; status: string; deposited: null }[];
    expect(list.filter((c) => c.title === 'Lucky red envelopes' || c.title === "Depositors' red envelopes")).toEqual([
      expect.objectContaining({ title: 'Lucky red envelopes', minDeposit: 0, status: 'OPEN', deposited: null }),
      expect.objectContaining({ title: "Depositors' red envelopes", minDeposit: 100, status: 'OPEN', deposited: null }),
    ]);
  });

  it('[MEMBER-15] a player takes one envelope: credited as RED_ENVELOPE, told by an inbox message; a repeat answers the same envelope and moves nothing', async () => {
    const id = await addCampaign(kit, { title: 'Spring envelopes', totalAmount: 10, envelopeCount: 4, minAmount: 1 });
    const m = await kit.member();
    expect(await campaignOf(kit, m, id)).toMatchObject({ status: 'OPEN', remainingCount: 4, envelopeCount: 4, grabbed: null, deposited: 0 });
    const first = await grab(kit, m, id);
    expect(first.status).toBe(200);
    const { amount, balance } = first.body.value as { amount: number; balance: number };
    expect(amount).toBeGreaterThanOrEqual(1);
    expect(amount).toBeLessThanOrEqual(5);
    expect(balance).toBe(amount);
    expect(await mainBalanceOf(kit, m)).toBe(amount);
    const again = await grab(kit, m, id);
    expect(again.body.value).toEqual({ amount, balance });
    expect(await mainBalanceOf(kit, m)).toBe(amount);
    expect(await campaignOf(kit, m, id)).toMatchObject({ status: 'GRABBED', remainingCount: 3, grabbed: { amount } });
    const entries = await kit.t.ctx.db.selectFrom('ledger_transactions').select(['entry_type']).where('reference', '=', `red-envelope:${id}`).execute();
    expect(entries).toEqual([{ entry_type: 'RED_ENVELOPE' }]);
    expect(await templatesOf(kit, m)).toEqual(['redEnvelope.grabbed']);
  });

  it('[MEMBER-15] every envelope taken shares out exactly the total, each at least the minimum; then SOLD_OUT', async () => {
    const id = await addCampaign(kit, { totalAmount: 7.77, envelopeCount: 5, minAmount: 0.5 });
    const amounts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await grab(kit, await kit.member(), id);
      expect(res.status).toBe(200);
      amounts.push(res.body.value.amount);
    }
    expect(Math.round(amounts.reduce((a, b) => a + b, 0) * 100)).toBe(777);
    expect(Math.min(...amounts)).toBeGreaterThanOrEqual(0.5);
    const late = await kit.member();
    expect(await campaignOf(kit, late, id)).toMatchObject({ status: 'SOLD_OUT', remainingCount: 0 });
    const refused = await grab(kit, late, id);
    expect([refused.status, refused.body.code]).toEqual([409, 'RED_ENVELOPE_SOLD_OUT']);
    expect(await mainBalanceOf(kit, late)).toBe(0);
  });

  it('[MEMBER-15] a campaign with a deposit minimum: NOT_ELIGIBLE until the deposits credited since its start reach it', async () => {
    const id = await addCampaign(kit, { minDeposit: 100 });
    const m = await kit.member();
    await deposited(kit, m, 150_00, new Date(Date.now() - 3 * 24 * 60 * 60 * 1000)); // before the start: does not count
    await deposited(kit, m, 60_00, new Date());
    await deposited(kit, m, 90_00, new Date(), 'PENDING');
    expect(await campaignOf(kit, m, id)).toMatchObject({ status: 'NOT_ELIGIBLE', deposited: 60, minDeposit: 100 });
    const refused = await grab(kit, m, id);
    expect([refused.status, refused.body.code]).toEqual([409, 'RED_ENVELOPE_NOT_ELIGIBLE']);
    expect(await mainBalanceOf(kit, m)).toBe(0);
    await deposited(kit, m, 40_00, new Date());
    expect(await campaignOf(kit, m, id)).toMatchObject({ status: 'OPEN', deposited: 100 });
    expect((await grab(kit, m, id)).status).toBe(200);
  });

  it('[MEMBER-15] before its start and after its end a campaign cannot be opened; an inactive one is neither shown nor opened', async () => {
    const m = await kit.member();
    const coming = await addCampaign(kit, { startsInDays: 1, endsInDays: 2 });
    const ended = await addCampaign(kit, { startsInDays: -3, endsInDays: -0.5 });
    const hidden = await addCampaign(kit, { active: false });
    expect(await campaignOf(kit, m, coming)).toMatchObject({ status: 'COMING_SOON' });
    expect(await campaignOf(kit, m, ended)).toMatchObject({ status: 'CLOSED' });
    expect(await campaignOf(kit, m, hidden)).toBeUndefined();
    for (const id of [coming, ended]) {
      const res = await grab(kit, m, id);
      expect([res.status, res.body.code]).toEqual([409, 'RED_ENVELOPE_NOT_OPEN']);
    }
    const res = await grab(kit, m, hidden);
    expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(await mainBalanceOf(kit, m)).toBe(0);
  });

  it('[MEMBER-15] guests and trial accounts see the campaigns but cannot open one', async () => {
    const id = await addCampaign(kit);
    expect(await campaignOf(kit, null, id)).toMatchObject({ status: 'OPEN', deposited: null });
    const guest = await kit.call('POST', PATHS.grab, { token: null, body: { campaignId: id } });
    expect(guest.status).toBe(401);
    const trial = await kit.member(4);
    const res = await grab(kit, trial, id);
    expect([res.status, res.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
  });

  it('[MEMBER-15] operators add and change campaigns (audited); once an envelope is taken the amounts are fixed, the rest may change', async () => {
    const id = await addCampaign(kit, { title: 'Before', totalAmount: 20, envelopeCount: 2 });
    expect((await lastAudit('redEnvelopes.campaign.create')).detail).toMatchObject({ campaignId: id, title: 'Before', totalAmount: 20 });
    const [saved] = (await kit.ops('GET', PATHS.ops)).body.value.filter((c: { campaignId: number }) => c.campaignId === id);
    const resized = await kit.ops('POST', PATHS.ops, { body: { ...saved, totalAmount: 30, envelopeCount: 3 } });
    expect(resized.body.value).toMatchObject({ totalAmount: 30, envelopeCount: 3, grabbedCount: 0 });
    const m = await kit.member();
    const taken = (await grab(kit, m, id)).body.value.amount as number;
    const fixed = await kit.ops('POST', PATHS.ops, { body: { ...saved, totalAmount: 40, envelopeCount: 3 } });
    expect([fixed.status, fixed.body.code]).toEqual([409, 'INVALID_STATE']);
    const renamed = await kit.ops('POST', PATHS.ops, { body: { ...saved, totalAmount: 30, envelopeCount: 3, title: 'After', minDeposit: 5 } });
    expect(renamed.body.value).toMatchObject({ title: 'After', minDeposit: 5, grabbedCount: 1, grabbedAmount: taken });
    expect((await lastAudit('redEnvelopes.campaign.update')).detail).toMatchObject({ campaignId: id, title: 'After' });
    const grabs = await kit.ops('GET', PATHS.opsGrabs, { query: { campaignId: id } });
    expect(grabs.body.value).toMatchObject({ total: 1, list: [{ memberId: m.id, account: m.account, amount: taken }] });
  });

  it('[MEMBER-15] a total too small for its envelopes, an end before the start, or an unknown id is refused and nothing is stored', async () => {
    const before = await kit.t.ctx.db.selectFrom('red_envelope_campaigns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const base = { title: 'x', startTime: new Date().toISOString(), endTime: new Date(Date.now() + 60_000).toISOString(), totalAmount: 10, envelopeCount: 5, minAmount: 1 };
    for (const body of [{ ...base, totalAmount: 4.99 }, { ...base, endTime: new Date(Date.now() - 60_000).toISOString() }, { ...base, envelopeCount: 0 }]) {
      const res = await kit.ops('POST', PATHS.ops, { body });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION']);
    }
    const unknown = await kit.ops('POST', PATHS.ops, { body: { ...base, campaignId: 999_999 } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const after = await kit.t.ctx.db.selectFrom('red_envelope_campaigns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('[MEMBER-15] the split: any sequence of envelopes shares out exactly the total, each at least the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 100_000 }), fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })), (count, min, extra, rolls) => {
        let left = count * min + extra;
        const total = left;
        const taken: number[] = [];
        const roll = rolls[Symbol.iterator]();
        for (let n = count; n > 0; n -= 1) {
          const amount = envelopeAmount(left, n, min, (lo, hi) => lo + Math.floor((roll.next().value as number) * (hi - lo)));
          taken.push(amount);
          left -= amount;
          expect(left).toBeGreaterThanOrEqual((n - 1) * min);
        }
        expect(taken.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.min(...taken)).toBeGreaterThanOrEqual(min);
      }),
    );
  });
});
