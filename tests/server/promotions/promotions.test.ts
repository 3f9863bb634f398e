import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPromotion,
  b64,
  entryIdOf,
  GIF,
  JPG,
  mainBalanceOf,
  PATHS,
  PNG,
  startPromotionsKit,
  templatesOf,
  type Member,
  type MoneyKit,
} from './promotions-kit';

describe('promotions: player calls', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPromotionsKit();
  });
  afterAll(async () => kit.close());

  const statusIn = async (m: Member | null, promotionId: number) => {
    const res = await kit.call('GET', PATHS.list, { token: m?.token ?? null });
    return (res.body.value.list as { promotionId: number; status: string }[]).find((p) => p.promotionId === promotionId)?.status;
  };

  it('[MEMBER-10] the demo seed holds four promotions, one a raffle with weighted prizes', async () => {
    const seeded = await kit.t.ctx.db.selectFrom('promotions').select(['id', 'type', 'needs_application']).orderBy('id').limit(4).execute();
    expect(seeded.map((p) => p.type)).toEqual(['DEPOSIT', 'REBATE', 'RAFFLE', 'OTHER']);
    expect(seeded[0]!.needs_application).toBe(true);
    const prizes = await kit.t.ctx.db.selectFrom('promotion_prizes').select('weight').where('promotion_id', '=', seeded[2]!.id).execute();
    expect(prizes.map((p) => p.weight)).toEqual([1, 9, 30, 60]);
    const list = await kit.call('GET', PATHS.list, { query: { type: 'OTHER' } });
    expect(list.body.value.list.find((p: { promotionId: number }) => p.promotionId === seeded[3]!.id).status).toBe('COMING_SOON');
  });

  it('[MEMBER-10] the list filters by type; inactive promotions are not shown', async () => {
    const raffle = await addPromotion(kit, { type: 'RAFFLE', prizes: [{ name: 'A', amount: 1, weight: 1 }] });
    const deposit = await addPromotion(kit, { type: 'DEPOSIT' });
    const hidden = await addPromotion(kit, { type: 'DEPOSIT', active: false });
    const deposits = await kit.call('GET', PATHS.list, { query: { type: 'DEPOSIT' } });
    const ids = (deposits.body.value.list as { promotionId: number; type: string }[]).map((p) => p.promotionId);
    expect(ids).toContain(deposit);
    expect(ids).not.toContain(raffle);
    expect(ids).not.toContain(hidden);
    expect((deposits.body.value.list as { type: string }[]).every((p) => p.type === 'DEPOSIT')).toBe(true);
    expect((await kit.call('GET', PATHS.list, { query: { type: 'NOPE' } })).status).toBe(400);
  });

  it('[MEMBER-11] coming soon before the start, close after the end, join while open; a signed-in player sees PROCESS on an open raffle', async () => {
    const soon = await addPromotion(kit, { startsInDays: 2, endsInDays: 5 });
    const over = await addPromotion(kit, { startsInDays: -5, endsInDays: -1 });
    const open = await addPromotion(kit);
    const raffle = await addPromotion(kit, { type: 'RAFFLE', prizes: [{ name: 'A', amount: 1, weight: 1 }] });
    const m = await kit.member();
    expect(await statusIn(null, soon)).toBe('COMING_SOON');
    expect(await statusIn(null, over)).toBe('CLOSE');
    expect(await statusIn(null, open)).toBe('JOIN');
    expect(await statusIn(null, raffle)).toBe('JOIN');
    expect(await statusIn(m, raffle)).toBe('PROCESS');
    const join = await kit.call('POST', PATHS.join, { token: m.token, body: { promotionId: soon } });
    expect([join.status, join.body.code]).toEqual([409, 'PROMOTION_NOT_OPEN']);
  });

  it('[MEMBER-11] joining without review: SIGNED without a bonus, ISSUED with one, then claimed into the wallet once (CLAIMED)', async () => {
    const plain = await addPromotion(kit);
    const bonus = await addPromotion(kit, { bonusAmount: 12.5 });
    const m = await kit.member();
    const signed = await kit.call('POST', PATHS.join, { token: m.token, body: { promotionId: plain } });
    expect(signed.body.value.status).toBe('SIGNED');
    const again = await kit.call('POST', PATHS.join, { token: m.token, body: { promotionId: plain } });
    expect([again.status, again.body.code]).toEqual([409, 'PROMOTION_ENTERED']);
    const issued = await kit.call('POST', PATHS.join, { token: m.token, body: { promotionId: bonus } });
    expect(issued.body.value).toMatchObject({ status: 'ISSUED', entry: { amount: 12.5 } });
    expect(await mainBalanceOf(kit, m)).toBe(0);
    const claim = await kit.call('POST', PATHS.claim, { token: m.token, body: { promotionId: bonus } });
    expect(claim.body.value).toEqual({ amount: 12.5, balance: 12.5 });
    const repeat = await kit.call('POST', PATHS.claim, { token: m.token, body: { promotionId: bonus } });
    expect(repeat.body.value).toEqual({ amount: 12.5, balance: 12.5 });
    expect(await mainBalanceOf(kit, m)).toBe(12.5);
    expect(await statusIn(m, bonus)).toBe('CLAIMED');
    const tx = await kit.t.ctx.db.selectFrom('ledger_transactions').select('entry_type').where('reference', '=', `promotion:${bonus}`).execute();
    expect(tx).toEqual([{ entry_type: 'PROMOTION_BONUS' }]);
    const nothing = await kit.call('POST', PATHS.claim, { token: m.token, body: { promotionId: plain } });
    expect([nothing.status, nothing.body.code]).toEqual([409, 'INVALID_STATE']);
    expect(await templatesOf(kit, m)).toEqual(['promotion.joined', 'promotion.bonusIssued', 'promotion.claimed']);
  });

  it('[MEMBER-12] a promotion under review cannot be joined, only applied for; the application is APPLYING with its comment and images', async () => {
    const id = await addPromotion(kit, { needsApplication: true, bonusAmount: 20 });
    const m = await kit.member();
    const join = await kit.call('POST', PATHS.join, { token: m.token, body: { promotionId: id } });
    expect([join.status, join.body.code]).toEqual([409, 'APPLICATION_REQUIRED']);
    const res = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: 'My receipt', images: [b64(PNG), `data:image/jpeg;base64,${b64(JPG)}`] } });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ status: 'APPLYING', entry: { comment: 'My receipt' } });
    const entryId = await entryIdOf(kit, id, m);
    const apps = await kit.ops('GET', PATHS.opsApplications, { query: { promotionId: id } });
    const [app] = apps.body.value.list;
    expect(app).toMatchObject({ entryId, status: 'APPLYING', account: m.account, comment: 'My receipt' });
    expect(app.imageIds).toHaveLength(2);
    const image = await kit.ops('GET', PATHS.opsImage, { query: { imageId: app.imageIds[0] } });
    expect(image.body.value).toMatchObject({ contentType: 'image/png', data: b64(PNG) });
    expect(res.body.value.entry.imageIds).toEqual(app.imageIds);
    const own = await kit.call('GET', PATHS.image, { token: m.token, query: { imageId: app.imageIds[1] } });
    expect(own.body.value).toEqual({ imageId: app.imageIds[1], contentType: 'image/jpeg', data: b64(JPG) });
    const other = await kit.member();
    const foreign = await kit.call('GET', PATHS.image, { token: other.token, query: { imageId: app.imageIds[1] } });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
    const twice = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id } });
    expect([twice.status, twice.body.code]).toEqual([409, 'PROMOTION_ENTERED']);
    expect(await templatesOf(kit, m)).toEqual(['promotion.applied']);
  });

  it('[VAL-40] a comment over 140 characters is refused and nothing is stored', async () => {
    const id = await addPromotion(kit, { needsApplication: true });
    const m = await kit.member();
    const res = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: 'x'.repeat(141) } });
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION']);
    const ok = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: 'x'.repeat(140) } });
    expect(ok.status).toBe(200);
  });

  it('[VAL-41] more than 3 images, or a file that is not png or jpg by its bytes, is refused and nothing is stored', async () => {
    const id = await addPromotion(kit, { needsApplication: true });
    const m = await kit.member();
    const four = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, images: [b64(PNG), b64(PNG), b64(PNG), b64(PNG)] } });
    expect([four.status, four.body.code]).toEqual([400, 'VALIDATION']);
    const gif = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, images: [b64(PNG), `data:image/png;base64,${b64(GIF)}`] } });
    expect([gif.status, gif.body.code]).toEqual([400, 'PROOF_INVALID']);
    const big = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, images: [b64(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))] } });
    expect([big.status, big.body.code]).toEqual([400, 'PROOF_INVALID']);
    const entries = await kit.t.ctx.db.selectFrom('promotion_entries').select('id').where('promotion_id', '=', id).execute();
    expect(entries).toEqual([]);
  });

  it('[MEMBER-13] the reward centre lists what is open to the player with its count of things to claim; guests and trial accounts are refused', async () => {
    const m = await kit.member();
    const bonus = await addPromotion(kit, { bonusAmount: 3 });
    const soon = await addPromotion(kit, { startsInDays: 3, endsInDays: 9 });
    const before = await kit.call('GET', PATHS.center, { token: m.token });
    const ids = (before.body.value.list as { promotionId: number }[]).map((p) => p.promotionId);
    expect(ids).toContain(bonus);
    expect(ids).not.toContain(soon);
    await kit.call('POST', PATHS.join, { token: m.token, body: { promotionId: bonus } });
    const after = await kit.call('GET', PATHS.center, { token: m.token });
    expect(after.body.value.claimableCount).toBe(before.body.value.claimableCount + 1);
    const ended = await addPromotion(kit, { startsInDays: -5, endsInDays: -1 });
    const later = await kit.call('GET', PATHS.center, { token: m.token });
    expect((later.body.value.list as { promotionId: number }[]).map((p) => p.promotionId)).not.toContain(ended);
    expect((await kit.call('GET', PATHS.center)).status).toBe(401);
    const trial = await kit.member(4);
    const refused = await kit.call('GET', PATHS.center, { token: trial.token });
    expect([refused.status, refused.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
  });

  it('[MEMBER-14] a raffle is drawn once: the prize is credited as a PROMOTION_BONUS, a repeat returns the same prize and moves nothing', async () => {
    const id = await addPromotion(kit, { type: 'RAFFLE', prizes: [{ name: 'Only prize', amount: 7.77, weight: 5 }] });
    const m = await kit.member();
    const first = await kit.call('POST', PATHS.raffle, { token: m.token, body: { promotionId: id } });
    expect(first.body.value).toEqual({ prizeName: 'Only prize', amount: 7.77, balance: 7.77 });
    const again = await kit.call('POST', PATHS.raffle, { token: m.token, body: { promotionId: id } });
    expect(again.body.value).toEqual(first.body.value);
    expect(await mainBalanceOf(kit, m)).toBe(7.77);
    expect(await statusIn(m, id)).toBe('CLAIMED');
    expect(await templatesOf(kit, m)).toEqual(['promotion.raffleWon']);
    const notRaffle = await addPromotion(kit);
    const wrong = await kit.call('POST', PATHS.raffle, { token: m.token, body: { promotionId: notRaffle } });
    expect([wrong.status, wrong.body.code]).toEqual([409, 'INVALID_STATE']);
    const closed = await addPromotion(kit, { type: 'RAFFLE', startsInDays: -3, endsInDays: -1, prizes: [{ name: 'P', amount: 1, weight: 1 }] });
    const late = await kit.call('POST', PATHS.raffle, { token: m.token, body: { promotionId: closed } });
    expect([late.status, late.body.code]).toEqual([409, 'PROMOTION_NOT_OPEN']);
    const unknown = await kit.call('POST', PATHS.raffle, { token: m.token, body: { promotionId: 999_999 } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('[MEMBER-14] prizes are drawn by weight', async () => {
    const { pickPrize } = await import('@server/services/promotions/promotions');
    const prizes = [
      { id: 1, promotion_id: 1, position: 0, name: 'rare', amount: 100, weight: 1 },
      { id: 2, promotion_id: 1, position: 1, name: 'common', amount: 1, weight: 9 },
    ];
    expect(pickPrize(prizes, 0).name).toBe('rare');
    expect(pickPrize(prizes, 1).name).toBe('common');
    expect(pickPrize(prizes, 9).name).toBe('common');
  });

  it('[MEMBER-12] a trial account cannot join, apply, claim or draw (403 TRIAL_ACCOUNT)', async () => {
    const id = await addPromotion(kit);
    const trial = await kit.member(4);
    for (const url of [PATHS.join, PATHS.apply, PATHS.claim, PATHS.raffle]) {
      const res = await kit.call('POST', url, { token: trial.token, body: { promotionId: id } });
      expect([res.status, res.body.code], url).toEqual([403, 'TRIAL_ACCOUNT']);
    }
  });
});
