import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { connectRecorder, postingSum } from '../../helpers/money-kit';
import {
  addReward,
  grantPoints,
  mainBalanceOf,
  PATHS,
  PAYMENT_PASSWORD,
  pointsOfMember,
  readyMember,
  redeemBody,
  sealedCall,
  startPointsKit,
  stockOf,
  type Member,
  type MoneyKit,
} from './points-kit';

describe('points redeem: member side and operator review', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await startPointsKit();
  });
  afterAll(async () => kit.close());

  const redeem = (m: Member, body: Record<string, unknown>) => sealedCall(kit, PATHS.redeem, m.token, body);
  const ordersOf = (m: Member) => kit.t.ctx.db.selectFrom('points_redeem_orders').selectAll().where('member_id', '=', m.id).orderBy('id').execute();
  const journalOf = (m: Member) => kit.t.ctx.db.selectFrom('points_journal').selectAll().where('member_id', '=', m.id).orderBy('id').execute();
  const messagesOf = async (m: Member) =>
    (await kit.call('GET', '/wps/relay/CSP_messageList', { token: m.token })).body.value.list as { type: string; template: string; params: Record<string, unknown> }[];

  /** What a refused redeem must leave as it was. */
  const snapshot = async (m: Member, rewardId: number) => ({
    points: await pointsOfMember(kit, m),
    stock: await stockOf(kit, rewardId),
    cash: await mainBalanceOf(kit, m),
    orders: (await ordersOf(m)).length,
    journal: (await journalOf(m)).length,
  });

  describe('redeeming', () => {
    it('[API-59] [MEMBER-05] [MEMBER-08] takes the points and the stock at once and answers the new reference, PROCESSING and the points left', async () => {
      const m = await readyMember(kit, { points: 1000 });
      const rewardId = await addReward(kit, { name: 'Coffee voucher', type: 'VOUCHER', pointsRequired: 300, stock: 5 });
      const res = await redeem(m, redeemBody(rewardId, { quantity: 2 }));
      expect(res.status).toBe(200);
      expect(res.body.value).toEqual({ referenceNo: expect.stringMatching(/^PM\d{8}\d{8}$/), status: 'PROCESSING', points: 400 });
      expect(await pointsOfMember(kit, m)).toBe(400);
      expect(await stockOf(kit, rewardId)).toBe(3);
      const [order] = await ordersOf(m);
      expect(order).toMatchObject({
        reference_no: res.body.value.referenceNo,
        reward_id: rewardId,
        reward_name: 'Coffee voucher',
        reward_type: 'VOUCHER',
        quantity: 2,
        points_total: 600,
        amount_total: 0,
        address: '12 Nguyen Hue, District 1, Ho Chi Minh City',
        mobile_num: '0901234567',
        status: 'PROCESSING',
        payment_transaction_id: null,
      });
      const journal = await journalOf(m);
      expect(journal.at(-1)).toMatchObject({ kind: 'REDEEM', change: -600, balance_after: 400, reference: res.body.value.referenceNo, remark: 'Redeemed 2 × Coffee voucher' });
    });

    it('[API-59] [VAL-42] is encrypted: a plain body is 400 BAD_ENVELOPE; the password, the address and the mobile number are required', async () => {
      const m = await readyMember(kit, { points: 1000 });
      const rewardId = await addReward(kit);
      const plain = await kit.call('POST', PATHS.redeem, { token: m.token, body: redeemBody(rewardId) });
      expect([plain.status, plain.body.code]).toEqual([400, 'BAD_ENVELOPE']);
      for (const missing of ['paymentPassword', 'address', 'mobileNum']) {
        const body: Record<string, unknown> = redeemBody(rewardId);
        delete body[missing];
        const res = await redeem(m, body);
        expect([res.status, res.body.code], missing).toEqual([400, 'VALIDATION']);
      }
      const blank = await redeem(m, redeemBody(rewardId, { address: '   ' }));
      expect([blank.status, blank.body.code]).toEqual([400, 'VALIDATION']);
      expect(await snapshot(m, rewardId)).toMatchObject({ points: 1000, stock: 10, orders: 0 });
    });

    it('[API-59] a wrong payment password is 400 PAYMENT_PASSWORD_WRONG, none set is PAYMENT_PASSWORD_NOT_SET; nothing moves', async () => {
      const m = await readyMember(kit, { points: 1000 });
      const rewardId = await addReward(kit);
      const before = await snapshot(m, rewardId);
      const wrong = await redeem(m, redeemBody(rewardId, { paymentPassword: '000000' }));
      expect([wrong.status, wrong.body.code]).toEqual([400, 'PAYMENT_PASSWORD_WRONG']);
      expect(await snapshot(m, rewardId)).toEqual(before);
      const unset = await kit.member();
      await grantPoints(kit, unset.id, 1000);
      const res = await redeem(unset, redeemBody(rewardId));
      expect([res.status, res.body.code]).toEqual([400, 'PAYMENT_PASSWORD_NOT_SET']);
    });

    it('[API-59] wrong passwords count with the withdrawals’ towards the same lock: 423 PAYMENT_PASSWORD_LOCKED, then even the right one', async () => {
      const m = await readyMember(kit, { points: 1000 });
      const rewardId = await addReward(kit);
      const bankAccountId = await kit.bindBank(m);
      for (let i = 0; i < 3; i += 1) expect((await redeem(m, redeemBody(rewardId, { paymentPassword: '000000' }))).body.code).toBe('PAYMENT_PASSWORD_WRONG');
      for (let i = 0; i < 2; i += 1) {
        const res = await kit.call('POST', '/wps/relay/PAY_withdraw', { token: m.token, body: { bankAccountId, amount: 100, paymentPassword: '000000', requestId: randomUUID() } });
        expect(res.body.code).toBe('PAYMENT_PASSWORD_WRONG');
      }
      const locked = await redeem(m, redeemBody(rewardId));
      expect([locked.status, locked.body.code]).toEqual([423, 'PAYMENT_PASSWORD_LOCKED']);
      expect(await pointsOfMember(kit, m)).toBe(1000);
    });

    it('[API-59] not enough points is 409 INSUFFICIENT_POINTS; nothing moves', async () => {
      const m = await readyMember(kit, { points: 250 });
      const rewardId = await addReward(kit, { pointsRequired: 100, stock: 10 });
      const before = await snapshot(m, rewardId);
      const res = await redeem(m, redeemBody(rewardId, { quantity: 3 }));
      expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_POINTS']);
      expect(await snapshot(m, rewardId)).toEqual(before);
      expect((await redeem(m, redeemBody(rewardId, { quantity: 2 }))).body.value.points).toBe(50);
    });

    it('[API-59] more than the stock is 409 OUT_OF_STOCK; nothing moves', async () => {
      const m = await readyMember(kit, { points: 10_000 });
      const rewardId = await addReward(kit, { pointsRequired: 100, stock: 2 });
      const before = await snapshot(m, rewardId);
      const res = await redeem(m, redeemBody(rewardId, { quantity: 3 }));
      expect([res.status, res.body.code]).toEqual([409, 'OUT_OF_STOCK']);
      expect(res.body.details).toEqual({ stock: 2 });
      expect(await snapshot(m, rewardId)).toEqual(before);
      const sold = await addReward(kit, { stock: 0 });
      expect((await redeem(m, redeemBody(sold))).body.code).toBe('OUT_OF_STOCK');
    });

    it('[API-59] an unknown or hidden item is 404 NOT_FOUND', async () => {
      const m = await readyMember(kit, { points: 10_000 });
      const hidden = await addReward(kit, { active: false });
      expect((await redeem(m, redeemBody(hidden))).status).toBe(404);
      expect((await redeem(m, redeemBody(2_000_000_000))).body.code).toBe('NOT_FOUND');
      expect(await pointsOfMember(kit, m)).toBe(10_000);
    });

    it('[API-59] a trial account is refused with 403 TRIAL_ACCOUNT, like every real-money action', async () => {
      const trial = await kit.member(TRIAL_TYPE);
      const rewardId = await addReward(kit);
      const res = await redeem(trial, redeemBody(rewardId));
      expect([res.status, res.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
      expect(await stockOf(kit, rewardId)).toBe(10);
    });

    it('[API-59] an item with a cash price pays it from the main wallet through the ledger (POINTS_REDEEM), pushed to the header', async () => {
      const m = await readyMember(kit, { points: 5000, cents: 100_00 });
      const rewardId = await addReward(kit, { pointsRequired: 1000, amountRequired: 30.25, stock: 4 });
      const recorder = await connectRecorder(await kit.listen(), m.token, ['balance:updated']);
      try {
        const res = await redeem(m, redeemBody(rewardId, { quantity: 2 }));
        expect(res.body.value.points).toBe(3000);
        expect(await mainBalanceOf(kit, m)).toBe(39.5);
        const pushed = await recorder.next('balance:updated', (p) => p.entryType === 'POINTS_REDEEM');
        expect(pushed.balance).toBe(39.5);
      } finally {
        recorder.close();
      }
      const [order] = await ordersOf(m);
      expect(order).toMatchObject({ points_total: 2000, amount_total: 60_50, payment_transaction_id: expect.any(Number) });
      const records = (await kit.call('GET', '/wps/relay/RPT_accountRecord', { token: m.token, query: { type: 'POINTS_REDEEM' } })).body.value.list;
      expect(records).toEqual([expect.objectContaining({ type: 'POINTS_REDEEM', wallet: 'MAIN', amount: -60.5, balanceAfter: 39.5 })]);
      expect((await journalOf(m)).at(-1)).toMatchObject({ kind: 'REDEEM', change: -2000, amount: 60_50, transaction_id: order!.payment_transaction_id });
      expect(await postingSum(kit)).toBe(0);
    });

    it('[API-59] cash the wallet does not cover is 409 INSUFFICIENT_BALANCE, and the points and stock stay', async () => {
      const m = await readyMember(kit, { points: 5000, cents: 10_00 });
      const rewardId = await addReward(kit, { pointsRequired: 1000, amountRequired: 30, stock: 4 });
      const before = await snapshot(m, rewardId);
      const res = await redeem(m, redeemBody(rewardId));
      expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
      expect(await snapshot(m, rewardId)).toEqual(before);
    });

    it('[API-59] a retry with the same requestId returns the first order and moves nothing again; another request under it is 409', async () => {
      const m = await readyMember(kit, { points: 1000, cents: 50_00 });
      const rewardId = await addReward(kit, { pointsRequired: 100, amountRequired: 5, stock: 10 });
      const requestId = randomUUID();
      const first = await redeem(m, redeemBody(rewardId, { requestId }));
      const again = await redeem(m, redeemBody(rewardId, { requestId }));
      expect(again.body.value).toEqual(first.body.value);
      expect([await pointsOfMember(kit, m), await stockOf(kit, rewardId), await mainBalanceOf(kit, m), (await ordersOf(m)).length]).toEqual([900, 9, 45, 1]);
      const other = await redeem(m, redeemBody(rewardId, { requestId, quantity: 2 }));
      expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    });

    it('[API-59] without a requestId, the same redeem submitted twice at once is one order', async () => {
      const m = await readyMember(kit, { points: 1000 });
      const rewardId = await addReward(kit, { pointsRequired: 100, stock: 10 });
      const [a, b] = await Promise.all([redeem(m, redeemBody(rewardId)), redeem(m, redeemBody(rewardId))]);
      expect(a.body.value).toEqual(b.body.value);
      expect((await ordersOf(m)).length).toBe(1);
      // Another quantity is another request.
      expect((await redeem(m, redeemBody(rewardId, { quantity: 2 }))).body.value.points).toBe(700);
    });
  });

  describe('redeem history', () => {
    it('[API-60] [MEMBER-07] [MEMBER-08] lists the caller’s redeems newest first with every column, filtered by status', async () => {
      const m = await readyMember(kit, { points: 10_000, cents: 100_00 });
      const other = await readyMember(kit, { points: 10_000 });
      const voucher = await addReward(kit, { name: 'Voucher A', type: 'VOUCHER', pointsRequired: 100 });
      const gadget = await addReward(kit, { name: 'Gadget B', type: 'PHYSICAL', pointsRequired: 500, amountRequired: 12.34 });
      const first = (await redeem(m, redeemBody(voucher, { quantity: 3 }))).body.value.referenceNo;
      const second = (await redeem(m, redeemBody(gadget))).body.value.referenceNo;
      await redeem(other, redeemBody(voucher));
      await kit.ops('POST', PATHS.opsReject, { body: { referenceNo: first, reason: 'Address not served' } });

      const list = (await kit.call('GET', PATHS.redeems, { token: m.token })).body.value;
      expect(list.totalPages).toBe(1);
      expect(list.list).toEqual([
        { referenceNo: second, applyTime: expect.any(String), type: 'PHYSICAL', name: 'Gadget B', quantity: 1, pointsRequired: 500, amountRequired: 12.34, status: 'PROCESSING' },
        { referenceNo: first, applyTime: expect.any(String), type: 'VOUCHER', name: 'Voucher A', quantity: 3, pointsRequired: 300, amountRequired: 0, status: 'REJECTED' },
      ]);
      const rejected = (await kit.call('GET', PATHS.redeems, { token: m.token, query: { status: 'REJECTED' } })).body.value.list;
      expect(rejected.map((r: { referenceNo: string }) => r.referenceNo)).toEqual([first]);
      const paged = (await kit.call('GET', PATHS.redeems, { token: m.token, query: { pageSize: 1, pageNo: 2 } })).body.value;
      expect(paged).toMatchObject({ totalPages: 2, list: [{ referenceNo: first }] });
      const bad = await kit.call('GET', PATHS.redeems, { token: m.token, query: { status: 'LOST' } });
      expect(bad.status).toBe(400);
    });
  });

  describe('operator review', () => {
    const processing = async (options: { amount?: number } = {}) => {
      const m = await readyMember(kit, { points: 2000, cents: 100_00 });
      const rewardId = await addReward(kit, { name: 'Speaker', pointsRequired: 700, amountRequired: options.amount ?? 0, stock: 3 });
      const referenceNo = (await redeem(m, redeemBody(rewardId, { quantity: 2 }))).body.value.referenceNo as string;
      return { m, rewardId, referenceNo };
    };

    it('[MEMBER-08] lists the orders newest first, filtered by status and account, with who asked and where to send', async () => {
      const { m, referenceNo } = await processing();
      const byAccount = (await kit.ops('GET', PATHS.opsRedeems, { query: { account: m.account } })).body.value;
      expect(byAccount).toMatchObject({ pageNum: 1, totalPages: 1, total: 1 });
      expect(byAccount.list[0]).toEqual({
        referenceNo,
        applyTime: expect.any(String),
        type: 'PHYSICAL',
        name: 'Speaker',
        quantity: 2,
        pointsRequired: 1400,
        amountRequired: 0,
        status: 'PROCESSING',
        memberId: m.id,
        account: m.account,
        rewardId: expect.any(Number),
        address: '12 Nguyen Hue, District 1, Ho Chi Minh City',
        mobileNum: '0901234567',
        reviewedAt: null,
        note: null,
      });
      const pending = (await kit.ops('GET', PATHS.opsRedeems, { query: { status: 'PROCESSING', pageSize: 100 } })).body.value.list;
      expect(pending.map((o: { referenceNo: string }) => o.referenceNo)).toContain(referenceNo);
      expect(pending.every((o: { status: string }) => o.status === 'PROCESSING')).toBe(true);
      const ids = pending.map((o: { referenceNo: string }) => o.referenceNo);
      expect([...ids].sort().reverse()).toEqual(ids);
    });

    it('[MEMBER-08] approving sets APPROVED with the note, tells the player, audits, and cannot be done twice', async () => {
      const { m, referenceNo } = await processing();
      const res = await kit.ops('POST', PATHS.opsApprove, { body: { referenceNo, note: 'Shipped with tracking VN123' } });
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({ referenceNo, status: 'APPROVED', note: 'Shipped with tracking VN123', reviewedAt: expect.any(String) });
      expect(await pointsOfMember(kit, m)).toBe(600);
      const [message] = await messagesOf(m);
      expect(message).toMatchObject({ type: 'INBOX', template: 'points.redeemApproved', params: { referenceNo, name: 'Speaker', quantity: 2, note: 'Shipped with tracking VN123' } });
      const audit = await kit.t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'points.redeem.approve').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit.detail).toMatchObject({ referenceNo, memberId: m.id });
      for (const again of [
        await kit.ops('POST', PATHS.opsApprove, { body: { referenceNo } }),
        await kit.ops('POST', PATHS.opsReject, { body: { referenceNo, reason: 'Too late now' } }),
      ]) {
        expect([again.status, again.body.code]).toEqual([409, 'INVALID_STATE']);
      }
      expect(await pointsOfMember(kit, m)).toBe(600);
    });

    it('[MEMBER-08] rejecting gives back the points, the stock and the cash in one transaction, keeps the reason and tells the player', async () => {
      const { m, rewardId, referenceNo } = await processing({ amount: 10 });
      expect([await pointsOfMember(kit, m), await stockOf(kit, rewardId), await mainBalanceOf(kit, m)]).toEqual([600, 1, 80]);
      const res = await kit.ops('POST', PATHS.opsReject, { body: { referenceNo, reason: 'Address outside delivery area' } });
      expect(res.body.value).toMatchObject({ status: 'REJECTED', note: 'Address outside delivery area' });
      expect([await pointsOfMember(kit, m), await stockOf(kit, rewardId), await mainBalanceOf(kit, m)]).toEqual([2000, 3, 100]);
      expect((await journalOf(m)).at(-1)).toMatchObject({ kind: 'REDEEM_REFUND', change: 1400, balance_after: 2000, amount: 20_00, reference: referenceNo });
      const [order] = await ordersOf(m);
      expect(order!.refund_transaction_id).toEqual(expect.any(Number));
      const refund = await kit.t.ctx.db.selectFrom('ledger_transactions').select('entry_type').where('id', '=', order!.refund_transaction_id!).executeTakeFirstOrThrow();
      expect(refund.entry_type).toBe('POINTS_REDEEM_REFUND');
      const [message] = await messagesOf(m);
      expect(message).toMatchObject({ template: 'points.redeemRejected', params: { referenceNo, reason: 'Address outside delivery area', points: 1400, amount: '20.00' } });
      const again = await kit.ops('POST', PATHS.opsReject, { body: { referenceNo, reason: 'Address outside delivery area' } });
      expect(again.body.code).toBe('INVALID_STATE');
      expect(await pointsOfMember(kit, m)).toBe(2000);
      expect(await postingSum(kit)).toBe(0);
    });

    it('an unknown reference is 404 NOT_FOUND; a short reason is 400 VALIDATION', async () => {
      expect((await kit.ops('POST', PATHS.opsApprove, { body: { referenceNo: 'PM2026010100000000' } })).status).toBe(404);
      expect((await kit.ops('POST', PATHS.opsReject, { body: { referenceNo: 'PM2026010100000000', reason: 'No such order' } })).body.code).toBe('NOT_FOUND');
      const { referenceNo } = await processing();
      expect((await kit.ops('POST', PATHS.opsReject, { body: { referenceNo, reason: 'x' } })).body.code).toBe('VALIDATION');
    });

    it('a member token cannot review orders', async () => {
      const { m, referenceNo } = await processing();
      const res = await kit.call('POST', PATHS.opsApprove, { token: m.token, body: { referenceNo } });
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
      expect((await ordersOf(m))[0]!.status).toBe('PROCESSING');
    });
  });

  it('[API-59] after a payment-password change, a redeem takes the new password only', async () => {
    const m = await readyMember(kit, { points: 1000 });
    const rewardId = await addReward(kit);
    const changed = await kit.call('POST', '/wps/relay/PAY_paymentPassword', {
      token: m.token,
      body: { oldPaymentPassword: PAYMENT_PASSWORD, newPaymentPassword: '135790', confirmPaymentPassword: '135790' },
    });
    expect(changed.status).toBe(200);
    expect((await redeem(m, redeemBody(rewardId))).body.code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await redeem(m, redeemBody(rewardId, { paymentPassword: '135790' }))).status).toBe(200);
  });
});
