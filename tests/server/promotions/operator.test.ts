import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { operatorPromotionsEndpoints } from '@shared/contract/operator-promotions';
import { eventsOf } from '../contracts/contracts-kit';
import { addPromotion, b64, entryIdOf, JPG, mainBalanceOf, PATHS, PNG, startPromotionsKit, templatesOf, type MoneyKit } from './promotions-kit';

describe('promotions: operator calls', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPromotionsKit();
  });
  afterAll(async () => kit.close());

  const lastAudit = (action: string) =>
    kit.t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('[MEMBER-12] a member token or none cannot call any operator promotions endpoint (401), and nothing changes', async () => {
    const m = await kit.member();
    const before = await kit.t.ctx.db.selectFrom('promotions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [key, def] of Object.entries(operatorPromotionsEndpoints)) {
      for (const token of [m.token, null]) {
        const res = await kit.call(def.method, def.path, { token, ...(def.method === 'POST' ? { body: {} } : {}) });
        expect([res.status, res.body.code], `${key} ${token ? 'member' : 'guest'}`).toEqual([401, 'UNAUTHORIZED']);
      }
      expect(http[key as keyof typeof http]).toBe(def);
    }
    const after = await kit.t.ctx.db.selectFrom('promotions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('[MEMBER-10] creates and edits a promotion (a raffle with weighted prizes); players see it; audited', async () => {
    const id = await addPromotion(kit, { title: 'Spin day', type: 'RAFFLE', prizes: [{ name: 'Big', amount: 50, weight: 1 }, { name: 'Small', amount: 1, weight: 9 }] });
    const list = await kit.ops('GET', PATHS.opsList);
    const saved = (list.body.value as { promotionId: number }[]).find((p) => p.promotionId === id);
    expect(saved).toMatchObject({ title: 'Spin day', type: 'RAFFLE', needsApplication: false, prizes: [{ name: 'Big', amount: 50, weight: 1 }, { name: 'Small', amount: 1, weight: 9 }] });
    expect((await lastAudit('promotions.promotion.create')).detail).toMatchObject({ promotionId: id, title: 'Spin day' });
    const edited = await kit.ops('POST', PATHS.opsList, {
      body: { ...(saved as object), promotionId: id, title: 'Spin days', prizes: [{ name: 'Only', amount: 2, weight: 1 }] },
    });
    expect(edited.body.value).toMatchObject({ title: 'Spin days', prizes: [{ name: 'Only', amount: 2, weight: 1 }] });
    const shown = await kit.call('GET', PATHS.list, { query: { type: 'RAFFLE' } });
    expect((shown.body.value.list as { promotionId: number; prizes: unknown[] }[]).find((p) => p.promotionId === id)?.prizes).toEqual([{ name: 'Only', amount: 2 }]);
    expect((await lastAudit('promotions.promotion.update')).detail).toMatchObject({ promotionId: id });
  });

  it('[MEMBER-10] refuses a raffle without prizes, an end before the start, and an unknown id', async () => {
    const base = { title: 'x', type: 'RAFFLE', startTime: new Date().toISOString(), endTime: new Date(Date.now() + 1000).toISOString(), prizes: [] };
    expect((await kit.ops('POST', PATHS.opsList, { body: base })).body.code).toBe('VALIDATION');
    expect((await kit.ops('POST', PATHS.opsList, { body: { ...base, type: 'OTHER', endTime: new Date(Date.now() - 1000).toISOString() } })).body.code).toBe('VALIDATION');
    const unknown = await kit.ops('POST', PATHS.opsList, { body: { ...base, type: 'OTHER', promotionId: 999_999 } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('[MEMBER-11] approving an application issues its bonus (ISSUED), the player claims it (CLAIMED); each step is an inbox message; audited', async () => {
    const id = await addPromotion(kit, { needsApplication: true, bonusAmount: 25 });
    const m = await kit.member();
    await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: 'please' } });
    const entryId = await entryIdOf(kit, id, m);
    const approved = await kit.ops('POST', PATHS.opsApprove, { body: { entryId } });
    expect(approved.body.value).toMatchObject({ entryId, status: 'ISSUED', amount: 25 });
    expect(await eventsOf(kit.t.ctx, m.id, 'promotion:changed')).toEqual([expect.objectContaining({ promotionId: id, status: 'ISSUED' })]);
    expect((await lastAudit('promotions.application.approve')).detail).toMatchObject({ entryId, memberId: m.id });
    const twice = await kit.ops('POST', PATHS.opsReject, { body: { entryId, reason: 'too late' } });
    expect([twice.status, twice.body.code]).toEqual([409, 'INVALID_STATE']);
    expect((await kit.call('GET', PATHS.center, { token: m.token })).body.value.list.find((p: { promotionId: number }) => p.promotionId === id).status).toBe('ISSUED');
    const claim = await kit.call('POST', PATHS.claim, { token: m.token, body: { promotionId: id } });
    expect(claim.body.value).toEqual({ amount: 25, balance: 25 });
    expect(await mainBalanceOf(kit, m)).toBe(25);
    expect(await templatesOf(kit, m)).toEqual(['promotion.applied', 'promotion.approved', 'promotion.claimed']);
  });

  it('[MEMBER-11] rejecting an application keeps the reason (REJECTED); the player is told and nothing is credited', async () => {
    const id = await addPromotion(kit, { needsApplication: true, bonusAmount: 25 });
    const m = await kit.member();
    await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id } });
    const entryId = await entryIdOf(kit, id, m);
    const rejected = await kit.ops('POST', PATHS.opsReject, { body: { entryId, reason: 'No deposit found' } });
    expect(rejected.body.value).toMatchObject({ status: 'REJECTED', reason: 'No deposit found' });
    expect(await eventsOf(kit.t.ctx, m.id, 'promotion:changed')).toEqual([expect.objectContaining({ promotionId: id, status: 'REJECTED' })]);
    const shown = await kit.call('GET', PATHS.list, { token: m.token });
    expect(shown.body.value.list.find((p: { promotionId: number }) => p.promotionId === id)).toMatchObject({ status: 'REJECTED', entry: { reason: 'No deposit found' } });
    const claim = await kit.call('POST', PATHS.claim, { token: m.token, body: { promotionId: id } });
    expect([claim.status, claim.body.code]).toEqual([409, 'INVALID_STATE']);
    expect(await mainBalanceOf(kit, m)).toBe(0);
    expect(await templatesOf(kit, m)).toEqual(['promotion.applied', 'promotion.rejected']);
    const unknown = await kit.ops('POST', PATHS.opsApprove, { body: { entryId: 999_999 } });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('[MEMBER-12] a rejected application is sent again while the promotion runs: APPLYING with the new comment and images, the old images gone, then reviewed afresh', async () => {
    const id = await addPromotion(kit, { needsApplication: true, bonusAmount: 25 });
    const m = await kit.member();
    await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: 'first try', images: [b64(PNG)] } });
    const entryId = await entryIdOf(kit, id, m);
    const [oldImage] = (await kit.t.ctx.db.selectFrom('promotion_entry_images').selectAll().where('entry_id', '=', entryId).execute()).map((r) => r.id);
    await kit.ops('POST', PATHS.opsReject, { body: { entryId, reason: 'Receipt unreadable' } });
    const again = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: 'clearer receipt', images: [b64(JPG)] } });
    expect(again.status).toBe(200);
    expect(again.body.value).toMatchObject({ status: 'APPLYING', entry: { comment: 'clearer receipt', reason: null } });
    const [app] = (await kit.ops('GET', PATHS.opsApplications, { query: { promotionId: id } })).body.value.list;
    expect(app).toMatchObject({ entryId, status: 'APPLYING', reason: null, reviewedAt: null, comment: 'clearer receipt' });
    expect(app.imageIds).toHaveLength(1);
    expect((await kit.ops('GET', PATHS.opsImage, { query: { imageId: app.imageIds[0] } })).body.value).toMatchObject({ contentType: 'image/jpeg', data: b64(JPG) });
    const gone = await kit.ops('GET', PATHS.opsImage, { query: { imageId: oldImage! } });
    expect([gone.status, gone.body.code]).toEqual([404, 'NOT_FOUND']);
    const pending = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id, comment: 'third' } });
    expect([pending.status, pending.body.code]).toEqual([409, 'PROMOTION_ENTERED']);
    expect((await kit.ops('POST', PATHS.opsApprove, { body: { entryId } })).body.value).toMatchObject({ status: 'ISSUED', amount: 25 });
    const afterApproval = await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id } });
    expect([afterApproval.status, afterApproval.body.code]).toEqual([409, 'PROMOTION_ENTERED']);
    expect(await templatesOf(kit, m)).toEqual(['promotion.applied', 'promotion.rejected', 'promotion.applied', 'promotion.approved']);
  });

  it('[MEMBER-11] approving an application of a promotion without a bonus signs it (SIGNED)', async () => {
    const id = await addPromotion(kit, { needsApplication: true });
    const m = await kit.member();
    await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id } });
    const approved = await kit.ops('POST', PATHS.opsApprove, { body: { entryId: await entryIdOf(kit, id, m) } });
    expect(approved.body.value.status).toBe('SIGNED');
    expect(await templatesOf(kit, m)).toEqual(['promotion.applied', 'promotion.joined']);
  });

  it('[MEMBER-12] the application list filters by status', async () => {
    const id = await addPromotion(kit, { needsApplication: true });
    const [a, b] = [await kit.member(), await kit.member()];
    for (const m of [a, b]) await kit.call('POST', PATHS.apply, { token: m.token, body: { promotionId: id } });
    await kit.ops('POST', PATHS.opsReject, { body: { entryId: await entryIdOf(kit, id, a), reason: 'nope nope' } });
    const applying = await kit.ops('GET', PATHS.opsApplications, { query: { promotionId: id, status: 'APPLYING' } });
    expect((applying.body.value.list as { memberId: number }[]).map((r) => r.memberId)).toEqual([b.id]);
    const pending = (await kit.ops('GET', PATHS.opsList)).body.value.find((p: { promotionId: number }) => p.promotionId === id);
    expect(pending.pendingApplications).toBe(1);
  });
});
