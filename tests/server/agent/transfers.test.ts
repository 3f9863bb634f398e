import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRecorder, createMoneyKit, type MoneyKit } from '../../helpers/money-kit';
import { addMember, AGENT, credit, mainBalanceOf, PLAYER, TEST_PAYMENT_PASSWORD, TRIAL, type TreeMember } from './agent-kit';

const postgres = Boolean(process.env.TEST_DATABASE_URL);

const transferBody = (memberId: number, amount: number, extra: Record<string, unknown> = {}) => ({
  memberId,
  amount,
  paymentPassword: TEST_PAYMENT_PASSWORD,
  requestId: randomUUID(),
  ...extra,
});

describe('transfers between an agent and its downline', () => {
  let kit: MoneyKit;
  let agent: TreeMember;
  let member: TreeMember;
  let grandchild: TreeMember;
  let subAgent: TreeMember;

  beforeAll(async () => {
    kit = await createMoneyKit();
    agent = await addMember(kit.t.ctx, { type: AGENT, paymentPassword: true });
    subAgent = await addMember(kit.t.ctx, { type: AGENT, uplineId: agent.id, paymentPassword: true });
    member = await addMember(kit.t.ctx, { type: PLAYER, uplineId: agent.id, paymentPassword: true });
    grandchild = await addMember(kit.t.ctx, { type: PLAYER, uplineId: subAgent.id, paymentPassword: true });
    await credit(kit.t.ctx, agent.id, 1_000_00);
  });
  afterAll(async () => kit.close());

  const transfer = (from: TreeMember, body: Record<string, unknown>) => kit.call('POST', '/wps/agent/transfer', { token: from.token, body });
  const toUpline = (from: TreeMember, body: Record<string, unknown>) => kit.call('POST', '/wps/member/upline/transfer', { token: from.token, body });

  it('[AGENT-12] an agent transfers to a direct member: one zero-sum ledger transaction, and both open pages hear of it at once', async () => {
    const url = await kit.listen();
    const agentSocket = await connectRecorder(url, agent.token, ['balance:updated', 'message:new']);
    const memberSocket = await connectRecorder(url, member.token, ['balance:updated', 'message:new']);
    try {
      const before = [await mainBalanceOf(kit.t.ctx, agent.id), await mainBalanceOf(kit.t.ctx, member.id)];
      const res = await transfer(agent, transferBody(member.id, 125.5, { remark: 'weekly float' }));
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        entryType: 'DOWNLINE_TRANSFER',
        amount: 125.5,
        balance: (before[0]! - 125_50) / 100,
        counterparty: { memberId: member.id, account: member.account },
      });
      expect([await mainBalanceOf(kit.t.ctx, agent.id), await mainBalanceOf(kit.t.ctx, member.id)]).toEqual([before[0]! - 125_50, before[1]! + 125_50]);

      const postings = await kit.t.ctx.db
        .selectFrom('ledger_postings')
        .select(['member_id', 'code', 'amount'])
        .where('transaction_id', '=', res.body.value.transactionId)
        .orderBy('amount')
        .execute();
      expect(postings).toEqual([
        { member_id: agent.id, code: 'MAIN', amount: -125_50 },
        { member_id: member.id, code: 'MAIN', amount: 125_50 },
      ]);

      const transactionId = res.body.value.transactionId;
      expect(await memberSocket.next('balance:updated', (e) => e.transactionId === transactionId)).toMatchObject({ balance: (before[1]! + 125_50) / 100, entryType: 'DOWNLINE_TRANSFER' });
      expect(await agentSocket.next('balance:updated', (e) => e.transactionId === transactionId)).toMatchObject({ balance: (before[0]! - 125_50) / 100 });
      expect(await memberSocket.next('message:new')).toMatchObject({ type: 'DOWNLINE_TRANSFER', template: 'transfer.fromUpline', params: { amount: '125.50', account: agent.account } });
      expect(await agentSocket.next('message:new')).toMatchObject({ type: 'DOWNLINE_TRANSFER', template: 'transfer.toDownline', params: { amount: '125.50', account: member.account } });

      const audit = await kit.t.ctx.db.selectFrom('audit_log').select(['actor_kind', 'actor_id', 'action']).where('action', '=', 'transfer.downline-transfer').execute();
      expect(audit).toContainEqual({ actor_kind: 'member', actor_id: String(agent.id), action: 'transfer.downline-transfer' });
    } finally {
      agentSocket.close();
      memberSocket.close();
    }
  });

  it('[AGENT-12] reaches a member at any depth of the downline', async () => {
    const res = await transfer(agent, transferBody(grandchild.id, 10));
    expect(res.status).toBe(200);
    expect(await mainBalanceOf(kit.t.ctx, grandchild.id)).toBe(10_00);
  });

  it('[AGENT-12] a retry with the same request id answers the first receipt and moves nothing; another body under it is 409', async () => {
    const body = transferBody(member.id, 7);
    const first = await transfer(agent, body);
    const balance = await mainBalanceOf(kit.t.ctx, agent.id);
    const again = await transfer(agent, body);
    expect(again.body).toEqual(first.body);
    expect(await mainBalanceOf(kit.t.ctx, agent.id)).toBe(balance);
    const changed = await transfer(agent, { ...body, amount: 8 });
    expect([changed.status, changed.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect(await mainBalanceOf(kit.t.ctx, agent.id)).toBe(balance);
  });

  it('[AGENT-12] refuses, changing nothing: a wrong payment password, more than the balance, a bad amount, anyone outside the downline', async () => {
    const outsider = await addMember(kit.t.ctx, { type: PLAYER });
    const balance = await mainBalanceOf(kit.t.ctx, agent.id);
    const cases: [Record<string, unknown>, number, string][] = [
      [transferBody(member.id, 1, { paymentPassword: '000000' }), 400, 'PAYMENT_PASSWORD_WRONG'],
      [transferBody(member.id, 1_000_000), 409, 'INSUFFICIENT_BALANCE'],
      [transferBody(member.id, 0), 400, 'VALIDATION'],
      [transferBody(member.id, 1.234), 400, 'VALIDATION'],
      [transferBody(outsider.id, 1), 403, 'FORBIDDEN'],
      [transferBody(agent.id, 1), 403, 'FORBIDDEN'],
      [transferBody(outsider.id + 1_000_000, 1), 403, 'FORBIDDEN'],
    ];
    for (const [body, status, code] of cases) {
      const res = await transfer(agent, body);
      expect([body.memberId, body.amount, res.status, res.body.code]).toEqual([body.memberId, body.amount, status, code]);
    }
    expect(await mainBalanceOf(kit.t.ctx, agent.id)).toBe(balance);
    expect(await mainBalanceOf(kit.t.ctx, outsider.id)).toBe(0);
  });

  it('[AGENT-12] a member transfers to its upline (transferUpline), with its payment password; without an upline it is NO_UPLINE', async () => {
    const info = await kit.call('GET', '/wps/member/upline', { token: grandchild.token });
    expect(info.body.value).toEqual({ upline: { account: subAgent.account, nickname: `Nick ${subAgent.account}` }, transfersEnabled: true });
    const res = await toUpline(grandchild, { amount: 4, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: randomUUID() });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ entryType: 'UPLINE_TRANSFER', amount: 4, balance: 6, counterparty: { memberId: subAgent.id } });
    expect(await mainBalanceOf(kit.t.ctx, subAgent.id)).toBe(4_00);
    const messages = await kit.t.ctx.db.selectFrom('messages').select(['member_id', 'type', 'template']).where('type', '=', 'UPLINE_TRANSFER').execute();
    expect(messages).toEqual(
      expect.arrayContaining([
        { member_id: grandchild.id, type: 'UPLINE_TRANSFER', template: 'transfer.toUpline' },
        { member_id: subAgent.id, type: 'UPLINE_TRANSFER', template: 'transfer.fromDownline' },
      ]),
    );

    const income = await kit.call('GET', '/wps/agent/report/income', { token: subAgent.token });
    expect(income.body.value.list).toEqual([expect.objectContaining({ type: 'UPLINE_TRANSFER', amount: 4, counterparty: grandchild.account })]);

    const loner = await addMember(kit.t.ctx, { type: PLAYER, paymentPassword: true });
    await credit(kit.t.ctx, loner.id, 10_00);
    expect((await kit.call('GET', '/wps/member/upline', { token: loner.token })).body.value).toEqual({ upline: null, transfersEnabled: true });
    const none = await toUpline(loner, { amount: 1, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: randomUUID() });
    expect([none.status, none.body.code]).toEqual([409, 'NO_UPLINE']);
    const trial = await addMember(kit.t.ctx, { type: TRIAL, uplineId: agent.id });
    const refused = await toUpline(trial, { amount: 1, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: randomUUID() });
    expect([refused.status, refused.body.code]).toEqual([403, 'TRIAL_ACCOUNT']);
  });

  it('[AGENT-12] the merchant setting turns transfers off both ways at once (audited), and on again', async () => {
    const off = await kit.ops('PUT', '/ops/agent/settings', { body: { transfersEnabled: false } });
    expect(off.body.value).toEqual({ transfersEnabled: false, referralEnabled: true });
    try {
      const down = await transfer(agent, transferBody(member.id, 1));
      const up = await toUpline(member, { amount: 1, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: randomUUID() });
      expect([down.status, down.body.code, up.status, up.body.code]).toEqual([403, 'FEATURE_DISABLED', 403, 'FEATURE_DISABLED']);
      expect((await kit.call('GET', '/wps/member/upline', { token: member.token })).body.value.transfersEnabled).toBe(false);
      const audit = await kit.t.ctx.db.selectFrom('audit_log').select(['actor_kind', 'detail']).where('action', '=', 'agent.settings').execute();
      expect(audit).toEqual([{ actor_kind: 'operator', detail: { before: { transfersEnabled: true, referralEnabled: true }, change: { transfersEnabled: false } } }]);
    } finally {
      await kit.ops('PUT', '/ops/agent/settings', { body: { transfersEnabled: true } });
    }
    expect((await transfer(agent, transferBody(member.id, 1))).status).toBe(200);
  });
});

/** Races need real connections: PGlite has one and can never show one. */
describe.skipIf(!postgres)('transfers under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit();
  });
  afterAll(async () => kit.close());

  it('[AGENT-12] 20 concurrent retries of one transfer move the money once, and all get the first receipt', async () => {
    const agent = await addMember(kit.t.ctx, { type: AGENT, paymentPassword: true });
    const member = await addMember(kit.t.ctx, { type: PLAYER, uplineId: agent.id });
    await credit(kit.t.ctx, agent.id, 100_00);
    const body = transferBody(member.id, 30);
    const results = await Promise.all(Array.from({ length: 20 }, () => kit.call('POST', '/wps/agent/transfer', { token: agent.token, body })));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => JSON.stringify(r.body.value))).size).toBe(1);
    expect([await mainBalanceOf(kit.t.ctx, agent.id), await mainBalanceOf(kit.t.ctx, member.id)]).toEqual([70_00, 30_00]);
  });

  it('[AGENT-12] 20 concurrent transfers of 10.00 from 100.00, with 5 transfers back up at once: exactly ten pass, nothing overdraws, nothing is lost', async () => {
    const agent = await addMember(kit.t.ctx, { type: AGENT, paymentPassword: true });
    const members = [
      await addMember(kit.t.ctx, { type: PLAYER, uplineId: agent.id, paymentPassword: true }),
      await addMember(kit.t.ctx, { type: PLAYER, uplineId: agent.id, paymentPassword: true }),
    ];
    await credit(kit.t.ctx, agent.id, 100_00);
    await credit(kit.t.ctx, members[0]!.id, 5_00);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => kit.call('POST', '/wps/agent/transfer', { token: agent.token, body: transferBody(members[i % 2]!.id, 10) })),
      // Money also flows up at the same time, in the opposite lock order.
      ...Array.from({ length: 5 }, () =>
        kit.call('POST', '/wps/member/upline/transfer', { token: members[0]!.token, body: { amount: 1, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: randomUUID() } }),
      ),
    ]);
    const down = results.slice(0, 20).map((r) => `${r.status} ${r.body.code}`);
    // The member's 5.00 covers its five transfers up; the agent's 100.00 (plus at most 5.00 from
    // below while the race runs) covers exactly ten of 10.00.
    expect(results.slice(20).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(down.filter((s) => s === '200 OK')).toHaveLength(10);
    expect(down.filter((s) => s === '409 INSUFFICIENT_BALANCE')).toHaveLength(10);
    const balances = await Promise.all([agent, ...members].map((m) => mainBalanceOf(kit.t.ctx, m.id)));
    expect(balances[0]).toBe(100_00 + 5 * 1_00 - 10 * 10_00);
    expect(balances.every((b) => b >= 0)).toBe(true);
    expect(balances.reduce((a, b) => a + b, 0)).toBe(105_00);
    const ledgerSum = await kit.t.ctx.db.selectFrom('ledger_postings').select((eb) => eb.fn.sum<number>('amount').as('sum')).executeTakeFirstOrThrow();
    expect(Number(ledgerSum.sum)).toBe(0);
  });
});
