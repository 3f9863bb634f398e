import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { memberRoom } from '@shared/contract/socket';
import { withEvents } from '@server/socket/realtime';
import { connectRecorder, createMoneyKit, type Member, type MoneyKit } from '../../helpers/money-kit';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

describe('deposits: channels, requests, operator decisions, provider webhooks, live results', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  });
  afterAll(async () => kit.close());

  const deposit = (m: Member, body: Record<string, unknown>) => kit.call('POST', '/wps/relay/PAY_deposit', { token: m.token, body });
  const newDeposit = async (m: Member, amount = 500) => {
    const res = await deposit(m, { channelId: 'BANK', amount, requestId: randomUUID() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value as { orderId: string; status: string; amount: number };
  };
  const balanceOf = async (m: Member) => (await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token })).body.value.balance as number;
  const auditActions = async () => (await kit.t.ctx.db.selectFrom('audit_log').select('action').orderBy('id').execute()).map((r) => r.action);

  /** A provider notice, signed as the provider signs it: HMAC-SHA256 over `<timestamp>.<raw body>`. */
  const signed = (notice: Record<string, unknown>, options: { secret?: string; at?: number } = {}) => {
    const rawBody = JSON.stringify(notice);
    const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
    const signature = createHmac('sha256', options.secret ?? WEBHOOK_SECRET).update(`${timestamp}.${rawBody}`).digest('hex');
    return { rawBody, headers: { 'content-type': 'application/json', 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature } };
  };
  const webhook = (request: { rawBody: string; headers: Record<string, string> }) => kit.call('POST', '/wps/payments/webhook', request);

  describe('channels and requests', () => {
    it('[WALLET-04] lists the configured channels with their amount bounds; a QR channel carries its code', async () => {
      const m = await kit.member();
      const res = await kit.call('GET', '/wps/relay/PAY_depositChannels', { token: m.token });
      const channels = http.depositChannels.response.parse(res.body.value);
      expect(channels.map((c) => [c.channelId, c.type])).toEqual([
        ['BANK', 'BANK_TRANSFER'],
        ['EWALLET', 'E_WALLET'],
        ['QR', 'QR'],
      ]);
      expect(channels[0]).toMatchObject({ minAmount: 100, maxAmount: 500_000, payeeAccountNo: '0071000123456' });
      expect(channels[2]!.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    });

    it('[WALLET-09] a request within the bounds is a PENDING order and moves no money yet', async () => {
      const m = await kit.member();
      const order = http.depositRequest.response.parse(
        (await deposit(m, { channelId: 'EWALLET', amount: 250.5, payerName: 'Test Payer', requestId: randomUUID() })).body.value,
      );
      expect(order).toMatchObject({ channelId: 'EWALLET', channelName: 'E-wallet', amount: 250.5, status: 'PENDING', payerName: 'Test Payer', resolvedAt: null });
      expect(await balanceOf(m)).toBe(0);
    });

    it('amounts outside the channel bounds are 400 AMOUNT_OUT_OF_RANGE with the bounds', async () => {
      const m = await kit.member();
      for (const amount of [99.99, 500_000.01]) {
        const res = await deposit(m, { channelId: 'BANK', amount, requestId: randomUUID() });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', details: { minAmount: 100, maxAmount: 500_000 } });
      }
    });

    it('an unknown or switched-off channel is 400 CHANNEL_UNAVAILABLE', async () => {
      const m = await kit.member();
      expect((await deposit(m, { channelId: 'NOPE', amount: 200, requestId: randomUUID() })).body.code).toBe('CHANNEL_UNAVAILABLE');
      await kit.t.ctx.db.updateTable('payment_channels').set({ active: false }).where('channel_id', '=', 'QR').execute();
      try {
        expect((await deposit(m, { channelId: 'QR', amount: 200, requestId: randomUUID() })).body.code).toBe('CHANNEL_UNAVAILABLE');
        const listed = (await kit.call('GET', '/wps/relay/PAY_depositChannels', { token: m.token })).body.value as { channelId: string }[];
        expect(listed.map((c) => c.channelId)).not.toContain('QR');
      } finally {
        await kit.t.ctx.db.updateTable('payment_channels').set({ active: true }).where('channel_id', '=', 'QR').execute();
      }
    });

    it('the same requestId returns the first order; with another body it is 409 IDEMPOTENCY_CONFLICT', async () => {
      const m = await kit.member();
      const body = { channelId: 'BANK', amount: 300, requestId: randomUUID() };
      const first = await deposit(m, body);
      const again = await deposit(m, body);
      expect(again.body.value).toEqual(first.body.value);
      const conflict = await deposit(m, { ...body, amount: 301 });
      expect(conflict.status).toBe(409);
      expect(conflict.body.code).toBe('IDEMPOTENCY_CONFLICT');
      expect(await kit.t.ctx.db.selectFrom('deposit_orders').select('id').where('member_id', '=', m.id).execute()).toHaveLength(1);
    });

    it('[ERR-06] trial accounts cannot deposit; bad bodies are 400 VALIDATION', async () => {
      const trial = await kit.member(4);
      expect((await deposit(trial, { channelId: 'BANK', amount: 200, requestId: randomUUID() })).body.code).toBe('TRIAL_ACCOUNT');
      const m = await kit.member();
      for (const body of [{}, { channelId: 'BANK', amount: 0, requestId: randomUUID() }, { channelId: 'BANK', amount: 'x', requestId: randomUUID() }]) {
        const res = await deposit(m, body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', value: null });
      }
    });
  });

  describe('operator decisions', () => {
    it('[MSG-11] approving credits the wallet, writes a DEPOSIT message and an audit row; approving twice is 409', async () => {
      const m = await kit.member();
      const order = await newDeposit(m, 500);
      const res = await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: order.orderId } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value).toMatchObject({ orderId: order.orderId, status: 'CREDITED', account: m.account, memberId: m.id });
      expect(await balanceOf(m)).toBe(500);
      const messages = (await kit.call('GET', '/wps/relay/CSP_messageList', { token: m.token })).body.value;
      expect(messages.list[0]).toMatchObject({ type: 'DEPOSIT', template: 'deposit.credited', params: { orderId: order.orderId, amount: '500.00' }, read: false });
      expect(messages.unreadMessage).toBe(1);
      expect((await auditActions()).at(-1)).toBe('deposit.approve');

      const again = await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: order.orderId } });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('INVALID_STATE');
      expect(await balanceOf(m)).toBe(500);
    });

    it('[MSG-11] rejecting fails the order with its reason and tells the player; no money moves', async () => {
      const m = await kit.member();
      const order = await newDeposit(m, 200);
      const res = await kit.ops('POST', '/ops/deposits/reject', { body: { orderId: order.orderId, reason: 'No payment received' } });
      expect(res.body.value).toMatchObject({ status: 'FAILED', failureReason: 'No payment received' });
      expect(await balanceOf(m)).toBe(0);
      const message = (await kit.call('GET', '/wps/relay/CSP_messageList', { token: m.token })).body.value.list[0];
      expect(message).toMatchObject({ type: 'DEPOSIT', template: 'deposit.failed', params: { reason: 'No payment received' } });
      expect(message.content).toContain('No payment received');
      expect((await auditActions()).at(-1)).toBe('deposit.reject');
    });

    it('lists orders newest first, filtered by status and account; unknown orders are 404; members cannot call it', async () => {
      const m = await kit.member();
      const a = await newDeposit(m, 150);
      const b = await newDeposit(m, 160);
      await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: a.orderId } });
      const pending = await kit.ops('GET', '/ops/deposits', { query: { account: m.account, status: 'PENDING' } });
      expect(pending.body.value.list.map((o: { orderId: string }) => o.orderId)).toEqual([b.orderId]);
      const all = await kit.ops('GET', '/ops/deposits', { query: { account: m.account } });
      expect(all.body.value.list.map((o: { orderId: string }) => o.orderId)).toEqual([b.orderId, a.orderId]);
      expect((await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: '999999' } })).status).toBe(404);
      expect((await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: 'abc' } })).status).toBe(404);
      expect((await kit.ops('POST', '/ops/deposits/reject', { body: { orderId: b.orderId, reason: '' } })).status).toBe(400);
      expect((await kit.call('GET', '/ops/deposits', { token: m.token })).status).toBe(401);
    });
  });

  describe('provider webhook', () => {
    it('a correctly signed SUCCESS credits the order once; the same notice again changes nothing', async () => {
      const m = await kit.member();
      const order = await newDeposit(m, 700);
      const notice = signed({ eventId: `evt-${randomUUID()}`, orderId: order.orderId, status: 'SUCCESS', amount: 700 });
      const first = await webhook(notice);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.value).toEqual({ orderId: order.orderId, status: 'CREDITED', duplicate: false });
      const replay = await webhook(notice);
      expect(replay.body.value).toEqual({ orderId: order.orderId, status: 'CREDITED', duplicate: true });
      // Another notice (new event id) for the same outcome is a duplicate too.
      const echo = await webhook(signed({ eventId: `evt-${randomUUID()}`, orderId: order.orderId, status: 'SUCCESS', amount: 700 }));
      expect(echo.body.value.duplicate).toBe(true);
      expect(await balanceOf(m)).toBe(700);
      const resolved = await kit.t.ctx.db.selectFrom('deposit_orders').select('resolved_by').where('id', '=', Number(order.orderId)).executeTakeFirstOrThrow();
      expect(resolved.resolved_by).toMatch(/^webhook:evt-/);
    });

    it('a FAILED notice fails the order with its reason', async () => {
      const m = await kit.member();
      const order = await newDeposit(m, 300);
      const res = await webhook(signed({ eventId: `evt-${randomUUID()}`, orderId: order.orderId, status: 'FAILED', amount: 300, reason: 'Card declined' }));
      expect(res.body.value.status).toBe('FAILED');
      const list = (await kit.call('GET', '/wps/relay/RPT_depositRecord', { token: m.token })).body.value.list;
      expect(list[0]).toMatchObject({ orderId: order.orderId, status: 'FAILED', failureReason: 'Card declined' });
    });

    it('a wrong secret, a tampered body, or missing headers is 401 SIGNATURE_INVALID and changes nothing', async () => {
      const m = await kit.member();
      const order = await newDeposit(m, 400);
      const notice = { eventId: `evt-${randomUUID()}`, orderId: order.orderId, status: 'SUCCESS', amount: 400 };
      const wrongSecret = signed(notice, { secret: 'another-secret-0123456789' });
      const good = signed(notice);
      const tampered = { rawBody: good.rawBody.replace('"amount":400', '"amount":4000'), headers: good.headers };
      const unsigned = { rawBody: good.rawBody, headers: { 'content-type': 'application/json' } };
      for (const request of [wrongSecret, tampered, unsigned]) {
        const res = await webhook(request);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, code: 'SIGNATURE_INVALID' });
      }
      expect(await balanceOf(m)).toBe(0);
      // The event id was not used up by the refused notices.
      expect((await webhook(good)).body.value).toMatchObject({ status: 'CREDITED', duplicate: false });
    });

    it('a notice signed more than 5 minutes ago (or ahead) is 400 REQUEST_EXPIRED', async () => {
      const m = await kit.member();
      const order = await newDeposit(m, 400);
      const notice = { eventId: `evt-${randomUUID()}`, orderId: order.orderId, status: 'SUCCESS', amount: 400 };
      const now = Math.floor(Date.now() / 1000);
      for (const at of [now - 301, now + 301]) {
        const res = await webhook(signed(notice, { at }));
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('REQUEST_EXPIRED');
      }
      expect(await balanceOf(m)).toBe(0);
    });

    it('a SUCCESS for another amount is 409 CONFLICT; unknown orders are 404; malformed notices are 400', async () => {
      const m = await kit.member();
      const order = await newDeposit(m, 400);
      const mismatch = await webhook(signed({ eventId: `evt-${randomUUID()}`, orderId: order.orderId, status: 'SUCCESS', amount: 399 }));
      expect(mismatch.status).toBe(409);
      expect(mismatch.body.code).toBe('CONFLICT');
      expect(await balanceOf(m)).toBe(0);
      expect((await webhook(signed({ eventId: `evt-${randomUUID()}`, orderId: '99999999', status: 'SUCCESS', amount: 1 }))).status).toBe(404);
      const malformed = await webhook(signed({ eventId: '', orderId: order.orderId, status: 'MAYBE', amount: 1 }));
      expect(malformed.status).toBe(400);
      expect(malformed.body.code).toBe('VALIDATION');
      const notJson = await webhook({ rawBody: '{oops', headers: signed({}).headers });
      expect(notJson.status).toBe(400);
    });
  });

  describe('live events', () => {
    it('[MSG-07] the player\'s open socket gets deposit:result, balance:updated, message:new and unread:count after the approval commits', async () => {
      const url = await kit.listen();
      const m = await kit.member();
      const order = await newDeposit(m, 1_234.56);
      const client = await connectRecorder(url, m.token, ['deposit:result', 'balance:updated', 'message:new', 'unread:count']);
      try {
        await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: order.orderId } });
        const result = await client.next('deposit:result');
        expect(result).toMatchObject({ orderId: order.orderId, status: 'CREDITED', amount: 1_234.56, failureReason: null });
        expect(result.eventId).toBeGreaterThan(0);
        expect(await client.next('balance:updated')).toMatchObject({ balance: 1_234.56, entryType: 'DEPOSIT', wallets: [{ wallet: 'MAIN', balance: 1_234.56 }] });
        expect(await client.next('message:new')).toMatchObject({ type: 'DEPOSIT', template: 'deposit.credited', read: false });
        expect(await client.next('unread:count')).toMatchObject({ unreadMessage: 1 });
        // Each event was stored before it was sent, so a reconnecting client can recover it.
        const stored = await kit.t.ctx.db.selectFrom('events').select('name').where('room', '=', memberRoom(m.id)).orderBy('id').execute();
        expect(stored.map((e) => e.name)).toEqual(['balance:updated', 'deposit:result', 'message:new', 'unread:count']);
      } finally {
        client.close();
      }
    });

    it('nothing reaches the socket when the transaction rolls back', async () => {
      const url = await kit.listen();
      const m = await kit.member();
      const client = await connectRecorder(url, m.token, ['message:new', 'unread:count', 'deposit:result']);
      try {
        await expect(
          withEvents(kit.t.ctx, async (trx, record) => {
            await record(memberRoom(m.id), 'unread:count', { unreadMessage: 99 });
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        // A refused operator step rolls back too.
        const order = await newDeposit(m, 100);
        await kit.ops('POST', '/ops/deposits/reject', { body: { orderId: order.orderId, reason: 'Duplicate request' } });
        await client.next('deposit:result', (p) => p.status === 'FAILED');
        await client.next('unread:count', (p) => p.unreadMessage === 1);
        const before = client.events.length;
        expect((await kit.ops('POST', '/ops/deposits/approve', { body: { orderId: order.orderId } })).status).toBe(409);
        // One socket delivers in order: anything the refused approval sent would come before this marker.
        await kit.call('POST', '/wps/relay/CSP_markRead', { token: m.token, body: { all: true } });
        await client.next('unread:count', (p) => p.unreadMessage === 0);
        expect(client.events.slice(before).map((e) => [e.name, e.payload.unreadMessage])).toEqual([['unread:count', 0]]);
        expect(client.events.some((e) => e.name === 'unread:count' && e.payload.unreadMessage === 99)).toBe(false);
        const stored = await kit.t.ctx.db.selectFrom('events').select('payload').where('room', '=', memberRoom(m.id)).where('name', '=', 'unread:count').execute();
        expect(stored.map((s) => (s.payload as { unreadMessage: number }).unreadMessage)).toEqual([1, 0]);
      } finally {
        client.close();
      }
    });
  });
});
