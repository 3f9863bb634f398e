import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { operatorPointsEndpoints } from '@shared/contract/operator-points';
import { addReward, grantPoints, PATHS, pointsOfMember, redeemBody, sealedCall, startPointsKit, stockOf, type MoneyKit } from './points-kit';

describe('points mall: operator calls', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPointsKit();
  });
  afterAll(async () => kit.close());

  const lastAudit = (action: string) =>
    kit.t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('[MEMBER-05] a member token or none cannot call any operator points endpoint (401), and nothing changes', async () => {
    const m = await kit.member();
    const before = await kit.t.ctx.db.selectFrom('points_settings').selectAll().executeTakeFirstOrThrow();
    for (const [key, def] of Object.entries(operatorPointsEndpoints)) {
      for (const token of [m.token, null]) {
        const res = await kit.call(def.method, def.path, { token, ...(def.method === 'POST' ? { body: {} } : {}) });
        expect([res.status, res.body.code], `${key} ${token ? 'member' : 'guest'}`).toEqual([401, 'UNAUTHORIZED']);
      }
      expect(http[key as keyof typeof http]).toBe(def);
    }
    expect(await kit.t.ctx.db.selectFrom('points_settings').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  describe('settings', () => {
    it('[API-61] reads and saves the ratio, the minimum, the earning rate and the rules; members see them at once; audited', async () => {
      expect((await kit.ops('GET', PATHS.opsSettings)).body.value).toMatchObject({ ratio: 100, minConvertPoints: 1000, earnPointsPerUnit: 1 });
      const saved = await kit.ops('POST', PATHS.opsSettings, { body: { ratio: 250.5, minConvertPoints: 500, earnPointsPerUnit: 0.25, rules: '<p>New rules</p>' } });
      expect(saved.body.value).toEqual({ ratio: 250.5, minConvertPoints: 500, earnPointsPerUnit: 0.25, rules: '<p>New rules</p>' });
      expect((await kit.call('GET', PATHS.config)).body.value).toEqual({ ratio: 250.5, minConvertPoints: 500, rules: '<p>New rules</p>' });
      const audit = await lastAudit('points.settings');
      expect(audit.detail).toMatchObject({ before: { ratio: 100 }, after: { ratio: 250.5 } });
      await kit.ops('POST', PATHS.opsSettings, { body: { ratio: 100, minConvertPoints: 1000, earnPointsPerUnit: 1, rules: '<p>Points never expire.</p>' } });
    });

    it('refuses a zero or negative ratio, a ratio too small to keep, and a negative minimum: 400 VALIDATION, nothing saved', async () => {
      for (const body of [
        { ratio: 0, minConvertPoints: 1, earnPointsPerUnit: 1, rules: '' },
        { ratio: -1, minConvertPoints: 1, earnPointsPerUnit: 1, rules: '' },
        { ratio: 0.0000001, minConvertPoints: 1, earnPointsPerUnit: 1, rules: '' },
        { ratio: 1, minConvertPoints: -1, earnPointsPerUnit: 1, rules: '' },
        { ratio: 1, minConvertPoints: 1, earnPointsPerUnit: -1, rules: '' },
      ]) {
        const res = await kit.ops('POST', PATHS.opsSettings, { body });
        expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'VALIDATION']);
      }
      expect((await kit.ops('GET', PATHS.opsSettings)).body.value.ratio).toBe(100);
    });
  });

  describe('goods', () => {
    it('[MEMBER-05] adds a goods item after the others and changes it; the list shows hidden ones too; audited', async () => {
      const created = await kit.ops('POST', PATHS.opsRewards, {
        body: { name: 'Travel mug', type: 'PHYSICAL', pointsRequired: 900, amountRequired: 1.5, stock: 12 },
      });
      expect(created.status).toBe(200);
      const id = created.body.value.rewardId as number;
      expect(created.body.value).toEqual({ rewardId: id, name: 'Travel mug', type: 'PHYSICAL', imageUrl: '', description: '', pointsRequired: 900, amountRequired: 1.5, stock: 12, active: true });
      const list = (await kit.ops('GET', PATHS.opsRewards)).body.value as { rewardId: number }[];
      expect(list.at(-1)!.rewardId).toBe(id);
      expect((await lastAudit('points.reward.create')).detail).toMatchObject({ rewardId: id, name: 'Travel mug', stock: 12 });

      const updated = await kit.ops('POST', PATHS.opsRewards, {
        body: { rewardId: id, name: 'Travel mug XL', type: 'PHYSICAL', imageUrl: '/static/points/hoodie.svg', pointsRequired: 950, stock: 3, active: false },
      });
      expect(updated.body.value).toMatchObject({ rewardId: id, name: 'Travel mug XL', amountRequired: 0, stock: 3, active: false });
      expect((await kit.ops('GET', PATHS.opsRewards)).body.value.find((r: { rewardId: number }) => r.rewardId === id)).toMatchObject({ active: false });
      const shown = (await kit.call('GET', PATHS.rewards, { query: { pageSize: 100 } })).body.value.list.map((r: { rewardId: number }) => r.rewardId);
      expect(shown).not.toContain(id);
      expect((await lastAudit('points.reward.update')).detail).toMatchObject({ rewardId: id, active: false });
    });

    it('refuses an unknown id (404), no points, a negative stock or cash in fractions of a cent (400)', async () => {
      const base = { name: 'Thing', type: 'VOUCHER', pointsRequired: 10, stock: 1 };
      expect((await kit.ops('POST', PATHS.opsRewards, { body: { ...base, rewardId: 2_000_000_000 } })).body.code).toBe('NOT_FOUND');
      for (const bad of [{ pointsRequired: 0 }, { stock: -1 }, { amountRequired: 0.001 }, { name: '' }]) {
        const res = await kit.ops('POST', PATHS.opsRewards, { body: { ...base, ...bad } });
        expect([res.status, res.body.code], JSON.stringify(bad)).toEqual([400, 'VALIDATION']);
      }
    });

    it('[API-59] a changed stock or price applies to the next redeem; an order keeps the snapshot it was made with', async () => {
      const id = await addReward(kit, { name: 'Old name', pointsRequired: 100, stock: 1 });
      const m = await kit.member();
      await kit.setPaymentPassword(m);
      await grantPoints(kit, m.id, 1000);
      const ref = (await sealedCall(kit, PATHS.redeem, m.token, redeemBody(id, { requestId: randomUUID() }))).body.value.referenceNo;
      await kit.ops('POST', PATHS.opsRewards, { body: { rewardId: id, name: 'New name', type: 'VOUCHER', pointsRequired: 200, stock: 5 } });
      const order = (await kit.ops('GET', PATHS.opsRedeems, { query: { account: m.account } })).body.value.list[0];
      expect(order).toMatchObject({ referenceNo: ref, name: 'Old name', type: 'PHYSICAL', pointsRequired: 100 });
      expect((await sealedCall(kit, PATHS.redeem, m.token, redeemBody(id, { requestId: randomUUID() }))).body.value.points).toBe(700);
      expect(await stockOf(kit, id)).toBe(4);
    });
  });

  describe('adjusting a member’s points', () => {
    it('[MEMBER-06] credits and debits with a reason kept in the points details, tells the player, and audits', async () => {
      const m = await kit.member();
      const up = await kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: 800, reason: 'Compensation for downtime' } });
      expect(up.body.value).toEqual({ points: 800 });
      const down = await kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: -300, reason: 'Correction of a double credit' } });
      expect(down.body.value).toEqual({ points: 500 });
      const details = (await kit.call('GET', PATHS.transactions, { token: m.token })).body.value.list;
      expect(details.map((d: { change: number; remark: string; balance: number }) => [d.change, d.balance, d.remark])).toEqual([
        [-300, 500, 'Correction of a double credit'],
        [800, 800, 'Compensation for downtime'],
      ]);
      const messages = (await kit.call('GET', '/wps/relay/CSP_messageList', { token: m.token })).body.value.list;
      expect(messages[0]).toMatchObject({ type: 'INBOX', template: 'points.adjusted', params: { points: '-300', reason: 'Correction of a double credit', balance: 500 } });
      expect((await lastAudit('points.adjust')).detail).toMatchObject({ memberId: m.id, points: -300, balance: 500 });
    });

    it('[MEMBER-09] a debit below zero is 409 INSUFFICIENT_POINTS and changes nothing; an unknown account is 404 USER_NOT_FOUND; zero is 400', async () => {
      const m = await kit.member();
      await grantPoints(kit, m.id, 100);
      const res = await kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: -101, reason: 'Too much taken' } });
      expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_POINTS']);
      const none = await kit.member();
      expect((await kit.ops('POST', PATHS.opsAdjust, { body: { account: none.account, points: -1, reason: 'Nothing to take' } })).body.code).toBe('INSUFFICIENT_POINTS');
      expect(await pointsOfMember(kit, m)).toBe(100);
      expect((await kit.ops('POST', PATHS.opsAdjust, { body: { account: 'nobody-here', points: 5, reason: 'Nobody' } })).status).toBe(404);
      expect((await kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: 0, reason: 'Nothing' } })).body.code).toBe('VALIDATION');
    });

    it('[MEMBER-09] a member holds at most a trillion points: a credit past it is 400 AMOUNT_OUT_OF_RANGE and changes nothing', async () => {
      const m = await kit.member();
      await kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: 999_999_999_000, reason: 'Close to the cap' } });
      const res = await kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: 1001, reason: 'Past the cap' } });
      expect([res.status, res.body.code, res.body.details]).toEqual([400, 'AMOUNT_OUT_OF_RANGE', { maxPoints: 1_000_000_000_000 }]);
      expect(await pointsOfMember(kit, m)).toBe(999_999_999_000);
      expect((await kit.ops('POST', PATHS.opsAdjust, { body: { account: m.account, points: 1_000_000_000_001, reason: 'Beyond' } })).body.code).toBe('VALIDATION');
    });

    it('with a requestId, a retry adjusts once; another adjustment under it is 409', async () => {
      const m = await kit.member();
      const requestId = randomUUID();
      const body = { account: m.account, points: 250, reason: 'Birthday bonus', requestId };
      await kit.ops('POST', PATHS.opsAdjust, { body });
      expect((await kit.ops('POST', PATHS.opsAdjust, { body })).body.value).toEqual({ points: 250 });
      expect(await pointsOfMember(kit, m)).toBe(250);
      expect((await kit.ops('POST', PATHS.opsAdjust, { body: { ...body, points: 300 } })).body.code).toBe('IDEMPOTENCY_CONFLICT');
    });
  });
});
