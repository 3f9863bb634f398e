import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { createMoneyKit, type MoneyKit } from '../../helpers/money-kit';

describe('wallet: balance, transfers, consolidated funds, merchant wallet', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit();
  });
  afterAll(async () => kit.close());

  const transfer = (token: string, body: Record<string, unknown>) => kit.call('POST', '/wps/relay/GCS_walletTransfer', { token, body });

  it('[API-20] [WALLET-01] the balance is the main wallet in 2-decimal units with the currency symbol', async () => {
    const m = await kit.member();
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token })).body.value).toEqual({ balance: 0, currencySymbol: '₫' });
    await kit.credit(m.id, 12_345);
    const res = await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token });
    expect(res.status).toBe(200);
    expect(http.balance.response.parse(res.body.value)).toEqual({ balance: 123.45, currencySymbol: '₫' });
  });

  it('[API-20] the balance needs a member token', async () => {
    const res = await kit.call('GET', '/wps/v2/wallets/balance');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
  });

  it('[API-28] consolidated funds gives the member its main and vendor wallets and their total, and needs a member token', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 40_00);
    const funds = await kit.call('GET', '/wps/member/info/funds/consolidated', { token: m.token });
    expect(funds.status).toBe(200);
    const value = http.consolidatedFunds.response.parse(funds.body.value);
    expect(value.mainBalance).toBe(40);
    expect(value.totalBalance).toBe(40);
    expect(value.wallets.length).toBeGreaterThan(0);
    expect(value.wallets.every((w) => w.balance === 0)).toBe(true);

    const anonymous = await kit.call('GET', '/wps/member/info/funds/consolidated');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
  });

  it('[API-21] [WALLET-05] moves funds out to a vendor wallet and back, each side in the answer and in consolidated funds', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 100_00);
    const out = await transfer(m.token, { fromWallet: 'MAIN', toWallet: 'PG', amount: 30.5, requestId: randomUUID() });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.value).toMatchObject({ balance: 69.5, wallets: [{ wallet: 'PG', balance: 30.5 }] });
    const back = await transfer(m.token, { fromWallet: 'PG', toWallet: 'MAIN', amount: 10, requestId: randomUUID() });
    expect(back.body.value).toMatchObject({ balance: 79.5, wallets: [{ wallet: 'PG', balance: 20.5 }] });

    const funds = await kit.call('GET', '/wps/member/info/funds/consolidated', { token: m.token });
    const value = http.consolidatedFunds.response.parse(funds.body.value);
    expect(value.mainBalance).toBe(79.5);
    expect(value.totalBalance).toBe(100);
    expect(value.wallets.find((w) => w.wallet === 'PG')?.balance).toBe(20.5);
    expect(value.wallets.find((w) => w.wallet === 'JDB')?.balance).toBe(0);

    const records = await kit.call('GET', '/wps/relay/RPT_accountRecord', { token: m.token, query: { wallet: 'MAIN' } });
    expect(records.body.value.list.map((r: { type: string; amount: number }) => [r.type, r.amount])).toEqual([
      ['TRANSFER_IN', 10],
      ['TRANSFER_OUT', -30.5],
      ['OPERATOR_ADJUSTMENT', 100],
    ]);
  });

  it('[API-21] a retry with the same requestId and body returns the first answer and moves nothing more', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 50_00);
    const body = { fromWallet: 'MAIN', toWallet: 'CQ9', amount: 20, requestId: randomUUID() };
    const first = await transfer(m.token, body);
    await transfer(m.token, { fromWallet: 'MAIN', toWallet: 'CQ9', amount: 5, requestId: randomUUID() });
    const retry = await transfer(m.token, body);
    expect(retry.status).toBe(200);
    expect(retry.body.value).toEqual(first.body.value);
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token })).body.value.balance).toBe(25);
  });

  it('[API-21] the same requestId with another body is a 409 IDEMPOTENCY_CONFLICT and moves nothing', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 50_00);
    const requestId = randomUUID();
    await transfer(m.token, { fromWallet: 'MAIN', toWallet: 'PG', amount: 20, requestId });
    const conflict = await transfer(m.token, { fromWallet: 'MAIN', toWallet: 'PG', amount: 21, requestId });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token })).body.value.balance).toBe(30);
  });

  it('[API-21] a request id is the caller\'s own: another member using the same id moves their own funds', async () => {
    const [a, b] = [await kit.member(), await kit.member()];
    await kit.credit(a.id, 10_00);
    await kit.credit(b.id, 10_00);
    const requestId = randomUUID();
    expect((await transfer(a.token, { fromWallet: 'MAIN', toWallet: 'PG', amount: 1, requestId })).status).toBe(200);
    expect((await transfer(b.token, { fromWallet: 'MAIN', toWallet: 'PG', amount: 2, requestId })).status).toBe(200);
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: b.token })).body.value.balance).toBe(8);
  });

  it('[API-21] refuses more than the wallet holds with 409 INSUFFICIENT_BALANCE, leaving both wallets as they were', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 10_00);
    const res = await transfer(m.token, { fromWallet: 'MAIN', toWallet: 'PG', amount: 10.01, requestId: randomUUID() });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INSUFFICIENT_BALANCE');
    const funds = (await kit.call('GET', '/wps/member/info/funds/consolidated', { token: m.token })).body.value;
    expect(funds.mainBalance).toBe(10);
    expect(funds.totalBalance).toBe(10);
  });

  it('[API-21] bad transfers are 4xx envelopes with stable codes', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 10_00);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ fromWallet: 'MAIN', toWallet: 'MAIN', amount: 1, requestId: randomUUID() }, 400, 'VALIDATION'],
      [{ fromWallet: 'MAIN', toWallet: 'NOPE', amount: 1, requestId: randomUUID() }, 400, 'WALLET_UNKNOWN'],
      [{ fromWallet: 'PG', toWallet: 'CQ9', amount: 1, requestId: randomUUID() }, 400, 'WALLET_UNKNOWN'],
      [{ fromWallet: 'MAIN', toWallet: 'PG', amount: -1, requestId: randomUUID() }, 400, 'VALIDATION'],
      [{ fromWallet: 'MAIN', toWallet: 'PG', amount: 1.001, requestId: randomUUID() }, 400, 'VALIDATION'],
      [{ fromWallet: 'MAIN', toWallet: 'PG', amount: 1, requestId: 'not-a-uuid' }, 400, 'VALIDATION'],
      [{ fromWallet: 'main', toWallet: 'PG', amount: 1, requestId: randomUUID() }, 400, 'VALIDATION'],
      [{ fromWallet: 'MAIN', toWallet: 'PG', amount: 1e20, requestId: randomUUID() }, 400, 'AMOUNT_OUT_OF_RANGE'],
    ];
    for (const [body, status, code] of cases) {
      const res = await transfer(m.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ success: false, code, value: null });
    }
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token })).body.value.balance).toBe(10);
  });

  it('[ERR-06] a trial account cannot transfer', async () => {
    const trial = await kit.member(4);
    const res = await transfer(trial.token, { fromWallet: 'MAIN', toWallet: 'PG', amount: 1, requestId: randomUUID() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('TRIAL_ACCOUNT');
  });

  it('[API-49] the merchant wallet call says whether the site has one seamless wallet', async () => {
    expect((await kit.call('GET', '/wps/relay/GCS_merchantWallet')).body.value).toEqual({ isSingle: false });
  });
});

describe('wallet in single (seamless) mode', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit({ WALLET_MODE: 'single' });
  });
  afterAll(async () => kit.close());

  it('[API-49] isSingle is true, transfers are refused and consolidated funds list no vendor wallets', async () => {
    expect((await kit.call('GET', '/wps/relay/GCS_merchantWallet')).body.value).toEqual({ isSingle: true });
    const m = await kit.member();
    await kit.credit(m.id, 5_00);
    const res = await kit.call('POST', '/wps/relay/GCS_walletTransfer', {
      token: m.token,
      body: { fromWallet: 'MAIN', toWallet: 'PG', amount: 1, requestId: randomUUID() },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FEATURE_DISABLED');
    expect((await kit.call('GET', '/wps/member/info/funds/consolidated', { token: m.token })).body.value).toEqual({
      totalBalance: 5,
      mainBalance: 5,
      wallets: [],
    });
  });
});
