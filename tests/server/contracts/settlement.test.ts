import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractsEndpoints as api } from '@shared/contract/contracts';
import { contractJobs } from '@server/jobs/contract-jobs';
import { answerContract } from '@server/services/contracts/lifecycle';
import { retryUnpaidBills, settleContracts, settleWindow, SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import type { TestApp } from '../../helpers/test-app';
import {
  addMember,
  AGENT,
  bet,
  billsOf,
  caller,
  contractPayOf,
  credit,
  DAILY,
  DIVIDEND,
  eventsOf,
  giveContract,
  HOURLY,
  lastEventId,
  memberActor,
  PLAYER,
  REALTIME,
  startContractsApp,
} from './contracts-kit';

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The tests' real-time window (startContractsApp): an hour. */
const WINDOW = HOUR;

/** Midnight of a Monday in Asia/Ho_Chi_Minh (UTC+7, no daylight saving), some weeks back. */
const mondayWeeksAgo = (weeks: number): Date => {
  const now = Date.now();
  const local = new Date(now + 7 * HOUR);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - daysSinceMonday * 24 * HOUR;
  return new Date(localMidnight - 7 * HOUR - weeks * 7 * 24 * HOUR);
};
const after = (base: Date, ms: number) => new Date(base.getTime() + ms);
/** A moment once every window ending at `end` can be settled. */
const settleAt = (end: Date) => after(end, SETTLEMENT_GRACE_MS + 1);

describe('contract settlement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startContractsApp();
  });
  afterAll(async () => t?.close());

  it('[AGENT-21] every real-time window of an agreement gets one bill, even with nothing bet, paid to the cent from the right payer', async () => {
    const base = mondayWeeksAgo(3);
    const top = await addMember(t.ctx, { type: AGENT });
    const sub = await addMember(t.ctx, { type: AGENT, uplineId: top.id });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: sub.id });
    await credit(t.ctx, top.id, 1_000_00);
    await credit(t.ctx, player.id, 1_000_00);
    const topContract = await giveContract(t.ctx, null, top, REALTIME, after(base, 5 * MINUTE));
    const subContract = await giveContract(t.ctx, top, sub, { ...REALTIME, profitRate: 0.3, lossRate: 0.6 }, after(base, 10 * MINUTE));

    await bet(t.ctx, player.id, 50_00, 0, after(base, 8 * MINUTE)); // before sub's agreement: counts for top only
    await bet(t.ctx, player.id, 100_00, 0, after(base, 20 * MINUTE)); // lost: loss rates
    await bet(t.ctx, player.id, 50, 0, after(base, 21 * MINUTE)); // below the single bet amount (1.00): never counts
    await bet(t.ctx, player.id, 50_00, 120_00, after(base, 2 * WINDOW + 30 * MINUTE)); // won: profit rates
    const events = await lastEventId(t.ctx);

    const billed = await settleContracts(t.ctx, ['REALTIME'], settleAt(after(base, 3 * WINDOW)));
    expect(billed).toBe(6);
    const subBills = await billsOf(t.ctx, subContract);
    expect(subBills.map((b) => [b.window_start.getTime() - base.getTime(), b.valid_bet, b.profit_loss, b.pay, b.state])).toEqual([
      [0, 100_00, -100_00, 60, 'ISSUED'],
      [WINDOW, 0, 0, 0, 'NOT_REACHED'],
      [2 * WINDOW, 50_00, 70_00, 15, 'ISSUED'],
    ]);
    const topBills = await billsOf(t.ctx, topContract);
    expect(topBills.map((b) => [b.valid_bet, b.pay, b.state])).toEqual([
      [150_00, 150, 'ISSUED'],
      [0, 0, 'NOT_REACHED'],
      [50_00, 25, 'ISSUED'],
    ]);
    // The platform pays the top agent; the top agent pays its sub-agent from its own balance.
    expect(await contractPayOf(t.ctx, sub.id)).toBe(75);
    expect(await contractPayOf(t.ctx, top.id)).toBe(175 - 75);
    const subPaid = await t.ctx.db.selectFrom('ledger_transactions').select(['entry_type', 'idempotency_key']).where('reference', '=', `contract:${subContract}`).execute();
    expect(subPaid).toEqual([
      { entry_type: 'SALARY', idempotency_key: `contract-pay:${subContract}:${base.toISOString()}` },
      { entry_type: 'SALARY', idempotency_key: `contract-pay:${subContract}:${after(base, 2 * WINDOW).toISOString()}` },
    ]);

    // Each settlement is pushed: to the holder, and to the upline that pays it.
    expect((await eventsOf(t.ctx, sub.id, 'salary:settled', events)).map((e) => [e.role, e.pay, e.state])).toEqual([
      ['HOLDER', 0.6, 'ISSUED'],
      ['HOLDER', 0, 'NOT_REACHED'],
      ['HOLDER', 0.15, 'ISSUED'],
    ]);
    const topEvents = await eventsOf(t.ctx, top.id, 'salary:settled', events);
    expect(topEvents.filter((e) => e.role === 'PAYER').map((e) => e.pay)).toEqual([0.6, 0, 0.15]);
    expect(topEvents.filter((e) => e.role === 'HOLDER').map((e) => e.pay)).toEqual([1.5, 0, 0.25]);
    expect((await eventsOf(t.ctx, sub.id, 'balance:updated', events)).map((e) => e.entryType)).toEqual(['SALARY', 'SALARY']);

    // A second run, however soon, pays nothing more.
    expect(await settleContracts(t.ctx, ['REALTIME'], settleAt(after(base, 3 * WINDOW)))).toBe(0);
    expect(await contractPayOf(t.ctx, sub.id)).toBe(75);

    // A server stopped for five windows settles each of them, in order, at its first run back.
    expect(await settleContracts(t.ctx, ['REALTIME'], settleAt(after(base, 8 * WINDOW)))).toBe(10);
    const caughtUp = await billsOf(t.ctx, subContract);
    expect(caughtUp).toHaveLength(8);
    caughtUp.forEach((b, i) => expect([b.window_start.getTime(), b.window_end.getTime()]).toEqual([base.getTime() + i * WINDOW, base.getTime() + (i + 1) * WINDOW]));
    expect((await t.ctx.db.selectFrom('contracts').select('settled_until').where('id', '=', subContract).executeTakeFirstOrThrow()).settled_until).toEqual(after(base, 8 * WINDOW));
  });

  it('[AGENT-21] a window still running, or ended less than the grace ago, is not settled yet', async () => {
    const base = mondayWeeksAgo(4);
    const top = await addMember(t.ctx, { type: AGENT });
    const contract = await giveContract(t.ctx, null, top, REALTIME, base);
    expect(await settleContracts(t.ctx, ['REALTIME'], after(base, WINDOW + SETTLEMENT_GRACE_MS - 1))).toBe(0);
    expect(await billsOf(t.ctx, contract)).toHaveLength(0);
    expect(await settleContracts(t.ctx, ['REALTIME'], after(base, WINDOW + SETTLEMENT_GRACE_MS))).toBe(1);
  });

  it('a contract that ended bills the windows that ended before its end, and none after', async () => {
    const base = mondayWeeksAgo(5);
    const top = await addMember(t.ctx, { type: AGENT });
    const contract = await giveContract(t.ctx, null, top, REALTIME, base);
    await answerContract(t.ctx, memberActor(top), 'REALTIME', contract, 'C', after(base, 30 * MINUTE));
    const operator = await t.ctx.db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
    await answerContract(t.ctx, { kind: 'operator', operatorId: operator.id, ip: '127.0.0.1' }, 'REALTIME', contract, 'C', after(base, 2 * WINDOW + 10 * MINUTE));
    await settleContracts(t.ctx, ['REALTIME'], settleAt(after(base, 6 * WINDOW)));
    expect((await billsOf(t.ctx, contract)).map((b) => b.window_start.getTime() - base.getTime())).toEqual([0, WINDOW]);
    const row = await t.ctx.db.selectFrom('contracts').select(['settled_until', 'ended_at']).where('id', '=', contract).executeTakeFirstOrThrow();
    // Nothing is left to bill: the contract leaves the settlement scan.
    expect(row.settled_until).toEqual(row.ended_at);
  });

  it('an upline whose balance is short gets an unpaid bill; it is paid once the balance allows, once', async () => {
    const base = mondayWeeksAgo(6);
    const top = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    await credit(t.ctx, player.id, 500_00);
    await giveContract(t.ctx, null, top, REALTIME, base);
    const contract = await giveContract(t.ctx, top, player, REALTIME, base);
    await bet(t.ctx, player.id, 200_00, 0, after(base, MINUTE));
    // The player's window alone, before the top agent has earned anything: its balance is 0.
    const before = await lastEventId(t.ctx);
    expect(await settleWindow(t.ctx, contract, { start: base, end: after(base, WINDOW) })).toBe('billed');
    const [unpaid] = await billsOf(t.ctx, contract);
    expect(unpaid).toMatchObject({ state: 'INSUFFICIENT', pay: 200, transaction_id: null });
    expect(await contractPayOf(t.ctx, player.id)).toBe(0);
    expect((await eventsOf(t.ctx, player.id, 'salary:settled', before)).map((e) => e.state)).toEqual(['INSUFFICIENT']);
    expect(await retryUnpaidBills(t.ctx, settleAt(after(base, WINDOW)))).toBe(0);

    await credit(t.ctx, top.id, 10_00);
    expect(await retryUnpaidBills(t.ctx, settleAt(after(base, WINDOW)))).toBe(1);
    expect(await retryUnpaidBills(t.ctx, settleAt(after(base, WINDOW)))).toBe(0);
    const [paid] = await billsOf(t.ctx, contract);
    expect(paid).toMatchObject({ state: 'ISSUED', pay: 200 });
    expect(paid!.transaction_id).not.toBeNull();
    expect(await contractPayOf(t.ctx, player.id)).toBe(200);
  });

  it('an unpaid bill whose window is more than a day old is left unpaid', async () => {
    const base = mondayWeeksAgo(7);
    const top = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    await credit(t.ctx, player.id, 500_00);
    await giveContract(t.ctx, null, top, REALTIME, base);
    const contract = await giveContract(t.ctx, top, player, REALTIME, base);
    await bet(t.ctx, player.id, 100_00, 0, after(base, MINUTE));
    await settleWindow(t.ctx, contract, { start: base, end: after(base, WINDOW) });
    const [bill] = await billsOf(t.ctx, contract);
    expect(bill?.state).toBe('INSUFFICIENT');
    await credit(t.ctx, top.id, 10_00);
    expect(await retryUnpaidBills(t.ctx, after(base, WINDOW + 24 * HOUR + 1))).toBe(0);
    expect((await billsOf(t.ctx, contract))[0]?.state).toBe('INSUFFICIENT');
  });

  it('[AGENT-16] [AGENT-22] [AGENT-15] [AGENT-17] daily, hourly and weekly dividend bills over their windows, each as its formula gives', async () => {
    const monday = mondayWeeksAgo(9);
    const top = await addMember(t.ctx, { type: AGENT });
    const a = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    const b = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    for (const m of [a, b]) await credit(t.ctx, m.id, 10_000_00);
    const daily = await giveContract(t.ctx, null, top, DAILY, after(monday, 30 * MINUTE));
    const hourly = await giveContract(t.ctx, null, top, HOURLY, after(monday, 30 * MINUTE));
    const dividend = await giveContract(t.ctx, null, top, DIVIDEND, after(monday, 30 * MINUTE));

    await bet(t.ctx, a.id, 600_00, 0, after(monday, 10 * HOUR + 15 * MINUTE)); // Monday 10:15, hour 10
    await bet(t.ctx, b.id, 500_00, 100_00, after(monday, 10 * HOUR + 40 * MINUTE)); // Monday 10:40, hour 10
    await bet(t.ctx, a.id, 50_00, 0, after(monday, 24 * HOUR + 11 * HOUR)); // Tuesday 11:00

    const billed = await settleContracts(t.ctx, ['DAILY', 'HOURLY', 'DIVIDEND'], settleAt(after(monday, 7 * 24 * HOUR)));
    expect(billed).toBe(7 + 168 + 1);

    const dailyBills = await billsOf(t.ctx, daily);
    expect(dailyBills).toHaveLength(7);
    // Monday: 1,100.00 reaches the 1,000.00 tier (2 %); Tuesday: 50.00 reaches no tier (100.00 needed).
    expect(dailyBills.slice(0, 2).map((x) => [x.valid_bet, x.rate, x.pay, x.state])).toEqual([
      [1_100_00, 200, 22_00, 'ISSUED'],
      [50_00, null, 0, 'NOT_REACHED'],
    ]);
    expect(dailyBills.slice(2).every((x) => x.state === 'NOT_REACHED')).toBe(true);

    const hourlyBills = await billsOf(t.ctx, hourly);
    expect(hourlyBills).toHaveLength(168);
    const paidHours = hourlyBills.filter((x) => x.pay > 0);
    // Hour 10 of Monday: both members active (2 of 2 required): 1 % of 1,100.00. Tuesday 11:00: one of two: half.
    expect(paidHours.map((x) => [(x.window_start.getTime() - monday.getTime()) / HOUR, x.active_members, x.pay])).toEqual([
      [10, 2, 11_00],
      [35, 1, 25],
    ]);

    const [week] = await billsOf(t.ctx, dividend);
    // The team lost 1,150.00 - 100.00 = 1,050.00 over 1,150.00 valid bet with 2 active members: the 20 % tier.
    expect(week).toMatchObject({ valid_bet: 1_150_00, profit_loss: -1_050_00, active_members: 2, rate: 2_000, pay: 210_00, state: 'ISSUED' });
    expect(week!.window_end.getTime() - week!.window_start.getTime()).toBe(7 * 24 * HOUR);
    const dividendPaid = await t.ctx.db.selectFrom('ledger_transactions').select('entry_type').where('reference', '=', `contract:${dividend}`).execute();
    expect(dividendPaid).toEqual([{ entry_type: 'DIVIDEND' }]);
    expect(await contractPayOf(t.ctx, top.id)).toBe(22_00 + 11_00 + 25 + 210_00);

    // Each job run again, at once or later, pays nothing more for these windows.
    expect(await settleContracts(t.ctx, ['DAILY', 'HOURLY', 'DIVIDEND'], settleAt(after(monday, 7 * 24 * HOUR)))).toBe(0);
    const [job] = contractJobs(t.ctx).filter((j) => j.name === 'contracts-settlement');
    await job!.work(settleAt(after(monday, 7 * 24 * HOUR)));
    await job!.work(settleAt(after(monday, 7 * 24 * HOUR)));
    expect(await contractPayOf(t.ctx, top.id)).toBe(22_00 + 11_00 + 25 + 210_00);
    expect(await billsOf(t.ctx, daily)).toHaveLength(7);
  });

  it('[AGENT-05] [AGENT-21] the agent reads its windows and records, and opens a bill with each member\'s part; another branch\'s bill is 403', async () => {
    const base = mondayWeeksAgo(10);
    const top = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    const stranger = await addMember(t.ctx, { type: AGENT });
    await credit(t.ctx, top.id, 100_00);
    await credit(t.ctx, player.id, 500_00);
    await giveContract(t.ctx, null, top, REALTIME, base);
    await giveContract(t.ctx, top, player, REALTIME, base);
    await giveContract(t.ctx, null, top, DAILY, base);
    await bet(t.ctx, player.id, 100_00, 300_00, after(base, MINUTE));
    await bet(t.ctx, top.id, 20_00, 0, after(base, 2 * MINUTE));
    await settleContracts(t.ctx, ['REALTIME'], settleAt(after(base, 3 * WINDOW)));
    await settleContracts(t.ctx, ['DAILY'], settleAt(after(base, 24 * HOUR)));

    const view = await caller(t, top).call('GET', api.agentRealtimeSalary.path, { query: { windows: '2' } });
    expect(view.status).toBe(200);
    expect(view.body.value).toMatchObject({ windowSeconds: 3600, contract: { kind: 'REALTIME', status: 'valid', payer: 'PLATFORM' }, totalPay: 0 });
    expect(view.body.value.windows.map((w: { windowStart: string }) => w.windowStart)).toEqual([after(base, 2 * WINDOW).toISOString(), after(base, WINDOW).toISOString()]);
    expect(new Date(view.body.value.nextSettlementAt).getTime() % WINDOW).toBe(0);

    const own = await caller(t, top).call('GET', api.agentRealtimeSalary.path, { query: { windows: '12' } });
    const first = own.body.value.windows.at(-1);
    // The player profited (0.5 %), the agent lost (1 %): 100.00 × 0.5 % + 20.00 × 1 % = 0.70.
    expect(first).toMatchObject({ validBet: 120, profitLoss: 180, activeMembers: 2, pay: 0.7, state: 'ISSUED' });
    const detail = await caller(t, top).call('GET', api.agentContractBill.path, { query: { billId: first.billId } });
    expect(detail.body.value.members).toEqual([
      { memberId: top.id, account: top.account, validBet: 20, profitLoss: -20, rate: 1 },
      { memberId: player.id, account: player.account, validBet: 100, profitLoss: 200, rate: 0.5 },
    ]);
    const forbidden = await caller(t, stranger).call('GET', api.agentContractBill.path, { query: { billId: first.billId } });
    const missing = await caller(t, stranger).call('GET', api.agentContractBill.path, { query: { billId: '2000000000' } });
    expect([forbidden.status, forbidden.body]).toEqual([missing.status, missing.body]);
    expect(forbidden.status).toBe(403);

    const playerView = await caller(t, top).call('GET', api.agentRealtimeSalary.path, { query: { memberId: String(player.id) } });
    expect(playerView.body.value).toMatchObject({ contract: { payer: 'UPLINE', uplineAccount: top.account }, totalPay: 0.5 });
    expect((await caller(t, stranger).call('GET', api.agentRealtimeSalary.path, { query: { memberId: String(player.id) } })).status).toBe(403);

    const wages = await caller(t, top).call('GET', api.agentDailyWages.path);
    expect(wages.body.value).toMatchObject({ contract: { kind: 'DAILY' }, total: 1, totalValidBet: 120, totalPay: 1.2 });
    expect(wages.body.value.list[0]).toMatchObject({ kind: 'DAILY', rate: 1, pay: 1.2 });
    const range = await caller(t, top).call('GET', api.agentDailyWages.path, { query: { startTime: after(base, 24 * HOUR).toISOString() } });
    expect(range.body.value.total).toBe(0);
    const contracts = await caller(t, top).call('GET', api.agentContracts.path, { query: { kind: 'REALTIME' } });
    expect(contracts.body.value.list.map((c: { downlineAccount: string }) => c.downlineAccount).sort()).toEqual([player.account, top.account].sort());
  });
});
