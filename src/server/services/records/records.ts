import { sql, type SelectQueryBuilder } from 'kysely';
import { BONUS_ENTRY_TYPES, RECORD_MAX_RANGE_DAYS, type AccountRecord, type BetRecord, type BetStatus, type EntryType } from '@shared/contract/records';
import type { DepositStatus, WithdrawalStatus } from '@shared/contract/wallet-payments';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import type { BetRow } from '../ledger/bets';
import { HOLD_WALLET } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { depositOrders, toDepositOrder } from '../wallet/deposits';
import { toWithdrawalOrders } from '../wallet/withdrawals';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_RANGE_DAYS = 7;

export interface Range {
  start: Date;
  end: Date;
}

/** The query's range, by default the last 7 days; an inverted or too long range is VALIDATION. */
export const rangeOf = (query: { startTime?: string | undefined; endTime?: string | undefined }, now = new Date()): Range => {
  const end = query.endTime ? new Date(query.endTime) : now;
  const start = query.startTime ? new Date(query.startTime) : new Date(end.getTime() - DEFAULT_RANGE_DAYS * DAY_MS);
  if (start > end) throw new ApiError('VALIDATION', 'startTime must not be after endTime');
  if (end.getTime() - start.getTime() > RECORD_MAX_RANGE_DAYS * DAY_MS) {
    throw new ApiError('VALIDATION', `A range spans at most ${RECORD_MAX_RANGE_DAYS} days`);
  }
  return { start, end };
};

export interface Paging {
  pageNo: number;
  pageSize: number;
}

export const pageOf = <T>(list: T[], total: number, paging: Paging) => ({
  list,
  pageNum: paging.pageNo,
  totalPages: Math.ceil(total / paging.pageSize),
  total,
});
export const offsetOf = (paging: Paging) => (paging.pageNo - 1) * paging.pageSize;

/** A member's postings (as `p`, their transaction as `t`) in a range. */
export const memberPostings = (db: Db, memberId: number, range: Range) =>
  db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .where('p.member_id', '=', memberId)
    .where('p.created_at', '>=', range.start)
    .where('p.created_at', '<=', range.end);

/** What a Kysely query has selected before its first select: nothing. */
type Unselected = {};

/**
 * One page of the ledger postings a query selects (joined as `p`), newest first, with totals over the
 * whole filter: `columns` picks each row's fields, `totals` what the page sums (at least the count,
 * as `total`). The member records and the agent reports list postings this way.
 */
export const pagedPostings = async <DB, TB extends keyof DB, Row, Totals extends { total: number | string | bigint }>(
  base: SelectQueryBuilder<DB, TB, Unselected>,
  query: {
    columns: (base: SelectQueryBuilder<DB, TB, Unselected>) => SelectQueryBuilder<DB, TB, Row>;
    totals: (base: SelectQueryBuilder<DB, TB, Unselected>) => SelectQueryBuilder<DB, TB, Totals>;
  },
  paging: Paging,
) => {
  const [totals, rows] = await Promise.all([
    query.totals(base).executeTakeFirstOrThrow(),
    query
      .columns(base)
      .orderBy(sql.ref('p.created_at'), 'desc')
      .orderBy(sql.ref('p.id'), 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
  ]);
  return { rows, totals, page: <T>(list: T[]) => pageOf(list, Number(totals.total), paging) };
};

/** The member's postings (every wallet but HOLD unless one is asked for), newest first. */
export const accountRecord = async (
  db: Db,
  memberId: number,
  query: Paging & { type?: EntryType | undefined; wallet?: string | undefined },
  range: Range,
) => {
  let base = memberPostings(db, memberId, range);
  base = query.wallet ? base.where('p.code', '=', query.wallet) : base.where('p.code', '<>', HOLD_WALLET);
  if (query.type) base = base.where('t.entry_type', '=', query.type);
  const { rows, page } = await pagedPostings(
    base,
    {
      columns: (q) => q.select(['p.transaction_id', 'p.created_at', 't.entry_type', 'p.code', 'p.amount', 'p.balance_after', 't.remark']),
      totals: (q) => q.select((eb) => eb.fn.countAll<number>().as('total')),
    },
    query,
  );
  return page(rows.map(toAccountRecord));
};

/** A posting as the account record shows it. */
export const toAccountRecord = (r: {
  transaction_id: number;
  created_at: Date | string;
  entry_type: string;
  code: string;
  amount: number;
  balance_after: number;
  remark: string;
}): AccountRecord => ({
  transactionId: r.transaction_id,
  time: new Date(r.created_at).toISOString(),
  type: r.entry_type as EntryType,
  wallet: r.code,
  amount: toMoney(r.amount),
  balanceAfter: toMoney(r.balance_after),
  remark: r.remark,
});

const sumOf = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
/** The player's result of one bet: settled bets win or lose, open and rolled-back ones count 0. */
const betProfit = sql<number>`coalesce(sum(case when status = 'SETTLED' then payout - stake else 0 end), 0)`;
const settledPayout = sql<number>`coalesce(sum(case when status = 'SETTLED' then payout else 0 end), 0)`;
const liveStake = sql<number>`coalesce(sum(case when status <> 'ROLLED_BACK' then stake else 0 end), 0)`;

/** A bet row as the record pages show it: settled bets win or lose, open and rolled-back ones count 0. */
export const toBetRecord = (r: BetRow): BetRecord => ({
  betId: r.bet_id,
  vendor: r.vendor,
  gameType: r.game_type,
  gameCode: r.game_code,
  gameName: r.game_name,
  stake: toMoney(r.stake),
  payout: toMoney(r.payout),
  profitLoss: toMoney(r.status === 'SETTLED' ? r.payout - r.stake : 0),
  status: r.status,
  placedAt: new Date(r.placed_at).toISOString(),
  settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
});

export const bettingRecord = async (
  db: Db,
  memberId: number,
  query: Paging & { status?: BetStatus | undefined; vendor?: string | undefined },
  range: Range,
) => {
  let base = db.selectFrom('bets').where('member_id', '=', memberId).where('placed_at', '>=', range.start).where('placed_at', '<=', range.end);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.vendor) base = base.where('vendor', '=', query.vendor);
  const [totals, rows] = await Promise.all([
    base
      .select((eb) => [eb.fn.countAll<number>().as('total'), liveStake.as('stake'), settledPayout.as('payout'), betProfit.as('profit')])
      .executeTakeFirstOrThrow(),
    base.selectAll().orderBy('placed_at', 'desc').orderBy('id', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
  ]);
  return {
    ...pageOf(rows.map(toBetRecord), Number(totals.total), query),
    totalStake: toMoney(Number(totals.stake)),
    totalPayout: toMoney(Number(totals.payout)),
    totalProfitLoss: toMoney(Number(totals.profit)),
  };
};

export const profitLoss = async (db: Db, memberId: number, range: Range) => {
  const settled = db
    .selectFrom('bets')
    .where('member_id', '=', memberId)
    .where('status', '=', 'SETTLED')
    .where('placed_at', '>=', range.start)
    .where('placed_at', '<=', range.end);
  const [vendors, entries] = await Promise.all([
    settled
      .select((eb) => ['vendor', eb.fn.countAll<number>().as('bets'), sumOf('stake').as('stake'), sumOf('payout').as('payout')])
      .groupBy('vendor')
      .orderBy('vendor')
      .execute(),
    memberPostings(db, memberId, range)
      .where('p.code', '=', 'MAIN')
      .select(['t.entry_type', sumOf('p.amount').as('amount')])
      .groupBy('t.entry_type')
      .execute(),
  ]);
  const byType = new Map(entries.map((e) => [e.entry_type, Number(e.amount)]));
  const paidOut = await memberPostings(db, memberId, range)
    .where('t.entry_type', '=', 'WITHDRAWAL_PAID')
    .select(sumOf('p.amount').as('amount'))
    .executeTakeFirstOrThrow();
  const byVendor = vendors.map((v) => ({
    vendor: v.vendor,
    betCount: Number(v.bets),
    totalStake: Number(v.stake),
    totalPayout: Number(v.payout),
  }));
  const total = (pick: (v: (typeof byVendor)[number]) => number) => byVendor.reduce((sum, v) => sum + pick(v), 0);
  const bonusTypes: readonly string[] = BONUS_ENTRY_TYPES.filter((t) => t !== 'REBATE');
  return {
    betCount: total((v) => v.betCount),
    totalStake: toMoney(total((v) => v.totalStake)),
    totalPayout: toMoney(total((v) => v.totalPayout)),
    profitLoss: toMoney(total((v) => v.totalPayout - v.totalStake)),
    deposits: toMoney(byType.get('DEPOSIT') ?? 0),
    withdrawals: toMoney(-Number(paidOut.amount)),
    bonuses: toMoney([...byType].filter(([t]) => bonusTypes.includes(t)).reduce((sum, [, a]) => sum + a, 0)),
    rebates: toMoney(byType.get('REBATE') ?? 0),
    byVendor: byVendor.map((v) => ({
      vendor: v.vendor,
      betCount: v.betCount,
      totalStake: toMoney(v.totalStake),
      totalPayout: toMoney(v.totalPayout),
      profitLoss: toMoney(v.totalPayout - v.totalStake),
    })),
  };
};

export const depositRecord = async (db: Db, memberId: number, query: Paging & { status?: DepositStatus | undefined }, range: Range) => {
  let base = depositOrders(db)
    .where('deposit_orders.member_id', '=', memberId)
    .where('deposit_orders.created_at', '>=', range.start)
    .where('deposit_orders.created_at', '<=', range.end);
  if (query.status) base = base.where('deposit_orders.status', '=', query.status);
  const [{ total }, rows] = await Promise.all([
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.orderBy('deposit_orders.id', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
  ]);
  return pageOf(rows.map(toDepositOrder), Number(total), query);
};

export const withdrawalRecord = async (db: Db, memberId: number, query: Paging & { status?: WithdrawalStatus | undefined }, range: Range) => {
  let base = db.selectFrom('withdrawal_orders').where('member_id', '=', memberId).where('created_at', '>=', range.start).where('created_at', '<=', range.end);
  if (query.status) base = base.where('status', '=', query.status);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
  ]);
  return pageOf(await toWithdrawalOrders(db, rows), Number(total), query);
};

/** Credits of the given entry types to the member's main wallet, newest first, with their total. */
export const creditRecord = async (db: Db, memberId: number, types: readonly EntryType[], query: Paging, range: Range) => {
  const base = memberPostings(db, memberId, range).where('p.code', '=', 'MAIN').where('t.entry_type', 'in', types);
  const { rows, totals, page } = await pagedPostings(
    base,
    {
      columns: (q) => q.select(['p.transaction_id', 'p.created_at', 't.entry_type', 'p.amount', 't.remark']),
      totals: (q) => q.select((eb) => [eb.fn.countAll<number>().as('total'), sumOf('p.amount').as('amount')]),
    },
    query,
  );
  return {
    ...page(
      rows.map((r) => ({
        transactionId: r.transaction_id,
        time: new Date(r.created_at).toISOString(),
        type: r.entry_type as EntryType,
        amount: toMoney(r.amount),
        remark: r.remark,
      })),
    ),
    totalAmount: toMoney(Number(totals.amount)),
  };
};
