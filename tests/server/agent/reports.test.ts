import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBet, settleBet } from '@server/services/ledger/bets';
import { ledgerOf } from '@server/services/ledger/ledger';
import { csvExport } from '@server/services/agent/csv';
import { connectRecorder, createMoneyKit, type MoneyKit } from '../../helpers/money-kit';
import { Caller, registerPlayer } from '../../helpers/accounts-kit';
import { addMember, AGENT, credit, PLAYER, TEST_PAYMENT_PASSWORD, type TreeMember } from './agent-kit';

/**
 * agent → member1 (player), sub (agent) → member2 (player), with known deposits, bets and a
 * transfer; `outsider` is nobody's downline and has bets that must never show.
 */
describe('agent record pages over the downline\'s real rows', () => {
  let kit: MoneyKit;
  let agent: TreeMember;
  let sub: TreeMember;
  let member1: TreeMember;
  let member2: TreeMember;
  let outsider: TreeMember;

  const ledgerDeposit = (memberId: number, cents: number) =>
    kit.t.ctx.db.transaction().execute((trx) =>
      ledgerOf(kit.t.ctx).post(trx, {
        entryType: 'DEPOSIT',
        idempotencyKey: `test-deposit:${randomUUID()}`,
        legs: [
          { account: { system: 'CASH' }, amount: -cents },
          { account: { memberId, wallet: 'MAIN' }, amount: cents },
        ],
      }),
    );
  const bet = async (member: TreeMember, stake: number, payout: number | null, vendor = 'HOUSE') => {
    const betId = `test:${randomUUID()}`;
    const ledger = ledgerOf(kit.t.ctx);
    await kit.t.ctx.db.transaction().execute((trx) =>
      placeBet(trx, ledger, { betId, memberId: member.id, vendor, gameType: 'RNG', gameCode: 'G1', gameName: 'Game One', stake }),
    );
    if (payout !== null) await kit.t.ctx.db.transaction().execute((trx) => settleBet(trx, ledger, { betId, payout }));
  };

  beforeAll(async () => {
    kit = await createMoneyKit({}, { BOT_CHECK_ALGORITHM: 'SHA-256', BOT_CHECK_COST: '1', BOT_CHECK_MAX_COUNTER: '40' });
    agent = await addMember(kit.t.ctx, { type: AGENT, paymentPassword: true });
    member1 = await addMember(kit.t.ctx, { type: PLAYER, uplineId: agent.id });
    sub = await addMember(kit.t.ctx, { type: AGENT, uplineId: agent.id });
    member2 = await addMember(kit.t.ctx, { type: PLAYER, uplineId: sub.id });
    outsider = await addMember(kit.t.ctx, { type: PLAYER });
    await credit(kit.t.ctx, agent.id, 100_00);
    await ledgerDeposit(member1.id, 500_00);
    await ledgerDeposit(member2.id, 200_00);
    await ledgerDeposit(outsider.id, 900_00);
    await bet(member1, 10_00, 25_00);
    await bet(member1, 20_00, 0);
    await bet(member1, 5_00, null);
    await bet(member2, 30_00, 10_00, 'PG');
    await bet(outsider, 50_00, 0);
    const transfer = await kit.call('POST', '/wps/agent/transfer', {
      token: agent.token,
      body: { memberId: member2.id, amount: 12, paymentPassword: TEST_PAYMENT_PASSWORD, requestId: randomUUID(), remark: 'weekly float' },
    });
    expect(transfer.status).toBe(200);
  });
  afterAll(async () => kit.close());

  const get = async (url: string, query: Record<string, string> = {}, token = agent.token) => {
    const res = await kit.call('GET', url, { token, query });
    expect([url, res.status]).toEqual([url, 200]);
    return res.body.value;
  };
  const csvRows = (content: string) => parse(content, { relax_column_count: true }) as string[][];

  it('[AGENT-10] team betting: the downline\'s bets only, filtered by level, account, status and vendor, with totals over the filter', async () => {
    const all = await get('/wps/agent/report/teamBets');
    expect(all.total).toBe(4);
    expect(new Set(all.list.map((r: { account: string }) => r.account))).toEqual(new Set([member1.account, member2.account]));
    expect([all.totalStake, all.totalValidBet, all.totalPayout, all.totalProfitLoss]).toEqual([65, 60, 35, -25]);
    const level2 = await get('/wps/agent/report/teamBets', { level: '2' });
    expect(level2.list).toEqual([expect.objectContaining({ account: member2.account, level: 2, vendor: 'PG', stake: 30, payout: 10, profitLoss: -20 })]);
    expect((await get('/wps/agent/report/teamBets', { account: member1.account.slice(2, 8).toUpperCase() })).total).toBe(3);
    expect((await get('/wps/agent/report/teamBets', { status: 'OPEN' })).list).toEqual([expect.objectContaining({ stake: 5, profitLoss: 0, status: 'OPEN' })]);
    expect((await get('/wps/agent/report/teamBets', { vendor: 'PG' })).total).toBe(1);
    const paged = await get('/wps/agent/report/teamBets', { pageSize: '3', pageNo: '2' });
    expect([paged.list.length, paged.totalPages, paged.pageNum, paged.totalStake]).toEqual([1, 2, 2, 65]);
    // The sub-agent sees its own branch.
    expect((await get('/wps/agent/report/teamBets', {}, sub.token)).total).toBe(1);
  });

  it('[AGENT-10] user loss: profit and loss per member, biggest loss first, with a totals row', async () => {
    const report = await get('/wps/agent/report/userProfitLoss');
    expect(report.list).toEqual([
      { memberId: member2.id, account: member2.account, level: 2, betCount: 1, validBets: 30, payout: 10, profitLoss: -20, deposits: 200, withdrawals: 0 },
      { memberId: member1.id, account: member1.account, level: 1, betCount: 3, validBets: 30, payout: 25, profitLoss: -5, deposits: 500, withdrawals: 0 },
    ]);
    expect(report.totals).toEqual({ members: 2, betCount: 4, validBets: 60, payout: 35, profitLoss: -25, deposits: 700, withdrawals: 0 });
    expect((await get('/wps/agent/report/userProfitLoss', { level: '1' })).list.map((r: { memberId: number }) => r.memberId)).toEqual([member1.id]);
  });

  it('[AGENT-10] account details: the downline\'s ledger entries with money in and out; [AGENT-11] my income: the agent\'s own transfers', async () => {
    const details = await get('/wps/agent/report/transactions');
    const accounts = new Set(details.list.map((r: { account: string }) => r.account));
    expect(accounts).toEqual(new Set([member1.account, member2.account]));
    expect(details.totalIn - details.totalOut).toBeCloseTo(details.net, 2);
    expect(details.totalIn).toBe(500 + 200 + 25 + 10 + 12);
    expect(details.totalOut).toBe(10 + 20 + 5 + 30);
    const deposits = await get('/wps/agent/report/transactions', { type: 'DEPOSIT' });
    expect(deposits.list.map((r: { amount: number }) => r.amount).sort()).toEqual([200, 500]);

    const income = await get('/wps/agent/report/income');
    expect(income.list).toEqual([expect.objectContaining({ type: 'DOWNLINE_TRANSFER', amount: -12, counterparty: member2.account })]);
    expect([income.totalIn, income.totalOut, income.net]).toEqual([0, 12, -12]);
    expect((await get('/wps/agent/report/income', { type: 'SALARY' })).list).toEqual([]);
  });

  it('[AGENT-10] [AGENT-11] each report exports as CSV with the same filters: every row, a totals line, formulas neutralised', async () => {
    const page = await get('/wps/agent/report/teamBets', { level: '1' });
    const file = await get('/wps/agent/report/teamBets/export', { level: '1' });
    expect(file).toMatchObject({ contentType: 'text/csv', rowCount: 3, truncated: false });
    expect(file.fileName).toMatch(/^team-bets-\d{8}-\d{8}\.csv$/);
    const rows = csvRows(file.content);
    expect(rows[0]).toEqual(['Account', 'Level', 'Bet ID', 'Vendor', 'Game', 'Stake', 'Payout', 'Profit/loss', 'Status', 'Placed at', 'Settled at']);
    expect(rows).toHaveLength(1 + 3 + 1);
    expect(rows.at(-1)!.slice(5, 8).map(Number)).toEqual([page.totalStake, page.totalPayout, page.totalProfitLoss]);

    const losses = csvRows((await get('/wps/agent/report/userProfitLoss/export')).content);
    expect(losses.at(-1)).toEqual(['Total (2 members)', '', '4', '60', '35', '-25', '700', '0']);

    const details = csvRows((await get('/wps/agent/report/transactions/export', { type: 'DOWNLINE_TRANSFER' })).content);
    expect(details).toHaveLength(3);
    expect(details[1]!.slice(1, 6)).toEqual([member2.account, '2', 'DOWNLINE_TRANSFER', 'MAIN', '12']);
    expect(details[1]!.at(-1)).toBe(`${agent.account} → ${member2.account}: weekly float`);
    const income = csvRows((await get('/wps/agent/report/income/export')).content);
    expect(income[1]!.slice(1, 4)).toEqual(['DOWNLINE_TRANSFER', member2.account, '-12']);
    // Times are the caller's local time when it sends its offset.
    const local = csvRows((await get('/wps/agent/report/income/export', { startTime: new Date(Date.now() - 86_400_000).toISOString().replace('Z', '+07:00') })).content);
    expect(local[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('a cell a spreadsheet would run as a formula is written as text; negative amounts stay numbers', () => {
    const range = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-02T00:00:00Z') };
    const file = csvExport<{ text: string; amount: number }>(
      'check',
      range,
      0,
      [
        { header: 'Text', cell: (r) => r.text },
        { header: 'Amount', cell: (r) => r.amount },
      ],
      { list: [{ text: '=HYPERLINK("http://evil.example")', amount: -5 }, { text: '@SUM(A1)', amount: 2.5 }], total: 3 },
      ['Total', -2.5],
    );
    expect(csvRows(file.content)).toEqual([
      ['Text', 'Amount'],
      ["'=HYPERLINK(\"http://evil.example\")", '-5'],
      ["'@SUM(A1)", '2.5'],
      ['Total', '-2.5'],
    ]);
    expect(file).toMatchObject({ fileName: 'check-20261101-20261102.csv', rowCount: 2, truncated: true });
  });

  it('[AGENT-11] agent announcements: an operator targets agents; agents see and hear them, players never do', async () => {
    const url = await kit.listen();
    const agentSocket = await connectRecorder(url, agent.token, ['agentAnnouncement:new', 'announcement:new']);
    const playerSocket = await connectRecorder(url, member1.token, ['agentAnnouncement:new', 'announcement:new']);
    try {
      const published = await kit.ops('POST', '/ops/announcements', { body: { type: 'PL', title: 'Commission day', content: '<p>Paid Monday</p>', audience: 'AGENTS' } });
      expect(published.body.value).toMatchObject({ title: 'Commission day', audience: 'AGENTS' });
      await kit.ops('POST', '/ops/announcements', { body: { type: 'PL', title: 'For everyone', content: '<p>Hi</p>' } });
      expect(await agentSocket.next('agentAnnouncement:new')).toMatchObject({ title: 'Commission day' });
      await playerSocket.next('announcement:new', (a) => a.title === 'For everyone');
      expect(playerSocket.events.filter((e) => e.name === 'agentAnnouncement:new')).toEqual([]);

      const list = await get('/wps/agent/announcements');
      expect(list.list.map((a: { title: string }) => a.title)).toEqual(['Commission day']);
      const player = await kit.call('GET', '/wps/relay/CSP_announcements', { token: member1.token, query: { types: 'B,PL,PU,PR,H' } });
      expect(player.body.value.player.map((a: { title: string }) => a.title)).not.toContain('Commission day');
      expect(player.body.value.player.map((a: { title: string }) => a.title)).toContain('For everyone');
    } finally {
      agentSocket.close();
      playerSocket.close();
    }
  });

  it('[AGENT-13] referral: the agent\'s link registers into its downline; members get an invite link only while referral is enabled', async () => {
    const referral = await get('/wps/agent/referral');
    expect(referral).toMatchObject({ link: `http://localhost:8080/register?affiliateCode=${referral.affiliateCode}`, directMembers: 2, registeredWithCode: 0 });
    const visitor = new Caller(kit.t);
    const { reply, username } = await registerPlayer(visitor, { affiliateCode: referral.affiliateCode });
    expect(reply.status).toBe(200);
    expect((await get('/wps/agent/downline', { account: username })).list).toEqual([expect.objectContaining({ account: username, level: 1 })]);
    expect((await get('/wps/agent/referral')).registeredWithCode).toBe(1);

    const mine = await get('/wps/member/referral', {}, member1.token);
    expect(mine.link).toBe(`http://localhost:8080/register?referralCode=${mine.referralCode}`);
    expect(await get('/wps/member/referral', {}, member1.token)).toEqual(mine);
    const friend = new Caller(kit.t);
    expect((await registerPlayer(friend, { referralCode: mine.referralCode })).reply.status).toBe(200);
    expect((await get('/wps/member/referral', {}, member1.token)).invited).toBe(1);

    const permission = async () => (await kit.call('GET', '/wps/system/permission')).body.value.availablePromo;
    expect(await permission()).toEqual([{ type: 'REFERRAL', enabled: true }]);
    await kit.ops('PUT', '/ops/agent/settings', { body: { referralEnabled: false } });
    try {
      expect(await permission()).toEqual([{ type: 'REFERRAL', enabled: false }]);
      const off = await kit.call('GET', '/wps/member/referral', { token: member1.token });
      expect([off.status, off.body.code]).toEqual([403, 'FEATURE_DISABLED']);
    } finally {
      await kit.ops('PUT', '/ops/agent/settings', { body: { referralEnabled: true } });
    }
  });
});
