import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import { connectRecorder, createMoneyKit, type Member, type MoneyKit } from '../../helpers/money-kit';

describe('platform messages, unread count, announcements, operator publishing and adjustments', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit();
  });
  afterAll(async () => kit.close());

  const send = (accounts: string[], title: string, type = 'INBOX') => kit.ops('POST', '/ops/messages', { body: { accounts, type, title, content: `${title} body` } });
  const list = async (m: Member, query: Record<string, string | number> = {}) =>
    http.messageList.response.parse((await kit.call('GET', '/wps/relay/CSP_messageList', { token: m.token, query })).body.value);
  const unread = async (m: Member) => (await kit.call('GET', '/wps/relay/CSP_unreadCount', { token: m.token })).body.value.unreadMessage as number;
  const lastAudit = async () => (await kit.t.ctx.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow());

  describe('messages', () => {
    it('[MSG-04] [MSG-11] lists 9 per page, newest first, with read state, type filter and unread-only filter', async () => {
      const m = await kit.member();
      for (let i = 1; i <= 10; i += 1) await send([m.account], `Notice ${i}`);
      await send([m.account], 'Promo', 'MANUAL_PROMO');
      const first = await list(m);
      expect(first).toMatchObject({ pageNum: 1, totalPages: 2, total: 11, unreadMessage: 11 });
      expect(first.list).toHaveLength(9);
      expect(first.list[0]).toMatchObject({ type: 'MANUAL_PROMO', title: 'Promo', content: 'Promo body', template: null, read: false });
      expect(first.list[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      expect((await list(m, { pageNo: 2 })).list.map((x) => x.title)).toEqual(['Notice 2', 'Notice 1']);
      expect((await list(m, { type: 'MANUAL_PROMO' })).total).toBe(1);
      await kit.call('POST', '/wps/relay/CSP_markRead', { token: m.token, body: { messageIds: [first.list[0]!.messageId] } });
      expect((await list(m, { unreadOnly: 'true' })).total).toBe(10);
    });

    it('[MSG-07] [API-24] marking read lowers the unread count, only for the caller\'s own messages; all at once too', async () => {
      const [m, other] = [await kit.member(), await kit.member()];
      await send([m.account, other.account], 'Hello');
      await send([m.account], 'Second');
      expect(await unread(m)).toBe(2);
      const [mine] = (await list(m)).list;
      const [theirs] = (await list(other)).list;
      const res = await kit.call('POST', '/wps/relay/CSP_markRead', { token: m.token, body: { messageIds: [mine!.messageId, theirs!.messageId] } });
      expect(res.body.value).toEqual({ unreadMessage: 1 });
      expect(await unread(other)).toBe(1);
      expect((await kit.call('POST', '/wps/relay/CSP_markRead', { token: m.token, body: { all: true } })).body.value).toEqual({ unreadMessage: 0 });
      expect((await list(m)).list.every((x) => x.read)).toBe(true);
    });

    it('bad mark-read bodies are 400 VALIDATION', async () => {
      const m = await kit.member();
      for (const body of [{}, { messageIds: [] }, { messageIds: ['x'] }, { all: false }]) {
        const res = await kit.call('POST', '/wps/relay/CSP_markRead', { token: m.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.code).toBe('VALIDATION');
      }
    });

    it('[MSG-10] the unread count is refused to trial accounts (403 TRIAL_ACCOUNT) and needs a token', async () => {
      const trial = await kit.member(4);
      const res = await kit.call('GET', '/wps/relay/CSP_unreadCount', { token: trial.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'TRIAL_ACCOUNT', value: null });
      expect((await kit.call('GET', '/wps/relay/CSP_unreadCount')).status).toBe(401);
    });

    it('an operator message goes live to the member\'s socket with the new unread count, and is audited', async () => {
      const url = await kit.listen();
      const m = await kit.member();
      const client = await connectRecorder(url, m.token, ['message:new', 'unread:count']);
      try {
        const res = await send([m.account], 'Your VIP manager', 'ONLINE_MSG');
        expect(res.body.value.sent).toMatchObject([{ account: m.account, type: 'ONLINE_MSG', title: 'Your VIP manager' }]);
        expect(await client.next('message:new')).toMatchObject({ type: 'ONLINE_MSG', title: 'Your VIP manager', read: false });
        expect(await client.next('unread:count')).toMatchObject({ unreadMessage: 1 });
        expect(await lastAudit()).toMatchObject({ action: 'message.send', actor_kind: 'operator' });
        // Marking read from another tab updates this one.
        await kit.call('POST', '/wps/relay/CSP_markRead', { token: m.token, body: { all: true } });
        expect(await client.next('unread:count', (p) => p.unreadMessage === 0)).toMatchObject({ unreadMessage: 0 });
      } finally {
        client.close();
      }
    });

    it('sending to an unknown account is 404 USER_NOT_FOUND and sends nothing to anyone', async () => {
      const m = await kit.member();
      const res = await send([m.account, 'nobody-here'], 'Hi');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'USER_NOT_FOUND', details: { missing: ['nobody-here'] } });
      expect(await unread(m)).toBe(0);
    });
  });

  describe('announcements', () => {
    const announcements = async (query: Record<string, string>, token?: string) =>
      http.announcements.response.parse((await kit.call('GET', '/wps/relay/CSP_announcements', { query, token: token ?? null })).body.value);

    it('[API-56] [MSG-08] a visitor asking with execution B gets banners, notices, promotions and only B popups', async () => {
      const res = await announcements({ types: 'B,PL,PU,PR', execution: 'B', platform: 'W' });
      expect(res.banners.length).toBeGreaterThan(0);
      expect(res.player.map((a) => a.type)).toEqual(expect.arrayContaining(['PL']));
      expect(res.player.some((a) => a.type === 'H')).toBe(false);
      expect(res.popup.map((a) => a.execution)).toEqual(['B']);
      expect(res.promotion.every((a) => a.type === 'PR' && a.promotionType)).toBe(true);
    });

    it('[API-56] [MSG-08] at login a member gets home notices too, and A and F popups for the client to pick from', async () => {
      const m = await kit.member();
      const res = await announcements({ types: 'B,PL,PU,PR,H' }, m.token);
      expect(res.player.some((a) => a.type === 'H')).toBe(true);
      expect(new Set(res.popup.map((a) => a.execution))).toEqual(new Set(['A', 'F']));
      expect((await announcements({ types: 'PU', execution: 'A' }, m.token)).popup.map((a) => a.execution)).toEqual(['A']);
      expect((await announcements({ types: 'PL' })).banners).toEqual([]);
    });

    it('bad announcement queries are 400 VALIDATION', async () => {
      const queries: Record<string, string>[] = [{ types: 'b,pl' }, { types: 'B', execution: 'Z' }, { types: 'B', platform: 'X' }];
      for (const query of queries) {
        expect((await kit.call('GET', '/wps/relay/CSP_announcements', { query })).status).toBe(400);
      }
    });

    it('[MSG-01] a published announcement reaches open pages at once and lists; a withdrawn one disappears', async () => {
      const url = await kit.listen();
      const m = await kit.member();
      const client = await connectRecorder(url, m.token, ['announcement:new']);
      try {
        const res = await kit.ops('POST', '/ops/announcements', {
          body: { type: 'PU', title: 'Flash sale', content: '<p>Today only</p>', execution: 'A', promotionType: 'FLASH' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const pushed = await client.next('announcement:new');
        expect(pushed).toMatchObject({ id: res.body.value.id, type: 'PU', title: 'Flash sale', execution: 'A', promotionType: 'FLASH' });
        expect((await announcements({ types: 'PU' }, m.token)).popup.map((a) => a.title)).toContain('Flash sale');
        expect((await lastAudit()).action).toBe('announcement.publish');

        const removed = await kit.ops('DELETE', '/ops/announcements', { query: { id: res.body.value.id } });
        expect(removed.body.value.active).toBe(false);
        expect((await announcements({ types: 'PU' }, m.token)).popup.map((a) => a.title)).not.toContain('Flash sale');
        expect((await lastAudit()).action).toBe('announcement.withdraw');
      } finally {
        client.close();
      }
    });

    it('a popup needs an execution code, a scheduled one shows only from its start, and bad input is 400', async () => {
      const noExecution = await kit.ops('POST', '/ops/announcements', { body: { type: 'PU', title: 'x', content: 'y' } });
      expect(noExecution.status).toBe(400);
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const scheduled = await kit.ops('POST', '/ops/announcements', { body: { type: 'PL', title: 'Next hour', content: 'Soon', startsAt: later } });
      expect(scheduled.status).toBe(200);
      expect((await announcements({ types: 'PL' })).player.map((a) => a.title)).not.toContain('Next hour');
      expect((await kit.ops('GET', '/ops/announcements')).body.value.map((a: { title: string }) => a.title)).toContain('Next hour');
      for (const body of [{ type: 'B', title: 'x', content: 'y' }, { type: 'PL', title: '', content: 'y' }, { type: 'PL', title: 'x', content: 'y', endsAt: 'soon' }]) {
        expect((await kit.ops('POST', '/ops/announcements', { body })).status).toBe(400);
      }
      expect((await kit.ops('DELETE', '/ops/announcements', { query: { id: 999999 } })).status).toBe(404);
    });

    it('banners are published to a group and taken down, with audit rows', async () => {
      const res = await kit.ops('POST', '/ops/banners', { body: { groupName: 'w_home', url: '/static/banners/new.svg', linkageType: 'INTERNAL', linkTarget: '/promotions', title: 'New' } });
      expect(res.body.value).toMatchObject({ groupName: 'w_home', url: '/static/banners/new.svg' });
      expect((await announcements({ types: 'B' })).banners.map((b) => b.url)).toContain('/static/banners/new.svg');
      await kit.ops('DELETE', '/ops/banners', { query: { id: res.body.value.id } });
      expect((await announcements({ types: 'B' })).banners.map((b) => b.url)).not.toContain('/static/banners/new.svg');
      expect((await kit.ops('DELETE', '/ops/banners', { query: { id: res.body.value.id } })).status).toBe(404);
      expect((await lastAudit()).action).toBe('banner.remove');
      expect((await kit.ops('POST', '/ops/banners', { body: { groupName: 'w_nowhere', url: '/x.svg' } })).status).toBe(400);
    });
  });

  describe('operator balance adjustments', () => {
    it('credits and debits with a reason, tells the player, audits it, and never takes the wallet below zero', async () => {
      const m = await kit.member();
      const adjust = (amount: number, requestId = randomUUID(), reason = 'Goodwill credit') =>
        kit.ops('POST', '/ops/balance-adjustments', { body: { account: m.account, amount, reason, requestId } });
      const requestId = randomUUID();
      const credit = await adjust(50, requestId);
      expect(credit.body.value).toMatchObject({ balance: 50 });
      expect((await adjust(50, requestId)).body.value).toEqual(credit.body.value);
      expect((await adjust(51, requestId)).body.code).toBe('IDEMPOTENCY_CONFLICT');
      expect((await adjust(-20, randomUUID(), 'Correction of a double credit')).body.value.balance).toBe(30);
      const over = await adjust(-30.01);
      expect(over.status).toBe(409);
      expect(over.body.code).toBe('INSUFFICIENT_BALANCE');
      expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token })).body.value.balance).toBe(30);
      expect((await list(m)).list[0]).toMatchObject({ template: 'balance.adjusted', params: { amount: '-20.00', reason: 'Correction of a double credit' } });
      const audits = await kit.t.ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'balance.adjust').execute();
      expect(audits.length).toBeGreaterThanOrEqual(2);
      for (const body of [{ account: m.account, amount: 0, reason: 'zero', requestId: randomUUID() }, { account: m.account, amount: 5, reason: '', requestId: randomUUID() }]) {
        expect((await kit.ops('POST', '/ops/balance-adjustments', { body })).status).toBe(400);
      }
      expect((await kit.ops('POST', '/ops/balance-adjustments', { body: { account: 'ghost', amount: 5, reason: 'test', requestId: randomUUID() } })).status).toBe(404);
    });

    it('the ledger summary shows a zero posting sum and what members hold', async () => {
      const summary = http.opsLedgerSummary.response.parse((await kit.ops('GET', '/ops/ledger/summary')).body.value);
      expect(summary.postingSum).toBe(0);
      expect(summary.transactionCount).toBeGreaterThan(0);
      const systemTotal = summary.systemAccounts.reduce((sum, a) => sum + a.balance, 0);
      expect(Math.round((summary.memberBalances + systemTotal) * 100)).toBe(0);
    });

    it('every operator money call needs an operator token', async () => {
      const m = await kit.member();
      for (const [method, url] of [
        ['GET', '/ops/withdrawals'],
        ['POST', '/ops/balance-adjustments'],
        ['GET', '/ops/ledger/summary'],
        ['POST', '/ops/messages'],
        ['POST', '/ops/announcements'],
      ] as const) {
        const res = await kit.call(method, url, { token: m.token, body: method === 'POST' ? {} : undefined });
        expect(res.status, url).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
    });
  });
});
