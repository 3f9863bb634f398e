import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ConvertPointsRequest } from '@shared/contract/points';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { PointsJournalRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf, mainBalanceAfter } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { formatAmount } from '../wallet/orders';
import { verifyPaymentPassword } from '../wallet/payment-password';
import { journalEntry, lockPoints, postPoints } from './journal';
import { DUPLICATE_SUBMIT_SECONDS } from './redeems';
import { MILLION, readPointsSettings } from './settings';

/**
 * Converting points into wallet balance (API-63): the payment password is weighed first, as for
 * withdrawals; then one transaction locks the member's points, debits them and credits the main
 * wallet through the ledger (POINTS_CONVERSION, from the PROMOTIONS account), so the points and the
 * money move together or not at all, and `balance:updated` goes out once it commits.
 */

type ConvertBody = z.infer<typeof ConvertPointsRequest>;

/** The most one conversion credits (100,000,000.00, the largest transfer too): a ratio set absurdly low cannot mint money. */
const MAX_CONVERT_CENTS = 100_000_000_00;

/** Cents that `points` are worth at `ratioMillionths` (millionths of a point per currency unit), rounded down to the cent. */
export const convertedCents = (points: number, ratioMillionths: number): number =>
  Number((BigInt(points) * 100n * BigInt(MILLION)) / BigInt(ratioMillionths));

export interface ConvertReply {
  points: number;
  amount: number;
  balance: number;
}

/** The answer a conversion gave: the points it left, what it credited, and the main balance it left. */
const replyOf = async (db: Db, entry: PointsJournalRow, memberId: number): Promise<ConvertReply> => ({
  points: entry.balance_after,
  amount: toMoney(entry.amount ?? 0),
  balance: toMoney(await mainBalanceAfter(db, entry.transaction_id!, memberId)),
});

/** The member's conversion this request repeats: by its requestId, or the same points converted just now without any. */
const earlierConversion = (trx: Db, memberId: number, body: ConvertBody): Promise<PointsJournalRow | undefined> =>
  body.requestId
    ? journalEntry(trx, 'CONVERT', `convert:${body.requestId}`, memberId)
    : trx
        .selectFrom('points_journal')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('kind', '=', 'CONVERT')
        .where('reference', 'like', 'convert:auto:%')
        .where('change', '=', -body.points)
        .where('created_at', '>', sql<Date>`now() - ${sql.raw(`interval '${DUPLICATE_SUBMIT_SECONDS} seconds'`)}`)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();

/**
 * Converts `points` at the settings' ratio, rounded down to the cent. Refusals, each changing
 * nothing: the password's (PAYMENT_PASSWORD_*), AMOUNT_OUT_OF_RANGE (below minConvertPoints, or
 * worth less than a cent), INSUFFICIENT_POINTS. The same requestId (or, without one, the same
 * points again within DUPLICATE_SUBMIT_SECONDS) returns the first answer and moves nothing again;
 * the same requestId with other points is IDEMPOTENCY_CONFLICT.
 */
export const convertPoints = async (ctx: AppContext, memberId: number, body: ConvertBody): Promise<ConvertReply> => {
  await verifyPaymentPassword(ctx.db, memberId, body.paymentPassword);
  return withEvents(ctx, async (trx, record) => {
    const held = await lockPoints(trx, memberId);
    const earlier = await earlierConversion(trx, memberId, body);
    if (earlier) {
      if (earlier.change !== -body.points) throw new ApiError('IDEMPOTENCY_CONFLICT', 'This request id was already used for a different request');
      return replyOf(trx, earlier, memberId);
    }
    const settings = await readPointsSettings(trx);
    if (body.points < settings.minConvertPoints) {
      throw new ApiError('AMOUNT_OUT_OF_RANGE', `Convert at least ${settings.minConvertPoints} points`, { minConvertPoints: settings.minConvertPoints });
    }
    if (held < body.points) throw new ApiError('INSUFFICIENT_POINTS', `${body.points} points asked, ${held} held`, { required: body.points, points: held });
    const cents = convertedCents(body.points, settings.ratioMillionths);
    if (cents <= 0) {
      throw new ApiError('AMOUNT_OUT_OF_RANGE', `${body.points} points are worth less than 0.01`, { minConvertPoints: settings.minConvertPoints });
    }
    if (cents > MAX_CONVERT_CENTS) {
      throw new ApiError('AMOUNT_OUT_OF_RANGE', `One conversion credits at most ${formatAmount(MAX_CONVERT_CENTS)}`, { maxAmount: toMoney(MAX_CONVERT_CENTS) });
    }
    const reference = `convert:${body.requestId ?? `auto:${randomUUID()}`}`;
    const remark = `Converted into ${formatAmount(cents)}`;
    const posted = await ledgerOf(ctx).post(trx, {
      entryType: 'POINTS_CONVERSION',
      idempotencyKey: `points-${reference}:${memberId}`,
      reference: `points:${reference}`,
      remark: `${body.points} points converted`,
      legs: [
        { account: { system: 'PROMOTIONS' }, amount: -cents },
        { account: { memberId, wallet: MAIN_WALLET }, amount: cents },
      ],
    });
    const left = await postPoints(trx, {
      memberId,
      kind: 'CONVERT',
      change: -body.points,
      reference,
      remark,
      ratioMillionths: settings.ratioMillionths,
      amount: cents,
      transactionId: posted.transactionId,
    });
    await recordBalanceEvents(trx, record, posted);
    const main = posted.postings.find((p) => p.memberId === memberId)!;
    return { points: left, amount: toMoney(cents), balance: toMoney(main.balanceAfter) };
  });
};
