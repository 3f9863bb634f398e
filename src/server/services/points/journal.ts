import { TZDate } from '@date-fns/tz';
import { sql } from 'kysely';
import { RECORD_MAX_RANGE_DAYS } from '@shared/contract/records';
import type { z } from 'zod';
import type { PointsTransaction } from '@shared/contract/points';
import type { Db } from '../../db/create-db';
import type { PointsJournalKind, PointsJournalRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { toMoney } from '../ledger/money';
import { offsetOf, type Paging } from '../records/records';
import { fromMillionths } from './settings';

/**
 * A member's points and their journal (MEMBER-05, MEMBER-06, MEMBER-09). Every change is one
 * journal entry written with the balance it leaves, in the caller's transaction; the balance never
 * goes below zero (checked here, and by a CHECK whatever the code does), and nothing ever removes
 * points over time: points never expire.
 */

const PG_UNIQUE_VIOLATION = '23505';
const PG_CHECK_VIOLATION = '23514';

/** The most points a member may hold (a CHECK of points_balances): every sum of points stays an exact number. */
export const MAX_POINTS = 1_000_000_000_000;

const violated = (err: unknown, code: string, constraint?: string) =>
  (err as { code?: string }).code === code && (constraint === undefined || (err as { constraint?: string }).constraint === constraint);

export const pointsOf = async (db: Db, memberId: number): Promise<number> => {
  const row = await db.selectFrom('points_balances').select('points').where('member_id', '=', memberId).executeTakeFirst();
  return row?.points ?? 0;
};

/**
 * Locks the member's points row (FOR UPDATE) and returns the points: every change of one member's
 * points serialises here. A member without a row holds 0 and has nothing to lock or spend.
 */
export const lockPoints = async (trx: Db, memberId: number): Promise<number> => {
  const row = await trx.selectFrom('points_balances').select('points').where('member_id', '=', memberId).forUpdate().executeTakeFirst();
  return row?.points ?? 0;
};

/** `lockPoints` for a member who may have no row yet: the row is made first (0 points), so even a first credit serialises. */
export const lockPointsRow = async (trx: Db, memberId: number): Promise<number> => {
  await trx.insertInto('points_balances').values({ member_id: memberId }).onConflict((oc) => oc.column('member_id').doNothing()).execute();
  return lockPoints(trx, memberId);
};

export interface PointsEntry {
  memberId: number;
  kind: PointsJournalKind;
  /** Signed: positive credits, negative debits. */
  change: number;
  /** With kind and member, unique: the same movement is never written twice. */
  reference: string;
  remark: string;
  ratioMillionths: number;
  /** Cents moved in the wallet with it, if any. */
  amount?: number | null;
  transactionId?: number | null;
}

/** The change itself: a credit makes the row when there is none; a debit moves only points that are there (none: undefined). */
const applyChange = (trx: Db, entry: PointsEntry): Promise<{ points: number } | undefined> =>
  entry.change > 0
    ? trx
        .insertInto('points_balances')
        .values({ member_id: entry.memberId, points: entry.change })
        .onConflict((oc) => oc.column('member_id').doUpdateSet((eb) => ({ points: eb('points_balances.points', '+', eb.ref('excluded.points')), updated_at: sql`now()` })))
        .returning('points')
        .executeTakeFirstOrThrow()
    : trx
        .updateTable('points_balances')
        .set((eb) => ({ points: eb('points', '+', entry.change), updated_at: sql`now()` }))
        .where('member_id', '=', entry.memberId)
        .where((eb) => eb(eb('points', '+', entry.change), '>=', 0))
        .returning('points')
        .executeTakeFirst();

const tooManyPoints = () => new ApiError('AMOUNT_OUT_OF_RANGE', `A member holds at most ${MAX_POINTS} points`, { maxPoints: MAX_POINTS });

/**
 * Applies a signed change to the member's points and appends its journal entry, in the caller's
 * transaction; returns the points left. A debit the points do not cover is INSUFFICIENT_POINTS, a
 * credit past MAX_POINTS is AMOUNT_OUT_OF_RANGE, and either changes nothing; an entry already
 * written (kind, reference, member) is IDEMPOTENCY_CONFLICT.
 */
export const postPoints = async (trx: Db, entry: PointsEntry): Promise<number> => {
  if (!Number.isSafeInteger(entry.change) || entry.change === 0) throw new Error(`invalid points change ${entry.change}`);
  if (entry.change > MAX_POINTS) throw tooManyPoints();
  let applied: { points: number } | undefined;
  try {
    applied = await applyChange(trx, entry);
  } catch (err) {
    if (violated(err, PG_CHECK_VIOLATION, 'points_balances_max')) throw tooManyPoints();
    throw err;
  }
  if (!applied) throw new ApiError('INSUFFICIENT_POINTS', 'There are not enough points', { required: -entry.change });
  try {
    await trx
      .insertInto('points_journal')
      .values({
        member_id: entry.memberId,
        kind: entry.kind,
        change: entry.change,
        balance_after: applied.points,
        ratio_millionths: entry.ratioMillionths,
        amount: entry.amount ?? null,
        transaction_id: entry.transactionId ?? null,
        reference: entry.reference,
        remark: entry.remark,
      })
      .execute();
  } catch (err) {
    if (violated(err, PG_UNIQUE_VIOLATION)) throw new ApiError('IDEMPOTENCY_CONFLICT', 'This points movement was already made');
    throw err;
  }
  return applied.points;
};

/** The journal entry of one movement (kind, reference, member), if it was made. */
export const journalEntry = (db: Db, kind: PointsJournalKind, reference: string, memberId: number): Promise<PointsJournalRow | undefined> =>
  db.selectFrom('points_journal').selectAll().where('kind', '=', kind).where('reference', '=', reference).where('member_id', '=', memberId).executeTakeFirst();

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The points details' date range (yyyy-MM-dd, either end optional), as days of the platform's time
 * zone (PLATFORM_TIME_ZONE), the end day included. An end before the start, or more than
 * RECORD_MAX_RANGE_DAYS days, is VALIDATION.
 */
export const dayRangeOf = (query: { startDate?: string | undefined; endDate?: string | undefined }, timeZone: string): { start: Date | null; end: Date | null } => {
  /** Midnight of the day `days` after `date` in the platform's zone (TZDate rolls a day past the month's end over). */
  const midnight = (date: string, days: number) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(y, m - 1, d + days, timeZone).getTime());
  };
  const start = query.startDate ? midnight(query.startDate, 0) : null;
  const end = query.endDate ? midnight(query.endDate, 1) : null;
  if (start && end) {
    if (start >= end) throw new ApiError('VALIDATION', 'startDate must not be after endDate');
    if (end.getTime() - start.getTime() > (RECORD_MAX_RANGE_DAYS + 1) * DAY_MS) {
      throw new ApiError('VALIDATION', `A range spans at most ${RECORD_MAX_RANGE_DAYS} days`);
    }
  }
  return { start, end };
};

export const toPointsTransaction = (row: PointsJournalRow): z.infer<typeof PointsTransaction> => ({
  id: String(row.id),
  time: new Date(row.created_at).toISOString(),
  ratio: fromMillionths(row.ratio_millionths),
  redeemAmount: toMoney(row.amount ?? 0),
  balance: row.balance_after,
  change: row.change,
  remark: row.remark,
});

/** The member's points journal, newest first, within the range (either end open). */
export const pointsTransactions = async (db: Db, memberId: number, paging: Paging, range: { start: Date | null; end: Date | null }) => {
  let base = db.selectFrom('points_journal').where('member_id', '=', memberId);
  if (range.start) base = base.where('created_at', '>=', range.start);
  if (range.end) base = base.where('created_at', '<', range.end);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.pageSize).offset(offsetOf(paging)).execute(),
  ]);
  return { list: rows.map(toPointsTransaction), totalPages: Math.ceil(Number(total) / paging.pageSize) };
};
