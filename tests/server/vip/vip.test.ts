import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBet } from '@server/services/ledger/bets';
import { ledgerOf } from '@server/services/ledger/ledger';
import { postingSum } from '../../helpers/money-kit';
import { mainBalanceOf, templatesOf } from '../promotions/promotions-kit';
import { addLadder, addLevel, claim, clearLevels, fundedMember, PATHS, play, startVipKit, status, type MoneyKit } from './vip-kit';

describe('VIP levels', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startVipKit();
  });
  afterAll(async () => kit?.close());

  const lastAudit = (action: string) =>
    kit.t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('[MEMBER-16] the demo seed defines Bronze, Silver, Gold and Platinum; a new member has none yet and sees what Bronze needs', async () => {
    const m = await fundedMember(kit);
    const res = await status(kit, m);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      levels: [
        { rank: 1, name: 'Bronze', turnover: 100, upgradeBonus: 5 },
        { rank: 2, name: 'Silver', turnover: 500, upgradeBonus: 18 },
        { rank: 3, name: 'Gold', turnover: 2000, upgradeBonus: 58 },
        { rank: 4, name: 'Platinum', turnover: 10000, upgradeBonus: 188 },
      ],
      rank: 0,
      name: '',
      turnover: 0,
      next: { rank: 1, name: 'Bronze', turnover: 100, needed: 100 },
      bonuses: [],
      claimableCount: 0,
    });
  });

  it('[MEMBER-16] the level is the highest whose threshold the settled stakes reach; skipped levels issue their bonuses too, each once, with an inbox message', async () => {
    await clearLevels(kit);
    await addLadder(kit);
    const m = await fundedMember(kit);
    await play(kit, m, 2, 40_00);
    expect((await status(kit, m)).body.value).toMatchObject({ rank: 0, name: '', turnover: 80, next: { rank: 1, needed: 20 }, bonuses: [] });
    await play(kit, m, 14, 40_00); // 640.00: past Bronze and Silver in one go
    const first = (await status(kit, m)).body.value;
    expect(first).toMatchObject({ rank: 2, name: 'Silver', turnover: 640, next: { rank: 3, name: 'Gold', turnover: 2000, needed: 1360 }, claimableCount: 2 });
    expect(first.bonuses.map((b: { rank: number; name: string; amount: number; claimedAt: null }) => [b.rank, b.name, b.amount, b.claimedAt])).toEqual([
      [2, 'Silver', 18, null],
      [1, 'Bronze', 5, null],
    ]);
    const again = (await status(kit, m)).body.value;
    expect(again.bonuses).toEqual(first.bonuses);
    expect(await templatesOf(kit, m)).toEqual(['vip.bonusIssued', 'vip.bonusIssued']);
    expect(await kit.t.ctx.db.selectFrom('vip_reached').select('rank').where('member_id', '=', m.id).orderBy('rank').execute()).toEqual([{ rank: 1 }, { rank: 2 }]);
  });

  it('[MEMBER-16] a bet still open does not count; only settled stakes do', async () => {
    await clearLevels(kit);
    await addLadder(kit);
    const m = await fundedMember(kit);
    await kit.t.ctx.db.transaction().execute((trx) =>
      placeBet(trx, ledgerOf(kit.t.ctx), { betId: `open-${m.id}`, memberId: m.id, vendor: 'HOUSE', gameType: 'RNG', gameCode: 'HOUSE_DICE', gameName: 'Dice', stake: 500_00, at: new Date() }),
    );
    expect((await status(kit, m)).body.value).toMatchObject({ rank: 0, turnover: 0 });
  });

  it('[MEMBER-16] a claim credits the bonus once as PROMOTION_BONUS from the promotions account; a repeat answers the same and moves nothing', async () => {
    await clearLevels(kit);
    await addLadder(kit);
    const m = await fundedMember(kit, 1_000_00);
    await play(kit, m, 1, 120_00);
    const [bronze] = (await status(kit, m)).body.value.bonuses as { bonusId: number; amount: number }[];
    const before = await mainBalanceOf(kit, m);
    const first = await claim(kit, m, bronze!.bonusId);
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual({ amount: 5, balance: before + 5 });
    const again = await claim(kit, m, bronze!.bonusId);
    expect(again.body.value).toEqual(first.body.value);
    expect(await mainBalanceOf(kit, m)).toBe(before + 5);
    const entries = await kit.t.ctx.db.selectFrom('ledger_transactions').select(['entry_type', 'idempotency_key']).where('idempotency_key', '=', `vip-bonus:${bronze!.bonusId}`).execute();
    expect(entries).toEqual([{ entry_type: 'PROMOTION_BONUS', idempotency_key: `vip-bonus:${bronze!.bonusId}` }]);
    const after = (await status(kit, m)).body.value;
    expect(after).toMatchObject({ claimableCount: 0, bonuses: [{ bonusId: bronze!.bonusId, claimedAt: expect.any(String) }] });
    expect(await templatesOf(kit, m)).toEqual(['vip.bonusIssued', 'vip.bonusClaimed']);
    expect(await postingSum(kit)).toBe(0);
  });

  it("[MEMBER-16] another member's bonus is NOT_FOUND; trial accounts have no VIP (403 TRIAL_ACCOUNT); guests are 401", async () => {
    await clearLevels(kit);
    await addLadder(kit);
    const owner = await fundedMember(kit);
    await play(kit, owner, 1, 100_00);
    const [bonus] = (await status(kit, owner)).body.value.bonuses as { bonusId: number }[];
    const other = await fundedMember(kit);
    const stolen = await claim(kit, other, bonus!.bonusId);
    expect([stolen.status, stolen.body.code]).toEqual([404, 'NOT_FOUND']);
    const trial = await kit.member(4);
    for (const res of [await status(kit, trial), await claim(kit, trial, bonus!.bonusId)]) expect([res.status, res.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    expect((await kit.call('GET', PATHS.status, { token: null })).status).toBe(401);
  });

  it('[MEMBER-16] a level is never lost: raising its threshold later keeps members on it; a level without a bonus issues none', async () => {
    await clearLevels(kit);
    const bronze = await addLevel(kit, { rank: 1, name: 'Bronze', turnover: 100, upgradeBonus: 0 });
    await addLevel(kit, { rank: 2, name: 'Silver', turnover: 500, upgradeBonus: 10 });
    const m = await fundedMember(kit);
    await play(kit, m, 1, 150_00);
    expect((await status(kit, m)).body.value).toMatchObject({ rank: 1, name: 'Bronze', bonuses: [], claimableCount: 0 });
    expect(await templatesOf(kit, m)).toEqual(['vip.levelReached']);
    await addLevel(kit, { levelId: bronze, rank: 1, name: 'Bronze club', turnover: 300, upgradeBonus: 0 });
    expect((await status(kit, m)).body.value).toMatchObject({ rank: 1, name: 'Bronze club', turnover: 150, next: { rank: 2, needed: 350 } });
  });

  it('[MEMBER-16] operators add, change and remove levels (audited); a rank taken or a threshold out of order is a CONFLICT; a reached level cannot be removed', async () => {
    await clearLevels(kit);
    const silver = await addLevel(kit, { rank: 2, name: 'Silver', turnover: 500, upgradeBonus: 18 });
    expect((await lastAudit('vip.level.create')).detail).toMatchObject({ levelId: silver, rank: 2, name: 'Silver', turnover: 500, upgradeBonus: 18 });
    const taken = await kit.ops('POST', PATHS.ops, { body: { rank: 2, name: 'Other', turnover: 900 } });
    expect([taken.status, taken.body.code]).toEqual([409, 'CONFLICT']);
    const lowerNeedsLess = await kit.ops('POST', PATHS.ops, { body: { rank: 1, name: 'Bronze', turnover: 500 } });
    expect([lowerNeedsLess.status, lowerNeedsLess.body.code]).toEqual([409, 'CONFLICT']);
    const higherNeedsMore = await kit.ops('POST', PATHS.ops, { body: { rank: 3, name: 'Gold', turnover: 400 } });
    expect([higherNeedsMore.status, higherNeedsMore.body.code]).toEqual([409, 'CONFLICT']);
    for (const body of [{ rank: 0, name: 'x', turnover: 1 }, { rank: 1, name: ' ', turnover: 1 }, { rank: 1, name: 'x', turnover: -1 }]) {
      const res = await kit.ops('POST', PATHS.ops, { body });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION']);
    }
    const unknown = await kit.ops('POST', PATHS.ops, { body: { levelId: 999_999, rank: 9, name: 'x', turnover: 9000 } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const bronze = await addLevel(kit, { rank: 1, name: 'Bronze', turnover: 100, upgradeBonus: 5 });
    const renamed = await kit.ops('POST', PATHS.ops, { body: { levelId: silver, rank: 2, name: 'Silver star', turnover: 600, upgradeBonus: 20 } });
    expect(renamed.body.value).toEqual({ levelId: silver, rank: 2, name: 'Silver star', turnover: 600, upgradeBonus: 20, reachedCount: 0 });
    expect((await lastAudit('vip.level.update')).detail).toMatchObject({ levelId: silver, name: 'Silver star' });
    const m = await fundedMember(kit);
    await play(kit, m, 1, 100_00);
    await status(kit, m);
    const list = (await kit.ops('GET', PATHS.ops)).body.value as { levelId: number; reachedCount: number }[];
    expect(list.map((l) => [l.levelId, l.reachedCount])).toEqual([
      [bronze, 1],
      [silver, 0],
    ]);
    const refused = await kit.ops('POST', PATHS.opsDelete, { body: { levelId: bronze } });
    expect([refused.status, refused.body.code]).toEqual([409, 'INVALID_STATE']);
    const removed = await kit.ops('POST', PATHS.opsDelete, { body: { levelId: silver } });
    expect(removed.body.value).toEqual({ levelId: silver });
    expect((await lastAudit('vip.level.delete')).detail).toMatchObject({ levelId: silver, name: 'Silver star' });
    expect(((await kit.ops('GET', PATHS.ops)).body.value as unknown[]).length).toBe(1);
  });

  it('[MEMBER-16] with no level defined VIP is off: the status is empty', async () => {
    await clearLevels(kit);
    const m = await fundedMember(kit);
    await play(kit, m, 1, 100_00);
    expect((await status(kit, m)).body.value).toEqual({ levels: [], rank: 0, name: '', turnover: 100, next: null, bonuses: [], claimableCount: 0 });
  });
});
