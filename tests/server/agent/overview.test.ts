import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBet, rollbackBet } from '@server/services/ledger/bets';
import { ledgerOf } from '@server/services/ledger/ledger';
import type { TestApp } from '../../helpers/test-app';
import { Caller } from '../../helpers/accounts-kit';
import { addMember, PLAYER, startDemoTeamApp } from './agent-kit';

const DAY_MS = 86_400_000;
const OFFSET_MINUTES = 7 * 60;
const dayOf = (instant: Date | string) => Math.floor((new Date(instant).getTime() + OFFSET_MINUTES * 60_000) / DAY_MS);
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Local midnight (UTC+7) of the day `daysAgo` back, written as the client writes it. */
const localMidnight = (daysAgo: number) => {
  const day = dayOf(new Date()) - daysAgo;
  return `${dateOf(day)}T00:00:00+07:00`;
};

interface Figures {
  teamSize: number;
  newMembers: number;
  activeMembers: number;
  deposits: number;
  withdrawals: number;
  validBets: number;
  profitLoss: number;
}

/**
 * The overview's figures computed the plain way: the downline found by walking upline_id in
 * JavaScript, then every posting and bet row of it read and added up, per day and in total.
 */
const plainFigures = async (t: TestApp, agentId: number, start: Date, end: Date) => {
  const profiles = await t.ctx.db.selectFrom('member_profiles').select(['member_id', 'upline_id']).execute();
  const children = new Map<number, number[]>();
  for (const p of profiles) if (p.upline_id !== null) children.set(p.upline_id, [...(children.get(p.upline_id) ?? []), p.member_id]);
  const team: number[] = [];
  for (let queue = [...(children.get(agentId) ?? [])]; queue.length; ) {
    const next = queue.shift()!;
    team.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  const [members, postings, bets] = await Promise.all([
    t.ctx.db.selectFrom('members').select(['id', 'created_at']).where('id', 'in', team).execute(),
    t.ctx.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_postings.transaction_id')
      .select(['ledger_postings.member_id', 'ledger_postings.amount', 'ledger_postings.created_at', 'ledger_transactions.entry_type'])
      .where('ledger_postings.member_id', 'in', team)
      .execute(),
    t.ctx.db.selectFrom('bets').select(['member_id', 'stake', 'payout', 'status', 'placed_at']).where('member_id', 'in', team).execute(),
  ]);
  const inRange = (at: Date | string) => new Date(at) >= start && new Date(at) <= end;
  const figuresOf = (within: (at: Date | string) => boolean, registeredBy: Date): Figures => {
    const counted = bets.filter((b) => inRange(b.placed_at) && within(b.placed_at));
    const settled = counted.filter((b) => b.status === 'SETTLED');
    const entries = (type: string) => postings.filter((p) => p.entry_type === type && inRange(p.created_at) && within(p.created_at));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    return {
      teamSize: members.filter((m) => new Date(m.created_at) <= registeredBy).length,
      newMembers: members.filter((m) => inRange(m.created_at) && within(m.created_at)).length,
      activeMembers: new Set(counted.filter((b) => b.status !== 'ROLLED_BACK').map((b) => b.member_id)).size,
      deposits: sum(entries('DEPOSIT').map((p) => p.amount)) / 100,
      withdrawals: sum(entries('WITHDRAWAL_PAID').map((p) => -p.amount)) / 100,
      validBets: sum(settled.map((b) => b.stake)) / 100,
      profitLoss: sum(settled.map((b) => b.payout - b.stake)) / 100,
    };
  };
  const days = [];
  for (let day = dayOf(start); day <= dayOf(end); day += 1) {
    const endOfDay = new Date(Math.min((day + 1) * DAY_MS - OFFSET_MINUTES * 60_000 - 1, end.getTime()));
    days.push({ date: dateOf(day), ...figuresOf((at) => dayOf(at) === day, endOfDay) });
  }
  return { totals: figuresOf(() => true, end), days };
};

describe('team overview (agentTeamOverview) on the seeded demo team', () => {
  let t: TestApp;
  let agent: Caller;
  beforeAll(async () => {
    ({ t, agent } = await startDemoTeamApp());
    // Beside the seeded rounds: a bet still open and one rolled back count as stakes nowhere, and a member who joined today.
    const lan = await t.ctx.db.selectFrom('members').select('id').where('account', '=', 'lannguyen').executeTakeFirstOrThrow();
    const ledger = ledgerOf(t.ctx);
    const bet = (betId: string) => ({ betId, memberId: lan.id, vendor: 'HOUSE', gameType: 'RNG', gameCode: 'HOUSE_DICE', gameName: 'Hi-Lo Dice', stake: 7_00 });
    await t.ctx.db.transaction().execute((trx) => placeBet(trx, ledger, bet(`open-${randomUUID()}`)));
    const rolled = `rolled-${randomUUID()}`;
    await t.ctx.db.transaction().execute((trx) => placeBet(trx, ledger, bet(rolled)));
    await t.ctx.db.transaction().execute((trx) => rollbackBet(trx, ledger, { betId: rolled }));
    const hoa = await t.ctx.db.selectFrom('members').select('id').where('account', '=', 'hoaagent').executeTakeFirstOrThrow();
    await addMember(t.ctx, { type: PLAYER, uplineId: hoa.id });
  });
  afterAll(async () => t.close());

  for (const [label, startTime, endTime] of [
    ['this month (30 days) in UTC+7', localMidnight(29), `${dateOf(dayOf(new Date()))}T23:59:59.999+07:00`],
    ['yesterday', localMidnight(1), `${dateOf(dayOf(new Date()) - 1)}T23:59:59.999+07:00`],
    ['today', localMidnight(0), `${dateOf(dayOf(new Date()))}T23:59:59.999+07:00`],
  ] as const) {
    it(`[AGENT-09] ${label}: every figure, in total and per day, equals a plain sum over the ledger and bet rows`, async () => {
      const res = await agent.call('GET', '/wps/agent/overview', { query: { startTime, endTime } });
      expect(res.status).toBe(200);
      const overview = res.body.value;
      const me = await t.ctx.db.selectFrom('members').select('id').where('account', '=', 'agent').executeTakeFirstOrThrow();
      const plain = await plainFigures(t, me.id, new Date(startTime), new Date(endTime));
      expect(overview.utcOffset).toBe('+07:00');
      expect(overview.totals).toEqual(plain.totals);
      expect(overview.days).toEqual(plain.days);
    });
  }

  it('[AGENT-09] the seeded month shows real figures: members, deposits, withdrawals, bets, both ways of profit and loss', async () => {
    const res = await agent.call('GET', '/wps/agent/overview', { query: { startTime: localMidnight(29), endTime: new Date().toISOString() } });
    const { totals, days, directMembers, subAgents } = res.body.value;
    expect(totals.teamSize).toBe(10);
    expect(totals.activeMembers).toBeGreaterThanOrEqual(6);
    expect(totals.deposits).toBeGreaterThan(0);
    expect(totals.withdrawals).toBe(1_300);
    expect(totals.validBets).toBeGreaterThan(0);
    expect(days).toHaveLength(30);
    expect(days.filter((d: Figures) => d.validBets > 0).length).toBeGreaterThan(20);
    expect([directMembers, subAgents]).toEqual([4, 2]);
  });

  it('[AGENT-09] a sub-agent sees its own branch only', async () => {
    const hoa = await t.ctx.db.selectFrom('members').select('id').where('account', '=', 'hoaagent').executeTakeFirstOrThrow();
    const sub = new Caller(t);
    expect((await sub.login('hoaagent', 'Team#2026pass', { site: 'agent' })).status).toBe(200);
    const startTime = localMidnight(29);
    const endTime = new Date().toISOString();
    const res = await sub.call('GET', '/wps/agent/overview', { query: { startTime, endTime } });
    const plain = await plainFigures(t, hoa.id, new Date(startTime), new Date(endTime));
    expect(res.body.value.totals).toEqual(plain.totals);
    expect(res.body.value.totals.teamSize).toBe(6);
  });

  it('an inverted or too long range is refused with VALIDATION', async () => {
    const inverted = await agent.call('GET', '/wps/agent/overview', { query: { startTime: localMidnight(0), endTime: `${dateOf(dayOf(new Date()) - 3)}T00:00:00+07:00` } });
    const tooLong = await agent.call('GET', '/wps/agent/overview', { query: { startTime: localMidnight(200), endTime: localMidnight(0) } });
    expect([inverted.status, inverted.body.code, tooLong.status, tooLong.body.code]).toEqual([400, 'VALIDATION', 400, 'VALIDATION']);
  });
});
