import { sql } from 'kysely';
import type { AGENT_INCOME_TYPES } from '@shared/contract/agent';
import type { BetStatus, EntryType } from '@shared/contract/records';
import type { Db } from '../../db/create-db';
import { HOLD_WALLET } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { memberPostings, offsetOf, pagedPostings, pageOf, toAccountRecord, toBetRecord, type Paging, type Range } from '../records/records';
import { scopeCondition, type ScopeFilters } from './team-query';

/**
 * The agent's record pages over real rows: the downline's bets (team betting), its profit and loss
 * per member (user loss), its ledger entries (account details), and the agent's own income
 * entries (my income). Each query returns one page plus totals over the whole filter.
 */

const teamJoin = (db: Db, agentId: number) =>
  db.selectFrom('member_tree as t').innerJoin('members as m', 'm.id', 't.descendant_id').where('t.ancestor_id', '=', agentId);

/** Money in and out of the postings `p` a query selects, with their count. */
const flowSums = [
  sql<number>`count(*)`.as('total'),
  sql<number>`coalesce(sum(p.amount) filter (where p.amount > 0), 0)`.as('total_in'),
  sql<number>`coalesce(-sum(p.amount) filter (where p.amount < 0), 0)`.as('total_out'),
] as const;
const flowTotals = (sums: { total_in: number; total_out: number }) => {
  const [totalIn, totalOut] = [Number(sums.total_in), Number(sums.total_out)];
  return { totalIn: toMoney(totalIn), totalOut: toMoney(totalOut), net: toMoney(totalIn - totalOut) };
};

export interface TeamBetsFilters extends ScopeFilters {
  status?: BetStatus | undefined;
  vendor?: string | undefined;
}

export const teamBets = async (db: Db, agentId: number, filters: TeamBetsFilters, range: Range, paging: Paging) => {
  let base = teamJoin(db, agentId)
    .innerJoin('bets as b', 'b.member_id', 't.descendant_id')
    .where('b.placed_at', '>=', range.start)
    .where('b.placed_at', '<=', range.end)
    .where(scopeCondition({ account: filters.account, level: filters.level }));
  if (filters.status) base = base.where('b.status', '=', filters.status);
  if (filters.vendor) base = base.where('b.vendor', '=', filters.vendor);
  const [totals, rows] = await Promise.all([
    base
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`coalesce(sum(b.stake) filter (where b.status <> 'ROLLED_BACK'), 0)`.as('stake'),
        sql<number>`coalesce(sum(b.stake) filter (where b.status = 'SETTLED'), 0)`.as('valid'),
        sql<number>`coalesce(sum(b.payout) filter (where b.status = 'SETTLED'), 0)`.as('payout'),
        sql<number>`coalesce(sum(b.payout - b.stake) filter (where b.status = 'SETTLED'), 0)`.as('profit'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .selectAll('b')
      .select(['m.account', 't.depth'])
      .orderBy('b.placed_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
  ]);
  return {
    ...pageOf(
      rows.map(({ account, depth, ...bet }) => ({ memberId: bet.member_id, account, level: depth, ...toBetRecord(bet) })),
      Number(totals.total),
      paging,
    ),
    totalStake: toMoney(Number(totals.stake)),
    totalValidBet: toMoney(Number(totals.valid)),
    totalPayout: toMoney(Number(totals.payout)),
    totalProfitLoss: toMoney(Number(totals.profit)),
  };
};

/**
 * Per member of the downline with bets (not rolled back) or payments in the range: its bets,
 * valid bets, payout and result, deposits and paid-out withdrawals. Biggest loss first.
 */
export const userProfitLoss = async (db: Db, agentId: number, filters: ScopeFilters, range: Range, paging: Paging) => {
  const team = sql`select descendant_id from member_tree where ancestor_id = ${agentId}`;
  const activity = sql`
    with bet_sums as (
      select member_id,
             count(*) filter (where status <> 'ROLLED_BACK') as bet_count,
             coalesce(sum(stake) filter (where status = 'SETTLED'), 0) as valid_bets,
             coalesce(sum(payout) filter (where status = 'SETTLED'), 0) as payout,
             coalesce(sum(payout - stake) filter (where status = 'SETTLED'), 0) as profit_loss
        from bets
       where member_id in (${team}) and placed_at >= ${range.start} and placed_at <= ${range.end}
       group by member_id
      having count(*) filter (where status <> 'ROLLED_BACK') > 0
    ), payment_sums as (
      select p.member_id,
             coalesce(sum(p.amount) filter (where tx.entry_type = 'DEPOSIT'), 0) as deposits,
             coalesce(-sum(p.amount) filter (where tx.entry_type = 'WITHDRAWAL_PAID'), 0) as withdrawals
        from ledger_postings p join ledger_transactions tx on tx.id = p.transaction_id
       where p.member_id in (${team}) and tx.entry_type in ('DEPOSIT', 'WITHDRAWAL_PAID')
         and p.created_at >= ${range.start} and p.created_at <= ${range.end}
       group by p.member_id
    ), team_rows as (
      select m.id as member_id, m.account, t.depth as level,
             coalesce(b.bet_count, 0) as bet_count, coalesce(b.valid_bets, 0) as valid_bets,
             coalesce(b.payout, 0) as payout, coalesce(b.profit_loss, 0) as profit_loss,
             coalesce(pay.deposits, 0) as deposits, coalesce(pay.withdrawals, 0) as withdrawals
        from member_tree t
        join members m on m.id = t.descendant_id
        left join bet_sums b on b.member_id = m.id
        left join payment_sums pay on pay.member_id = m.id
       where t.ancestor_id = ${agentId} and (b.member_id is not null or pay.member_id is not null)
         and ${scopeCondition({ account: filters.account, level: filters.level })}
    )`;
  type Row = { member_id: number; account: string; level: number; bet_count: number; valid_bets: number; payout: number; profit_loss: number; deposits: number; withdrawals: number };
  type Totals = Omit<Row, 'member_id' | 'account' | 'level'> & { members: number };
  const [totals, rows] = await Promise.all([
    sql<Totals>`${activity}
      select count(*) as members, coalesce(sum(bet_count), 0) as bet_count, coalesce(sum(valid_bets), 0) as valid_bets,
             coalesce(sum(payout), 0) as payout, coalesce(sum(profit_loss), 0) as profit_loss,
             coalesce(sum(deposits), 0) as deposits, coalesce(sum(withdrawals), 0) as withdrawals
        from team_rows`.execute(db),
    sql<Row>`${activity}
      select * from team_rows order by profit_loss asc, account asc limit ${paging.pageSize} offset ${offsetOf(paging)}`.execute(db),
  ]);
  const money = (r: Omit<Totals, 'members'>) => ({
    betCount: Number(r.bet_count),
    validBets: toMoney(Number(r.valid_bets)),
    payout: toMoney(Number(r.payout)),
    profitLoss: toMoney(Number(r.profit_loss)),
    deposits: toMoney(Number(r.deposits)),
    withdrawals: toMoney(Number(r.withdrawals)),
  });
  const sums = totals.rows[0]!;
  return {
    ...pageOf(
      rows.rows.map((r) => ({ memberId: Number(r.member_id), account: r.account, level: Number(r.level), ...money(r) })),
      Number(sums.members),
      paging,
    ),
    totals: { members: Number(sums.members), ...money(sums) },
  };
};

export interface TransactionsFilters extends ScopeFilters {
  type?: EntryType | undefined;
}

/** The downline's ledger entries (every wallet but HOLD), newest first, with the money in and out. */
export const teamTransactions = async (db: Db, agentId: number, filters: TransactionsFilters, range: Range, paging: Paging) => {
  let base = teamJoin(db, agentId)
    .innerJoin('ledger_postings as p', 'p.member_id', 't.descendant_id')
    .innerJoin('ledger_transactions as tx', 'tx.id', 'p.transaction_id')
    .where('p.code', '<>', HOLD_WALLET)
    .where('p.created_at', '>=', range.start)
    .where('p.created_at', '<=', range.end)
    .where(scopeCondition({ account: filters.account, level: filters.level }));
  if (filters.type) base = base.where('tx.entry_type', '=', filters.type);
  const { rows, totals, page } = await pagedPostings(
    base,
    {
      columns: (q) => q.select(['p.member_id', 'm.account', 't.depth', 'p.transaction_id', 'p.created_at', 'tx.entry_type', 'p.code', 'p.amount', 'p.balance_after', 'tx.remark']),
      totals: (q) => q.select(flowSums),
    },
    paging,
  );
  return {
    ...page(rows.map(({ member_id, account, depth, ...posting }) => ({ memberId: member_id!, account, level: depth, ...toAccountRecord(posting) }))),
    ...flowTotals(totals),
  };
};

export type IncomeType = (typeof AGENT_INCOME_TYPES)[number];

/** The agent's own income entries on its main wallet, newest first, with the other member of each transfer. */
export const agentIncome = async (db: Db, agentId: number, types: readonly IncomeType[], range: Range, paging: Paging) => {
  const base = memberPostings(db, agentId, range).where('p.code', '=', 'MAIN').where('t.entry_type', 'in', types);
  const { rows, totals, page } = await pagedPostings(
    base,
    {
      columns: (q) =>
        q.select([
          'p.transaction_id',
          'p.created_at',
          't.entry_type',
          'p.amount',
          'p.balance_after',
          't.remark',
          sql<string | null>`(select m.account from ledger_postings o join members m on m.id = o.member_id
                               where o.transaction_id = p.transaction_id and o.member_id <> p.member_id limit 1)`.as('counterparty'),
        ]),
      totals: (q) => q.select(flowSums),
    },
    paging,
  );
  return {
    ...page(
      rows.map((r) => ({
        transactionId: r.transaction_id,
        time: new Date(r.created_at).toISOString(),
        type: r.entry_type as IncomeType,
        amount: toMoney(r.amount),
        balanceAfter: toMoney(r.balance_after),
        counterparty: r.counterparty,
        remark: r.remark,
      })),
    ),
    ...flowTotals(totals),
  };
};
