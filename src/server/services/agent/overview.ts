import { sql } from 'kysely';
import type { TeamFigures, TeamOverview } from '@shared/contract/agent';
import { AGENT_TYPES } from '@shared/contract/socket';
import type { Db } from '../../db/create-db';
import { toMoney } from '../ledger/money';
import type { Range } from '../records/records';
import { downlineOf } from './scope';
import { dateOfDayNumber, dayNumberAt, dayNumberSql, formatUtcOffset } from './team-query';

interface Cents {
  newMembers: number;
  activeMembers: number;
  deposits: number;
  withdrawals: number;
  validBets: number;
  profitLoss: number;
}
const ZERO: Cents = { newMembers: 0, activeMembers: 0, deposits: 0, withdrawals: 0, validBets: 0, profitLoss: 0 };

const figures = (c: Cents, teamSize: number): TeamFigures => ({
  teamSize,
  newMembers: c.newMembers,
  activeMembers: c.activeMembers,
  deposits: toMoney(c.deposits),
  withdrawals: toMoney(c.withdrawals),
  validBets: toMoney(c.validBets),
  profitLoss: toMoney(c.profitLoss),
});

/**
 * The team overview (agentTeamOverview): the downline's figures over a range, in total and per
 * calendar day at the caller's UTC offset. Money comes from the ledger (DEPOSIT and WITHDRAWAL_PAID
 * entries) and the bet rows (settled stakes and results); members from the tree. Active members
 * are counted once over the whole range in the total, and once per day in the days.
 */
export const teamOverview = async (db: Db, agentId: number, range: Range, offsetMinutes: number): Promise<Omit<TeamOverview, 'startTime' | 'endTime'>> => {
  const team = downlineOf(db, agentId);
  const bets = db
    .selectFrom('bets')
    .where('member_id', 'in', team)
    .where('placed_at', '>=', range.start)
    .where('placed_at', '<=', range.end);
  const betFigures = [
    sql<number>`coalesce(sum(stake) filter (where status = 'SETTLED'), 0)`.as('valid_bets'),
    sql<number>`coalesce(sum(payout - stake) filter (where status = 'SETTLED'), 0)`.as('profit_loss'),
    sql<number>`count(distinct member_id) filter (where status <> 'ROLLED_BACK')`.as('active_members'),
  ] as const;
  const payments = db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as tx', 'tx.id', 'p.transaction_id')
    .where('p.member_id', 'in', team)
    .where('tx.entry_type', 'in', ['DEPOSIT', 'WITHDRAWAL_PAID'])
    .where('p.created_at', '>=', range.start)
    .where('p.created_at', '<=', range.end);
  const paymentFigures = [
    sql<number>`coalesce(sum(p.amount) filter (where tx.entry_type = 'DEPOSIT'), 0)`.as('deposits'),
    sql<number>`coalesce(-sum(p.amount) filter (where tx.entry_type = 'WITHDRAWAL_PAID'), 0)`.as('withdrawals'),
  ] as const;
  const members = db.selectFrom('members').where('id', 'in', team);
  const betDay = dayNumberSql('placed_at', offsetMinutes).as('day');
  const paymentDay = dayNumberSql('p.created_at', offsetMinutes).as('day');
  const joinedDay = dayNumberSql('created_at', offsetMinutes).as('day');

  const [betTotal, betDays, paymentTotal, paymentDays, joinedBefore, joinedDays, structure] = await Promise.all([
    bets.select(betFigures).executeTakeFirstOrThrow(),
    bets.select([betDay, ...betFigures]).groupBy('day').execute(),
    payments.select(paymentFigures).executeTakeFirstOrThrow(),
    payments.select([paymentDay, ...paymentFigures]).groupBy('day').execute(),
    members.where('created_at', '<', range.start).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    members
      .where('created_at', '>=', range.start)
      .where('created_at', '<=', range.end)
      .select([joinedDay, (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('day')
      .execute(),
    db
      .selectFrom('member_tree as t')
      .innerJoin('members as m', 'm.id', 't.descendant_id')
      .where('t.ancestor_id', '=', agentId)
      .select([
        sql<number>`count(*) filter (where t.depth = 1)`.as('direct'),
        sql<number>`count(*) filter (where m.type in (${sql.join([...AGENT_TYPES])}))`.as('agents'),
      ])
      .executeTakeFirstOrThrow(),
  ]);

  const first = dayNumberAt(range.start, offsetMinutes);
  const last = dayNumberAt(range.end, offsetMinutes);
  const byDay = new Map<number, Cents>();
  for (let day = first; day <= last; day += 1) byDay.set(day, { ...ZERO });
  const dayOf = (day: number) => byDay.get(Number(day)) ?? { ...ZERO };
  for (const r of betDays) {
    Object.assign(dayOf(r.day), { validBets: Number(r.valid_bets), profitLoss: Number(r.profit_loss), activeMembers: Number(r.active_members) });
  }
  for (const r of paymentDays) Object.assign(dayOf(r.day), { deposits: Number(r.deposits), withdrawals: Number(r.withdrawals) });
  for (const r of joinedDays) dayOf(r.day).newMembers = Number(r.n);

  let teamSize = Number(joinedBefore.n);
  const days = [...byDay].map(([day, c]) => {
    teamSize += c.newMembers;
    return { date: dateOfDayNumber(day), ...figures(c, teamSize) };
  });
  const totals: Cents = {
    newMembers: joinedDays.reduce((sum, r) => sum + Number(r.n), 0),
    activeMembers: Number(betTotal.active_members),
    deposits: Number(paymentTotal.deposits),
    withdrawals: Number(paymentTotal.withdrawals),
    validBets: Number(betTotal.valid_bets),
    profitLoss: Number(betTotal.profit_loss),
  };
  return {
    utcOffset: formatUtcOffset(offsetMinutes),
    directMembers: Number(structure.direct),
    subAgents: Number(structure.agents),
    totals: figures(totals, teamSize),
    days,
  };
};
