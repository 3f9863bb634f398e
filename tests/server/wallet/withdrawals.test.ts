import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { claimJobWindow, runJobWindow, windowStartOf } from '@server/jobs/scheduler';
import { moneyJobs } from '@server/jobs/money-jobs';
import { autoReceiveWithdrawals } from '@server/services/wallet/withdrawals';
import { connectRecorder, createMoneyKit, PAYMENT_PASSWORD, type Member, type MoneyKit } from '../../helpers/money-kit';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('proof-png')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('proof-jpg')]);
const GIF = Buffer.from('GIF89a-not-allowed');
const b64 = (bytes: Buffer) => bytes.toString('base64');

describe('withdrawals: payment password, bank accounts, holds, operator steps, confirmation, auto-receive', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit();
  });
  afterAll(async () => kit.close());

  const pay = (m: Member, url: string, body: Record<string, unknown>) => kit.call('POST', url, { token: m.token, body });
  const balances = async (m: Member) => (await kit.ops('GET', '/ops/members/wallet', { query: { account: m.account } })).body.value;
  const ready = async (credit = 1_000_00) => {
    const m = await kit.member();
    await kit.credit(m.id, credit);
    await kit.setPaymentPassword(m);
    return { m, bankAccountId: await kit.bindBank(m) };
  };
  const withdraw = (m: Member, bankAccountId: number, amount: number, extra: Record<string, unknown> = {}) =>
    pay(m, '/wps/relay/PAY_withdraw', { bankAccountId, amount, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID(), ...extra });
  const step = (kind: 'approve' | 'reject' | 'disburse', withdrawalId: string, extra: Record<string, unknown> = {}) =>
    kit.ops('POST', `/ops/withdrawals/${kind}`, { body: { withdrawalId, ...extra } });
  const disbursed = async (amount = 300) => {
    const { m, bankAccountId } = await ready();
    const id = (await withdraw(m, bankAccountId, amount)).body.value.withdrawalId as string;
    await step('approve', id);
    const res = await step('disburse', id, { payoutReference: 'BANK-REF-1' });
    expect(res.body.value.status).toBe('DISBURSED');
    return { m, id };
  };
  const confirm = (m: Member, body: Record<string, unknown>) => pay(m, '/wps/relay/PAY_withdrawalConfirm', body);
  const messages = async (m: Member) => (await kit.call('GET', '/wps/relay/CSP_messageList', { token: m.token })).body.value.list as { type: string; template: string }[];

  describe('payment password', () => {
    it('is set once without proof, then changed only with the old one; it is stored as an argon2id hash', async () => {
      const m = await kit.member();
      const settings = async () => (await kit.call('GET', '/wps/relay/PAY_withdrawalSettings', { token: m.token })).body.value;
      expect((await settings()).paymentPasswordSet).toBe(false);
      await kit.setPaymentPassword(m, '135790');
      expect((await settings()).paymentPasswordSet).toBe(true);
      const withoutOld = await pay(m, '/wps/relay/PAY_paymentPassword', { newPaymentPassword: '111222', confirmPaymentPassword: '111222' });
      expect(withoutOld.body.code).toBe('PAYMENT_PASSWORD_WRONG');
      const changed = await pay(m, '/wps/relay/PAY_paymentPassword', { oldPaymentPassword: '135790', newPaymentPassword: '111222', confirmPaymentPassword: '111222' });
      expect(changed.body.value).toEqual({ paymentPasswordSet: true });
      const row = await kit.t.ctx.db.selectFrom('member_profiles').select('payment_password_hash').where('member_id', '=', m.id).executeTakeFirstOrThrow();
      expect(row.payment_password_hash).toMatch(/^\$argon2id\$/);
    });

    it('a confirmation that differs is 400 PASSWORD_MISMATCH; anything but six digits is 400 VALIDATION', async () => {
      const m = await kit.member();
      expect((await pay(m, '/wps/relay/PAY_paymentPassword', { newPaymentPassword: '123456', confirmPaymentPassword: '123457' })).body.code).toBe('PASSWORD_MISMATCH');
      for (const bad of ['12345', '1234567', 'abcdef']) {
        expect((await pay(m, '/wps/relay/PAY_paymentPassword', { newPaymentPassword: bad, confirmPaymentPassword: bad })).status).toBe(400);
      }
    });

    it('five wrong passwords lock it: 423 PAYMENT_PASSWORD_LOCKED with Retry-After, even for the right one', async () => {
      const { m, bankAccountId } = await ready();
      for (let i = 0; i < 5; i += 1) {
        expect((await withdraw(m, bankAccountId, 100, { paymentPassword: '000000' })).body.code).toBe('PAYMENT_PASSWORD_WRONG');
      }
      const res = await kit.t.app.inject({
        method: 'POST',
        url: '/wps/relay/PAY_withdraw',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ bankAccountId, amount: 100, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() }),
      });
      expect(res.statusCode).toBe(423);
      expect(res.json().code).toBe('PAYMENT_PASSWORD_LOCKED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await balances(m)).heldBalance).toBe(0);
    });

    it('customer service lifts a payment-password lock: the right password works again at once', async () => {
      const { m, bankAccountId } = await ready();
      for (let i = 0; i < 5; i += 1) await withdraw(m, bankAccountId, 100, { paymentPassword: '000000' });
      expect((await withdraw(m, bankAccountId, 100)).body.code).toBe('PAYMENT_PASSWORD_LOCKED');
      expect((await kit.ops('DELETE', '/ops/access-locks', { query: { subject: `payment-password:${m.id}` } })).status).toBe(200);
      expect((await withdraw(m, bankAccountId, 100)).status).toBe(200);
    });
  });

  describe('bank accounts', () => {
    it('binds with the payment password, lists them masked, refuses duplicates and more than 5, and unbinds', async () => {
      const m = await kit.member();
      const bind = (accountNo: string, paymentPassword = PAYMENT_PASSWORD) =>
        pay(m, '/wps/relay/PAY_bankAccounts', { bankName: 'ACB', accountName: 'NGUYEN VAN A', accountNo, paymentPassword });
      expect((await bind('1234567890')).body.code).toBe('PAYMENT_PASSWORD_NOT_SET');
      await kit.setPaymentPassword(m);
      expect((await bind('1234567890', '999999')).body.code).toBe('PAYMENT_PASSWORD_WRONG');
      const first = await bind('1234567890');
      expect(http.addBankAccount.response.parse(first.body.value)).toMatchObject({ bankName: 'ACB', accountNoMasked: '****7890' });
      expect((await bind('1234567890')).status).toBe(409);
      for (const n of ['1000001', '1000002', '1000003', '1000004']) expect((await bind(n)).status).toBe(200);
      const sixth = await bind('1000005');
      expect(sixth.status).toBe(409);
      expect(sixth.body.code).toBe('BANK_ACCOUNT_LIMIT');
      const listed = (await kit.call('GET', '/wps/relay/PAY_bankAccounts', { token: m.token })).body.value as { bankAccountId: number; accountNoMasked: string }[];
      expect(listed).toHaveLength(5);
      expect(JSON.stringify(listed)).not.toContain('1234567890');

      const removed = await kit.call('DELETE', '/wps/relay/PAY_bankAccounts', { token: m.token, query: { bankAccountId: first.body.value.bankAccountId } });
      expect(removed.body.value.accountNoMasked).toBe('****7890');
      expect((await kit.call('GET', '/wps/relay/PAY_bankAccounts', { token: m.token })).body.value).toHaveLength(4);
      expect((await kit.call('DELETE', '/wps/relay/PAY_bankAccounts', { token: m.token, query: { bankAccountId: first.body.value.bankAccountId } })).status).toBe(404);
      const other = await kit.member();
      expect((await kit.call('DELETE', '/wps/relay/PAY_bankAccounts', { token: other.token, query: { bankAccountId: listed[1]!.bankAccountId } })).status).toBe(404);
    });
  });

  describe('requests and operator steps', () => {
    it('a request holds the amount at once; rejecting releases it to the main wallet with a message', async () => {
      const { m, bankAccountId } = await ready(1_000_00);
      const res = await withdraw(m, bankAccountId, 400);
      const order = http.withdrawalRequest.response.parse(res.body.value);
      expect(order).toMatchObject({ amount: 400, status: 'PENDING', accountNoMasked: expect.stringMatching(/^\*{4}\d{4}$/), confirmation: null });
      expect(await balances(m)).toMatchObject({ mainBalance: 600, heldBalance: 400 });

      const rejected = await step('reject', order.withdrawalId, { reason: 'Name does not match the account' });
      expect(rejected.body.value).toMatchObject({ status: 'REJECTED', rejectReason: 'Name does not match the account' });
      expect(await balances(m)).toMatchObject({ mainBalance: 1_000, heldBalance: 0 });
      expect((await messages(m))[0]).toMatchObject({ type: 'WITHDRAW', template: 'withdraw.rejected' });
      const types = (await kit.call('GET', '/wps/relay/RPT_accountRecord', { token: m.token })).body.value.list.map((r: { type: string }) => r.type);
      expect(types.slice(0, 2)).toEqual(['WITHDRAWAL_RELEASE', 'WITHDRAWAL_HOLD']);
    });

    it('approve then disburse pays the hold out; the player is asked to confirm within the configured minutes', async () => {
      const { m, bankAccountId } = await ready(1_000_00);
      const id = (await withdraw(m, bankAccountId, 250)).body.value.withdrawalId;
      expect((await step('disburse', id)).body.code).toBe('INVALID_STATE');
      expect((await step('approve', id)).body.value.status).toBe('APPROVED');
      expect((await messages(m))[0]).toMatchObject({ type: 'WITHDRAW', template: 'withdraw.approved' });
      const before = Date.now();
      const paid = (await step('disburse', id, { payoutReference: 'FT-0001' })).body.value;
      expect(paid).toMatchObject({ status: 'DISBURSED', account: m.account });
      expect(paid.accountNo).toMatch(/^\d+$/);
      const minutes = (Date.parse(paid.autoReceiveAt) - before) / 60_000;
      expect(minutes).toBeGreaterThan(14.9);
      expect(minutes).toBeLessThan(15.1);
      expect(await balances(m)).toMatchObject({ mainBalance: 750, heldBalance: 0 });
      expect((await messages(m))[0]).toMatchObject({ type: 'PAYMENT_CONFIRMATION', template: 'withdraw.disbursed' });
      expect((await step('reject', id, { reason: 'Too late for that' })).body.code).toBe('INVALID_STATE');
      // Only the steps that happened are audited; the refused ones left no row.
      const audit = await kit.t.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where(sql`detail->>'withdrawalId'`, '=', id)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve', 'withdrawal.disburse']);
    });

    it('requests outside the bounds, beyond the balance, to a foreign account, or with a wrong password hold nothing', async () => {
      const { m, bankAccountId } = await ready(500_00);
      const other = await ready();
      const cases: [Promise<Awaited<ReturnType<typeof withdraw>>>, string][] = [
        [withdraw(m, bankAccountId, 99.99), 'AMOUNT_OUT_OF_RANGE'],
        [withdraw(m, bankAccountId, 50_000.01), 'AMOUNT_OUT_OF_RANGE'],
        [withdraw(m, bankAccountId, 500.01), 'INSUFFICIENT_BALANCE'],
        [withdraw(m, other.bankAccountId, 100), 'NOT_FOUND'],
        [withdraw(m, bankAccountId, 100, { paymentPassword: '000000' }), 'PAYMENT_PASSWORD_WRONG'],
      ];
      for (const [pending, code] of cases) expect((await pending).body.code).toBe(code);
      expect(await balances(m)).toMatchObject({ mainBalance: 500, heldBalance: 0 });
    });

    it('the same requestId returns the first order; with another amount it is 409', async () => {
      const { m, bankAccountId } = await ready();
      const requestId = randomUUID();
      const first = await withdraw(m, bankAccountId, 120, { requestId });
      const retry = await withdraw(m, bankAccountId, 120, { requestId });
      expect(retry.body.value).toEqual(first.body.value);
      expect((await withdraw(m, bankAccountId, 121, { requestId })).body.code).toBe('IDEMPOTENCY_CONFLICT');
      expect((await balances(m)).heldBalance).toBe(120);
    });
  });

  describe('confirmation', () => {
    it('[WALLET-12] [WALLET-14] received: the whole amount, nothing remaining; a second answer is 409', async () => {
      const { m, id } = await disbursed(300);
      const res = await confirm(m, { withdrawalId: id, outcome: 'RECEIVED' });
      expect(res.body.value).toMatchObject({
        status: 'RECEIVED',
        confirmation: { receivedAmount: 300, remainingAmount: 0, proofIds: [], forced: false },
        autoReceiveAt: null,
      });
      expect((await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: [b64(PNG)] })).body.code).toBe('INVALID_STATE');
    });

    it('[WALLET-13] [WALLET-14] not received needs a png or jpg proof; it shows received and remaining amounts and the images', async () => {
      const { m, id } = await disbursed(300);
      expect((await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED' })).body.code).toBe('PROOF_REQUIRED');
      expect((await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: [b64(GIF)] })).body.code).toBe('PROOF_INVALID');
      expect((await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: ['***'] })).body.code).toBe('PROOF_INVALID');
      expect((await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: [b64(PNG)], receivedAmount: 300.01 })).body.code).toBe('AMOUNT_OUT_OF_RANGE');
      const res = await confirm(m, {
        withdrawalId: id,
        outcome: 'NOT_RECEIVED',
        receivedAmount: 100,
        remark: 'Only part arrived',
        proofImages: [b64(PNG), `data:image/jpeg;base64,${b64(JPEG)}`],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const order = http.withdrawalConfirm.response.parse(res.body.value);
      expect(order).toMatchObject({ status: 'NOT_RECEIVED', confirmation: { receivedAmount: 100, remainingAmount: 200, remark: 'Only part arrived', forced: false } });
      expect(order.confirmation!.proofIds).toHaveLength(2);

      const [pngId, jpgId] = order.confirmation!.proofIds;
      const own = await kit.call('GET', '/wps/relay/PAY_withdrawalProof', { token: m.token, query: { proofId: pngId! } });
      expect(own.body.value).toEqual({ proofId: pngId, contentType: 'image/png', data: b64(PNG) });
      const byOperator = await kit.ops('GET', '/ops/withdrawals/proof', { query: { proofId: jpgId! } });
      expect(byOperator.body.value).toMatchObject({ contentType: 'image/jpeg', data: b64(JPEG) });
      const stranger = await kit.member();
      expect((await kit.call('GET', '/wps/relay/PAY_withdrawalProof', { token: stranger.token, query: { proofId: pngId! } })).status).toBe(404);
      // The files are on disk under DATA_DIR/uploads; refused uploads left nothing behind.
      expect(fs.readdirSync(path.join(kit.dataDir, 'uploads', 'withdrawals'))).toHaveLength(2);
      expect((await messages(m))[0]).toMatchObject({ template: 'withdraw.notReceived' });
    });

    it('[VAL-41] more than 3 images, or one over 5 MB, is refused', async () => {
      const { m, id } = await disbursed(300);
      const four = await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: [PNG, PNG, PNG, PNG].map(b64) });
      expect(four.status).toBe(400);
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: [b64(big)] });
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.code).toMatch(/PROOF_INVALID|VALIDATION/);
      const justFits = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
      const ok = await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: [b64(justFits)] });
      expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(200);
    });

    it('only the owner can answer, and only a disbursed withdrawal', async () => {
      const { m, bankAccountId } = await ready();
      const pending = (await withdraw(m, bankAccountId, 150)).body.value.withdrawalId;
      expect((await confirm(m, { withdrawalId: pending, outcome: 'RECEIVED' })).body.code).toBe('INVALID_STATE');
      const { id } = await disbursed();
      expect((await confirm(m, { withdrawalId: id, outcome: 'RECEIVED' })).status).toBe(404);
      expect((await confirm(m, { withdrawalId: 'x1', outcome: 'RECEIVED' })).status).toBe(404);
    });
  });

  describe('auto-receive', () => {
    it('[WALLET-15] [WALLET-16] with no answer within the configured minutes it counts as received; that forced receipt is final', async () => {
      const url = await kit.listen();
      const { m, id } = await disbursed(200);
      const client = await connectRecorder(url, m.token, ['withdrawal:result', 'message:new']);
      try {
        const row = await kit.t.ctx.db.selectFrom('withdrawal_orders').select('auto_receive_at').where('id', '=', Number(id)).executeTakeFirstOrThrow();
        const due = new Date(row.auto_receive_at!);
        const statusOf = async () =>
          (await kit.t.ctx.db.selectFrom('withdrawal_orders').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;
        await autoReceiveWithdrawals(kit.t.ctx, new Date(due.getTime() - 1_000));
        expect(await statusOf()).toBe('DISBURSED');
        expect(await autoReceiveWithdrawals(kit.t.ctx, due)).toBeGreaterThanOrEqual(1);
        expect(await statusOf()).toBe('RECEIVED');

        expect(await client.next('withdrawal:result', (p) => p.withdrawalId === id)).toMatchObject({ status: 'RECEIVED' });
        expect(await client.next('message:new')).toMatchObject({ template: 'withdraw.autoReceived', type: 'WITHDRAW' });
        const record = (await kit.call('GET', '/wps/relay/RPT_withdrawalRecord', { token: m.token })).body.value.list[0];
        expect(record).toMatchObject({ withdrawalId: id, status: 'RECEIVED', confirmation: { receivedAmount: 200, remainingAmount: 0, forced: true } });
        // Final: the player can no longer claim it was not received, and nothing was refunded.
        expect((await confirm(m, { withdrawalId: id, outcome: 'NOT_RECEIVED', proofImages: [b64(PNG)] })).body.code).toBe('INVALID_STATE');
        expect((await balances(m)).mainBalance).toBe(800);
      } finally {
        client.close();
      }
    });

    it('one withdrawal that cannot be marked is set aside for the operators; the others are marked, and later runs skip it', async () => {
      const poisoned = await disbursed(120);
      const healthy = await disbursed(130);
      // A fault only this row meets: any update of it fails, as a corrupt row or a bug would.
      await sql`create function poison_withdrawal() returns trigger language plpgsql as $$
        begin raise exception 'poisoned withdrawal %', old.id; end $$`.execute(kit.t.ctx.db);
      await sql`create trigger poison_withdrawal before update on withdrawal_orders for each row
        when (old.id = ${sql.lit(Number(poisoned.id))}) execute function poison_withdrawal()`.execute(kit.t.ctx.db);
      try {
        const later = new Date(Date.now() + 16 * 60_000);
        expect(await autoReceiveWithdrawals(kit.t.ctx, later)).toBeGreaterThanOrEqual(1);
        const statusOf = async (id: string) =>
          (await kit.t.ctx.db.selectFrom('withdrawal_orders').select('status').where('id', '=', Number(id)).executeTakeFirstOrThrow()).status;
        expect(await statusOf(healthy.id)).toBe('RECEIVED');
        expect(await statusOf(poisoned.id)).toBe('DISBURSED');
        const incident = { job: 'withdrawal-auto-receive', subject: `withdrawal:${Number(poisoned.id)}`, occurrences: 1 };
        const listed = (await kit.ops('GET', '/ops/job-incidents')).body.value;
        expect(listed).toContainEqual(expect.objectContaining({ ...incident, problem: expect.stringContaining('poisoned withdrawal') }));
        await autoReceiveWithdrawals(kit.t.ctx, later);
        expect((await kit.ops('GET', '/ops/job-incidents')).body.value).toContainEqual(expect.objectContaining(incident));
      } finally {
        await sql`drop trigger poison_withdrawal on withdrawal_orders`.execute(kit.t.ctx.db);
        await sql`drop function poison_withdrawal()`.execute(kit.t.ctx.db);
      }
    });

    it('the job runs once per window across nodes (advisory lock + window claim), driven with a fake clock', async () => {
      const windowStart = new Date('2030-01-01T00:00:00Z');
      expect(await claimJobWindow(kit.t.ctx.db, 'test-job', windowStart, 'node-a')).toBe(true);
      expect(await claimJobWindow(kit.t.ctx.db, 'test-job', windowStart, 'node-b')).toBe(false);
      expect(await claimJobWindow(kit.t.ctx.db, 'test-job', new Date(windowStart.getTime() + 30_000), 'node-b')).toBe(true);

      const { m, id } = await disbursed(150);
      const job = moneyJobs(kit.t.ctx)[0]!;
      const later = new Date(Date.now() + 16 * 60_000);
      const first = await runJobWindow(kit.t.ctx, job, later);
      expect(first.ran).toBe(true);
      expect(first.processed).toBeGreaterThanOrEqual(1);
      expect(await runJobWindow(kit.t.ctx, job, later)).toEqual({ ran: false, processed: 0 });
      const run = await kit.t.ctx.db
        .selectFrom('job_runs')
        .selectAll()
        .where('job', '=', job.name)
        .where('window_start', '=', windowStartOf(later, job.intervalSeconds))
        .executeTakeFirstOrThrow();
      expect(run.finished_at).not.toBeNull();
      const status = await kit.t.ctx.db.selectFrom('withdrawal_orders').select(['status', 'forced']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
      expect(status).toEqual({ status: 'RECEIVED', forced: true });
      expect((await messages(m))[0]!.template).toBe('withdraw.autoReceived');
    });
  });
});
