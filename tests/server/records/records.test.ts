import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { placeBet, rollbackBet, settleBet } from '@server/services/ledger/bets';
import { ledgerOf } from '@server/services/ledger/ledger';
import { createMoneyKit, type Member, type MoneyKit } from '../../helpers/money-kit';

const DAY = 24 * 60 * 60 * 1000;

describe('records: account, betting, profit and loss, deposits, bonuses, manual rebate', () => {
  let kit: MoneyKit;
  let m: Member;
  beforeAll(async () => {
    kit = await createMoneyKit({ REBATE_RATE_PERCENT: 1 });
    m = await kit.member();
    await kit.credit(m.id, 1_000_00);
    const ledger = ledgerOf(kit.t.ctx);
    const inTrx = kit.t.ctx.db.transaction();
    const bet = (betId: string, vendor: string, stake: number) =>
      inTrx.execute((trx) => placeBet(trx, ledger, { betId, memberId: m.id, vendor, gameType: 'RNG', gameCode: `${vendor}-1`, gameName: `${vendor} Slot`, stake }));
    // Settled: PG wins 150 on 100, PG loses 50, JDB wins 80 on 20; open: JDB 30; rolled back: PG 40.
    await bet('r-1', 'PG', 100_00);
    await inTrx.execute((trx) => settleBet(trx, ledger, { betId: 'r-1', payout: 150_00 }));
    await bet('r-2', 'PG', 50_00);
    await inTrx.execute((trx) => settleBet(trx, ledger, { betId: 'r-2', payout: 0 }));
    await bet('r-3', 'JDB', 20_00);
    await inTrx.execute((trx) => settleBet(trx, ledger, { betId: 'r-3', payout: 80_00 }));
    await bet('r-4', 'JDB', 30_00);
    await bet('r-5', 'PG', 40_00);
    await inTrx.execute((trx) => rollbackBet(trx, ledger, { betId: 'r-5' }));
    await inTrx.execute((trx) =>
      ledger.post(trx, {
        entryType: 'PROMOTION_BONUS',
        idempotencyKey: `bonus:${randomUUID()}`,
        remark: 'Welcome bonus',
        legs: [
          { account: { system: 'PROMOTIONS' }, amount: -25_00 },
          { account: { memberId: m.id, wallet: 'MAIN' }, amount: 25_00 },
        ],
      }),
    );
  });
  afterAll(async () => kit.close());

  const get = (url: string, query: Record<string, string | number> = {}) => kit.call('GET', url, { token: m.token, query });

  it('[WALLET-07] the betting record lists bets newest first, filters by status and vendor, and totals the whole filter', async () => {
    const all = http.bettingRecord.response.parse((await get('/wps/relay/RPT_bettingRecord')).body.value);
    expect(all.list.map((b) => [b.betId, b.status, b.profitLoss])).toEqual([
      ['r-5', 'ROLLED_BACK', 0],
      ['r-4', 'OPEN', 0],
      ['r-3', 'SETTLED', 60],
      ['r-2', 'SETTLED', -50],
      ['r-1', 'SETTLED', 50],
    ]);
    expect(all).toMatchObject({ total: 5, totalStake: 200, totalPayout: 230, totalProfitLoss: 60 });
    const settledPg = http.bettingRecord.response.parse((await get('/wps/relay/RPT_bettingRecord', { status: 'SETTLED', vendor: 'PG' })).body.value);
    expect(settledPg.list.map((b) => b.betId)).toEqual(['r-2', 'r-1']);
    expect(settledPg.totalProfitLoss).toBe(0);
    const page2 = (await get('/wps/relay/RPT_bettingRecord', { pageNo: 2, pageSize: 2 })).body.value;
    expect(page2).toMatchObject({ pageNum: 2, totalPages: 3, total: 5 });
    expect(page2.list.map((b: { betId: string }) => b.betId)).toEqual(['r-3', 'r-2']);
  });

  it('[WALLET-10] profit and loss sums settled bets per vendor, with deposits, bonuses and rebates', async () => {
    const pl = http.profitLoss.response.parse((await get('/wps/relay/RPT_profitLoss')).body.value);
    expect(pl).toMatchObject({ betCount: 3, totalStake: 170, totalPayout: 230, profitLoss: 60, bonuses: 25, deposits: 0, withdrawals: 0 });
    expect(pl.byVendor).toEqual([
      { vendor: 'JDB', betCount: 1, totalStake: 20, totalPayout: 80, profitLoss: 60 },
      { vendor: 'PG', betCount: 2, totalStake: 150, totalPayout: 150, profitLoss: 0 },
    ]);
  });

  it('[WALLET-08] [CONST-04] the account record filters by entry type and by a range the client computes from its presets', async () => {
    const bets = (await get('/wps/relay/RPT_accountRecord', { type: 'BET' })).body.value;
    expect(bets.list).toHaveLength(5);
    expect(bets.list.every((r: { type: string; amount: number }) => r.type === 'BET' && r.amount < 0)).toBe(true);
    const latest = (await get('/wps/relay/RPT_accountRecord', { pageSize: 1 })).body.value.list[0];
    expect(latest).toMatchObject({ type: 'PROMOTION_BONUS', amount: 25, balanceAfter: 1_055, remark: 'Welcome bonus' });

    const now = Date.now();
    const next7 = { startTime: new Date(now + DAY).toISOString(), endTime: new Date(now + 8 * DAY).toISOString() };
    expect((await get('/wps/relay/RPT_accountRecord', next7)).body.value.total).toBe(0);
    const previous30 = { startTime: new Date(now - 30 * DAY).toISOString(), endTime: new Date(now + 60_000).toISOString() };
    expect((await get('/wps/relay/RPT_accountRecord', previous30)).body.value.total).toBe(10);
  });

  it('an inverted range, a range over 92 days, or a malformed time is 400 VALIDATION', async () => {
    const now = Date.now();
    const cases: Record<string, string | number>[] = [
      { startTime: new Date(now).toISOString(), endTime: new Date(now - DAY).toISOString() },
      { startTime: new Date(now - 93 * DAY).toISOString(), endTime: new Date(now).toISOString() },
      { startTime: 'yesterday' },
      { pageSize: 1000 },
      { type: 'NOT_A_TYPE' },
    ];
    for (const query of cases) {
      const res = await get('/wps/relay/RPT_accountRecord', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', value: null });
    }
  });

  it('[WALLET-11] bonus details list bonus credits with their total', async () => {
    const bonuses = (await get('/wps/relay/RPT_bonusDetails')).body.value;
    expect(bonuses).toMatchObject({ total: 1, totalAmount: 25 });
    expect(bonuses.list[0]).toMatchObject({ type: 'PROMOTION_BONUS', amount: 25, remark: 'Welcome bonus' });
    expect((await get('/wps/relay/RPT_bonusDetails', { type: 'SALARY' })).body.value.total).toBe(0);
  });

  it('[MEMBER-03] manual rebate: the summary shows what settled bets earn; a claim credits it once and lists it', async () => {
    expect((await get('/wps/relay/PAY_rebateSummary')).body.value).toEqual({ claimableAmount: 1.7, validBetAmount: 170, ratePercent: 1 });
    const requestId = randomUUID();
    const claim = await kit.call('POST', '/wps/relay/PAY_claimRebate', { token: m.token, body: { requestId } });
    expect(claim.body.value).toEqual({ amount: 1.7, balance: 1_056.7 });
    expect((await kit.call('POST', '/wps/relay/PAY_claimRebate', { token: m.token, body: { requestId } })).body.value).toEqual(claim.body.value);
    const nothing = await kit.call('POST', '/wps/relay/PAY_claimRebate', { token: m.token, body: { requestId: randomUUID() } });
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('INVALID_STATE');
    expect((await get('/wps/relay/PAY_rebateSummary')).body.value.claimableAmount).toBe(0);
    const rebates = (await get('/wps/relay/RPT_manualRebate')).body.value;
    expect(rebates).toMatchObject({ total: 1, totalAmount: 1.7 });
    expect((await get('/wps/relay/RPT_profitLoss')).body.value.rebates).toBe(1.7);
  });

  it('[WALLET-09] the deposit record filters by status', async () => {
    const other = await kit.member();
    const order = (await kit.call('POST', '/wps/relay/PAY_deposit', { token: other.token, body: { channelId: 'BANK', amount: 200, requestId: randomUUID() } })).body.value;
    await kit.call('POST', '/wps/relay/PAY_deposit', { token: other.token, body: { channelId: 'QR', amount: 300, requestId: randomUUID() } });
    await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: order.orderId } });
    const credited = (await kit.call('GET', '/wps/relay/RPT_depositRecord', { token: other.token, query: { status: 'CREDITED' } })).body.value;
    expect(credited.list.map((o: { orderId: string }) => o.orderId)).toEqual([order.orderId]);
    expect((await kit.call('GET', '/wps/relay/RPT_depositRecord', { token: other.token })).body.value.total).toBe(2);
    expect((await kit.call('GET', '/wps/relay/RPT_profitLoss', { token: other.token })).body.value.deposits).toBe(200);
  });

  it('[ERR-06] records are for real accounts: a trial account gets 403 TRIAL_ACCOUNT', async () => {
    const trial = await kit.member(4);
    for (const url of ['/wps/relay/RPT_accountRecord', '/wps/relay/RPT_bettingRecord', '/wps/relay/RPT_profitLoss']) {
      expect((await kit.call('GET', url, { token: trial.token })).body.code).toBe('TRIAL_ACCOUNT');
    }
  });
});
