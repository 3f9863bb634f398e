import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { convertedCents } from '@server/services/points/conversion';
import { connectRecorder, postingSum } from '../../helpers/money-kit';
import { mainBalanceOf, PATHS, pointsOfMember, readyMember, sealedCall, startPointsKit, type Member, type MoneyKit } from './points-kit';

describe('[API-63] converting points into wallet balance', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPointsKit();
  });
  afterAll(async () => kit.close());

  const convert = (m: Member, points: number, extra: Record<string, unknown> = {}) =>
    sealedCall(kit, PATHS.convert, m.token, { points, paymentPassword: '246810', ...extra });
  const setSettings = (ratio: number, minConvertPoints: number) =>
    kit.ops('POST', PATHS.opsSettings, { body: { ratio, minConvertPoints, earnPointsPerUnit: 1, rules: '<p>Rules</p>' } });
  const journalOf = (m: Member) => kit.t.ctx.db.selectFrom('points_journal').selectAll().where('member_id', '=', m.id).orderBy('id').execute();

  it('[API-63] converts at 100 points per 1.00: points debited, the wallet credited through the ledger, pushed to the header', async () => {
    const m = await readyMember(kit, { points: 5000, cents: 10_00 });
    const recorder = await connectRecorder(await kit.listen(), m.token, ['balance:updated']);
    try {
      const res = await convert(m, 1234);
      expect(res.status).toBe(200);
      expect(res.body.value).toEqual({ points: 3766, amount: 12.34, balance: 22.34 });
      const pushed = await recorder.next('balance:updated', (p) => p.entryType === 'POINTS_CONVERSION');
      expect(pushed.balance).toBe(22.34);
    } finally {
      recorder.close();
    }
    expect(await pointsOfMember(kit, m)).toBe(3766);
    expect(await mainBalanceOf(kit, m)).toBe(22.34);
    const entry = (await journalOf(m)).at(-1)!;
    expect(entry).toMatchObject({ kind: 'CONVERT', change: -1234, balance_after: 3766, amount: 12_34, ratio_millionths: 100_000_000, remark: 'Converted into 12.34' });
    const transaction = await kit.t.ctx.db.selectFrom('ledger_transactions').selectAll().where('id', '=', entry.transaction_id!).executeTakeFirstOrThrow();
    expect(transaction.entry_type).toBe('POINTS_CONVERSION');
    const details = (await kit.call('GET', PATHS.transactions, { token: m.token })).body.value.list[0];
    expect(details).toMatchObject({ ratio: 100, redeemAmount: 12.34, balance: 3766, change: -1234 });
    expect(await postingSum(kit)).toBe(0);
  });

  it('[API-63] rounds down to the cent, exactly, at any ratio', () => {
    expect(convertedCents(1999, 100_000_000)).toBe(19_99);
    expect(convertedCents(1001, 300_000_000)).toBe(3_33); // 3.3366...
    expect(convertedCents(30, 300_000)).toBe(100_00); // 0.3 points per 1.00: float division says 99.99999999999999
    expect(convertedCents(1, 150_000_000)).toBe(0);
    expect(convertedCents(123_456_789_012, 100_000_000)).toBe(123_456_789_012);
  });

  it('[API-63] at an operator’s ratio of 3 points per 1.00: 1001 points are 3.33, the rest of a cent is not paid', async () => {
    await setSettings(3, 10);
    try {
      const m = await readyMember(kit, { points: 1001 });
      expect((await convert(m, 1001)).body.value).toMatchObject({ points: 0, amount: 333.66 });
      const n = await readyMember(kit, { points: 100 });
      expect((await convert(n, 10)).body.value).toMatchObject({ points: 90, amount: 3.33 });
    } finally {
      await setSettings(100, 1000);
    }
  });

  it('[API-63] below the minimum is 400 AMOUNT_OUT_OF_RANGE with the minimum; nothing moves', async () => {
    const m = await readyMember(kit, { points: 5000 });
    const res = await convert(m, 999);
    expect([res.status, res.body.code, res.body.details]).toEqual([400, 'AMOUNT_OUT_OF_RANGE', { minConvertPoints: 1000 }]);
    expect(await pointsOfMember(kit, m)).toBe(5000);
    expect(await mainBalanceOf(kit, m)).toBe(0);
  });

  it('[API-63] points worth less than a cent are 400 AMOUNT_OUT_OF_RANGE', async () => {
    await setSettings(1000, 1);
    try {
      const m = await readyMember(kit, { points: 100 });
      const res = await convert(m, 9);
      expect([res.status, res.body.code]).toEqual([400, 'AMOUNT_OUT_OF_RANGE']);
      expect((await convert(m, 10)).body.value).toMatchObject({ points: 90, amount: 0.01 });
    } finally {
      await setSettings(100, 1000);
    }
  });

  it('[API-63] one conversion credits at most 100,000,000.00, whatever ratio an operator sets', async () => {
    await setSettings(0.000001, 1);
    try {
      const m = await readyMember(kit, { points: 1000 });
      const res = await convert(m, 101);
      expect([res.status, res.body.code, res.body.details]).toEqual([400, 'AMOUNT_OUT_OF_RANGE', { maxAmount: 100_000_000 }]);
      expect((await convert(m, 100)).body.value).toMatchObject({ points: 900, amount: 100_000_000 });
    } finally {
      await setSettings(100, 1000);
    }
  });

  it('[API-63] more points than held is 409 INSUFFICIENT_POINTS; nothing moves', async () => {
    const m = await readyMember(kit, { points: 1500 });
    const res = await convert(m, 1501);
    expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_POINTS']);
    expect([await pointsOfMember(kit, m), await mainBalanceOf(kit, m), (await journalOf(m)).length]).toEqual([1500, 0, 1]);
  });

  it('[API-63] checks the payment password (wrong, not set), refuses a trial account, and is encrypted', async () => {
    const m = await readyMember(kit, { points: 5000 });
    const wrong = await convert(m, 1000, { paymentPassword: '111111' });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'PAYMENT_PASSWORD_WRONG']);
    const unset = await kit.member();
    expect((await convert(unset, 1000)).body.code).toBe('PAYMENT_PASSWORD_NOT_SET');
    const trial = await kit.member(TRIAL_TYPE);
    const refused = await convert(trial, 1000);
    expect([refused.status, refused.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
    const plain = await kit.call('POST', PATHS.convert, { token: m.token, body: { points: 1000, paymentPassword: '246810' } });
    expect([plain.status, plain.body.code]).toEqual([400, 'BAD_ENVELOPE']);
    for (const points of [0, -5, 1.5]) expect((await convert(m, points)).body.code).toBe('VALIDATION');
    expect(await pointsOfMember(kit, m)).toBe(5000);
  });

  it('[API-63] a retry with the same requestId answers the first conversion and moves nothing; other points under it are 409', async () => {
    const m = await readyMember(kit, { points: 5000 });
    const requestId = randomUUID();
    const first = await convert(m, 2000, { requestId });
    const again = await convert(m, 2000, { requestId });
    expect(again.body.value).toEqual(first.body.value);
    expect(first.body.value).toEqual({ points: 3000, amount: 20, balance: 20 });
    expect([await pointsOfMember(kit, m), await mainBalanceOf(kit, m)]).toEqual([3000, 20]);
    const other = await convert(m, 1000, { requestId });
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
  });

  it('[API-63] without a requestId, a double submit converts once; a second conversion later is its own', async () => {
    const m = await readyMember(kit, { points: 5000 });
    const [a, b] = await Promise.all([convert(m, 1000), convert(m, 1000)]);
    expect(a.body.value).toEqual(b.body.value);
    expect([await pointsOfMember(kit, m), await mainBalanceOf(kit, m)]).toEqual([4000, 10]);
    expect((await convert(m, 1500)).body.value).toEqual({ points: 2500, amount: 15, balance: 25 });
  });
});
