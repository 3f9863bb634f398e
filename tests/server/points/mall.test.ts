import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { DEMO_ACCOUNTS } from '@server/seed/seed-accounts';
import { DEMO_GOODS, DEMO_WELCOME_POINTS } from '@server/seed/data/points-goods';
import { seedDemo } from '@server/seed/seed';
import { createMoneyKit } from '../../helpers/money-kit';
import { addReward, grantPoints, PATHS, pointsOfMember, startPointsKit, type MoneyKit } from './points-kit';

describe('points mall: balance, goods, config, details, demo data', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPointsKit();
  });
  afterAll(async () => kit.close());

  it('[API-57] [MEMBER-05] a member with no points holds 0; points granted show in the balance', async () => {
    const m = await kit.member();
    expect(await kit.call('GET', PATHS.balance, { token: m.token })).toMatchObject({ status: 200, body: { success: true, code: 'OK', value: { points: 0 } } });
    await grantPoints(kit, m.id, 1234);
    expect(await pointsOfMember(kit, m)).toBe(1234);
  });

  it('[API-57] asks for a member token, and refuses a trial account', async () => {
    expect((await kit.call('GET', PATHS.balance)).status).toBe(401);
    const trial = await kit.member(TRIAL_TYPE);
    const res = await kit.call('GET', PATHS.balance, { token: trial.token });
    expect([res.status, res.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
  });

  it('[API-58] [MEMBER-05] lists the active goods only, with their stock, to anyone, in pages', async () => {
    const shown = await addReward(kit, { name: 'Shown item', pointsRequired: 300, amountRequired: 12.5, stock: 7 });
    const hidden = await addReward(kit, { name: 'Hidden item', active: false });
    const soldOut = await addReward(kit, { name: 'Sold-out item', stock: 0 });
    const all = (await kit.call('GET', PATHS.rewards, { query: { pageSize: 100 } })).body.value;
    const ids = all.list.map((r: { rewardId: number }) => r.rewardId);
    expect(ids).toContain(shown);
    expect(ids).toContain(soldOut);
    expect(ids).not.toContain(hidden);
    expect(all.list.find((r: { rewardId: number }) => r.rewardId === shown)).toEqual({
      rewardId: shown,
      name: 'Shown item',
      type: 'PHYSICAL',
      imageUrl: '/static/points/earbuds.svg',
      description: '<p>Test</p>',
      pointsRequired: 300,
      amountRequired: 12.5,
      stock: 7,
    });
    expect(all.list.find((r: { rewardId: number }) => r.rewardId === soldOut).stock).toBe(0);

    const total = all.list.length;
    const page1 = (await kit.call('GET', PATHS.rewards, { query: { pageSize: 2, pageNo: 1 } })).body.value;
    const page2 = (await kit.call('GET', PATHS.rewards, { query: { pageSize: 2, pageNo: 2 } })).body.value;
    expect(page1.totalPages).toBe(Math.ceil(total / 2));
    expect(page1.list).toHaveLength(2);
    expect(page2.list[0].rewardId).not.toBe(page1.list[0].rewardId);
  });

  it('[API-61] [MEMBER-05] the config: 100 points per 1.00, at least 1,000 points, and the rules text', async () => {
    const res = await kit.call('GET', PATHS.config);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ ratio: 100, minConvertPoints: 1000 });
    expect(res.body.value.rules).toMatch(/never expire/);
  });

  describe('points details', () => {
    it('[API-62] [MEMBER-06] [MEMBER-09] list the caller’s journal newest first with ratio, redeem amount, balance, change and remark', async () => {
      const m = await kit.member();
      const other = await kit.member();
      await grantPoints(kit, m.id, 500);
      await grantPoints(kit, m.id, 250);
      await grantPoints(kit, other.id, 999);
      const res = await kit.call('GET', PATHS.transactions, { token: m.token });
      expect(res.status).toBe(200);
      expect(res.body.value.totalPages).toBe(1);
      expect(res.body.value.list).toEqual([
        { id: expect.any(String), time: expect.any(String), ratio: 100, redeemAmount: 0, balance: 750, change: 250, remark: 'Test grant' },
        { id: expect.any(String), time: expect.any(String), ratio: 100, redeemAmount: 0, balance: 500, change: 500, remark: 'Test grant' },
      ]);
      const page = (await kit.call('GET', PATHS.transactions, { token: m.token, query: { pageSize: 1, pageNo: 2 } })).body.value;
      expect(page).toMatchObject({ totalPages: 2, list: [{ change: 500 }] });
    });

    it('[API-62] filter by days of the platform’s time zone (Asia/Ho_Chi_Minh, UTC+7), the end day included', async () => {
      const m = await kit.member();
      await grantPoints(kit, m.id, 10);
      // Entries are append-only, so this one is written with its time: 23:30 on 10 March in Ho Chi Minh City.
      await kit.t.ctx.db
        .insertInto('points_journal')
        .values({ member_id: m.id, kind: 'ADJUST', change: 5, balance_after: 15, ratio_millionths: 100_000_000, reference: 'test:dated', remark: 'Dated', created_at: new Date('2026-03-10T16:30:00Z') })
        .execute();
      const on = async (startDate?: string, endDate?: string) =>
        (await kit.call('GET', PATHS.transactions, { token: m.token, query: { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) } })).body.value.list.map(
          (t: { remark: string }) => t.remark,
        );
      expect(await on('2026-03-10', '2026-03-10')).toEqual(['Dated']);
      // 16:30 UTC on the 10th is already the 10th there, not the 11th.
      expect(await on('2026-03-11', '2026-03-11')).toEqual([]);
      expect(await on(undefined, '2026-03-09')).toEqual([]);
      expect(await on('2026-03-11')).toEqual(['Test grant']);
    });

    it('[API-62] an end before the start, a range over 92 days, or a malformed date is 400 VALIDATION', async () => {
      const m = await kit.member();
      const queries: Record<string, string>[] = [
        { startDate: '2026-03-11', endDate: '2026-03-10' },
        { startDate: '2026-01-01', endDate: '2026-06-01' },
        { startDate: '2026-02-30' },
        { endDate: 'yesterday' },
      ];
      for (const query of queries) {
        const res = await kit.call('GET', PATHS.transactions, { token: m.token, query });
        expect([res.status, res.body.code], JSON.stringify(query)).toEqual([400, 'VALIDATION']);
      }
    });

    it('[MEMBER-09] the journal is append-only and a balance cannot go below zero, whatever the code does', async () => {
      const m = await kit.member();
      await grantPoints(kit, m.id, 10);
      await expect(kit.t.ctx.db.updateTable('points_journal').set({ change: 1 }).where('member_id', '=', m.id).execute()).rejects.toThrow(/append-only/);
      await expect(kit.t.ctx.db.deleteFrom('points_journal').where('member_id', '=', m.id).execute()).rejects.toThrow(/append-only/);
      await expect(kit.t.ctx.db.updateTable('points_balances').set({ points: -1 }).where('member_id', '=', m.id).execute()).rejects.toThrow(/points_balances_not_negative/);
    });
  });

  describe('demo data', () => {
    it('seeds the demo goods with their artwork and gives the demo player a welcome grant through the journal', async () => {
      const goods = await kit.t.ctx.db.selectFrom('points_rewards').selectAll().where('name', 'in', DEMO_GOODS.map((g) => g.name)).orderBy('sort').execute();
      expect(goods.map((g) => g.name)).toEqual(DEMO_GOODS.map((g) => g.name));
      for (const g of goods) expect(g.image_url).toMatch(/^\/static\/points\/[a-z-]+\.svg$/);
      const player = await kit.t.ctx.db.selectFrom('members').select('id').where('account', '=', DEMO_ACCOUNTS.player.account).executeTakeFirstOrThrow();
      const journal = await kit.t.ctx.db.selectFrom('points_journal').selectAll().where('member_id', '=', player.id).execute();
      expect(journal).toEqual([expect.objectContaining({ kind: 'ADJUST', change: DEMO_WELCOME_POINTS, balance_after: DEMO_WELCOME_POINTS, remark: expect.stringMatching(/^Welcome grant/) })]);
    });

    it('running the demo seed again adds no goods and no points', async () => {
      const count = async () => Number((await kit.t.ctx.db.selectFrom('points_rewards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const journal = async () => Number((await kit.t.ctx.db.selectFrom('points_journal').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = [await count(), await journal()];
      await seedDemo(kit.t.ctx);
      expect([await count(), await journal()]).toEqual(before);
    });
  });
});

describe('points mall without the demo seed (production)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit({ JOB_INTERVAL_SECONDS: 3600, LOTTERY_TICK_SECONDS: 0 }, { SEED_DEMO: 'false' });
  });
  afterAll(async () => kit.close());

  it('has no goods and no points, but the default settings', async () => {
    expect((await kit.call('GET', PATHS.rewards)).body.value).toEqual({ list: [], totalPages: 0 });
    expect(await kit.t.ctx.db.selectFrom('points_journal').selectAll().execute()).toEqual([]);
    expect((await kit.ops('GET', PATHS.opsSettings)).body.value).toMatchObject({ ratio: 100, minConvertPoints: 1000, earnPointsPerUnit: 1 });
  });
});
