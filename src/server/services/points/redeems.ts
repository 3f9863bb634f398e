import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { OpsRedeemOrder } from '@shared/contract/operator-points';
import type { RedeemRecord, RedeemRequest, RedeemStatus } from '@shared/contract/points';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { Database, PointsRedeemOrderRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents, type RecordEvent } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { offsetOf, type Paging } from '../records/records';
import { assertSameRequest, formatAmount, requestHashOf } from '../wallet/orders';
import { verifyPaymentPassword } from '../wallet/payment-password';
import { lockPoints, pointsOf, postPoints } from './journal';
import { readPointsSettings } from './settings';

/**
 * Redeeming goods for points (MEMBER-05, MEMBER-07, MEMBER-08, API-59): the payment password is
 * weighed first, as for withdrawals; then one transaction locks the member's points, then the goods
 * item, then (through the ledger) the wallets, in that order everywhere, and takes the points, the
 * stock and any cash together, so none of them goes below zero or moves twice. An operator approves
 * the order (the goods are sent) or rejects it, which gives the points, the stock and the cash back
 * in one transaction. The player is told of either by an inbox message.
 */

/** A request without a requestId that repeats one made this recently is taken as a double submit. */
export const DUPLICATE_SUBMIT_SECONDS = 10;

type RedeemRecordValue = z.infer<typeof RedeemRecord>;
type RedeemBody = z.infer<typeof RedeemRequest>;
type Status = z.infer<typeof RedeemStatus>;

export const toRedeemRecord = (row: PointsRedeemOrderRow): RedeemRecordValue => ({
  referenceNo: row.reference_no,
  applyTime: new Date(row.applied_at).toISOString(),
  type: row.reward_type,
  name: row.reward_name,
  quantity: row.quantity,
  pointsRequired: row.points_total,
  amountRequired: toMoney(row.amount_total),
  status: row.status,
});

export const toOpsRedeemOrder = (row: PointsRedeemOrderRow & { account: string }): OpsRedeemOrder => ({
  ...toRedeemRecord(row),
  memberId: row.member_id,
  account: row.account,
  rewardId: row.reward_id,
  address: row.address,
  mobileNum: row.mobile_num,
  reviewedAt: row.reviewed_at === null ? null : new Date(row.reviewed_at).toISOString(),
  note: row.note,
});

/** `PM` + the UTC date + the order's id: unique, and readable over the phone. */
const referenceNoOf = (id: number, at: Date) => `PM${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}`;

/** The member's earlier order this request repeats: by its requestId, or an identical one just made without any. */
const earlierOrder = (trx: Db, memberId: number, requestId: string | undefined, hash: string) => {
  const mine = trx.selectFrom('points_redeem_orders').selectAll().where('member_id', '=', memberId);
  if (requestId) return mine.where('request_id', '=', requestId).executeTakeFirst();
  return mine
    .where('request_id', 'like', 'auto:%')
    .where('request_hash', '=', hash)
    .where('applied_at', '>', sql<Date>`now() - ${sql.raw(`interval '${DUPLICATE_SUBMIT_SECONDS} seconds'`)}`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
};

export interface RedeemReply {
  referenceNo: string;
  status: Status;
  points: number;
}

/**
 * Redeems `quantity` of a goods item: PROCESSING, with the points (and any cash, through the ledger
 * as POINTS_REDEEM) taken and the stock reserved. Refusals: the password's (PAYMENT_PASSWORD_*),
 * NOT_FOUND (no such item on show), OUT_OF_STOCK, INSUFFICIENT_POINTS, INSUFFICIENT_BALANCE (the
 * cash); each changes nothing. A retry with the same requestId returns the first order.
 */
export const redeem = async (ctx: AppContext, memberId: number, body: RedeemBody): Promise<RedeemReply> => {
  await verifyPaymentPassword(ctx.db, memberId, body.paymentPassword);
  const hash = requestHashOf(body, ['paymentPassword']);
  if (body.requestId) {
    const existing = await earlierOrder(ctx.db, memberId, body.requestId, hash);
    if (existing) {
      assertSameRequest(existing.request_hash, hash);
      return { referenceNo: existing.reference_no, status: existing.status, points: await pointsOf(ctx.db, memberId) };
    }
  }
  return withEvents(ctx, async (trx, record) => {
    const held = await lockPoints(trx, memberId);
    // Under the member's lock: a concurrent retry of this request has committed by now, or has not started.
    const earlier = await earlierOrder(trx, memberId, body.requestId, hash);
    if (earlier) {
      assertSameRequest(earlier.request_hash, hash);
      return { referenceNo: earlier.reference_no, status: earlier.status, points: held };
    }
    const reward = await trx.selectFrom('points_rewards').selectAll().where('id', '=', body.rewardId).forUpdate().executeTakeFirst();
    if (!reward?.active) throw new ApiError('NOT_FOUND', `No goods item ${body.rewardId}`);
    if (reward.stock < body.quantity) throw new ApiError('OUT_OF_STOCK', `Only ${reward.stock} left`, { stock: reward.stock });
    const points = reward.points_required * body.quantity;
    const amount = reward.amount_required * body.quantity;
    if (!Number.isSafeInteger(points) || held < points) {
      throw new ApiError('INSUFFICIENT_POINTS', `${points} points are needed, ${held} are held`, { required: points, points: held });
    }
    const settings = await readPointsSettings(trx);
    const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('points_redeem_orders', 'id'))::bigint as id`.execute(trx);
    const id = Number(rows[0]!.id);
    const referenceNo = referenceNoOf(id, new Date());
    const remark = `Redeemed ${body.quantity} × ${reward.name}`;
    const paid =
      amount > 0
        ? await ledgerOf(ctx).post(trx, {
            entryType: 'POINTS_REDEEM',
            idempotencyKey: `points-redeem:${referenceNo}`,
            reference: `points-redeem:${referenceNo}`,
            remark,
            legs: [
              { account: { memberId, wallet: MAIN_WALLET }, amount: -amount },
              { account: { system: 'PROMOTIONS' }, amount },
            ],
          })
        : null;
    await trx.updateTable('points_rewards').set({ stock: sql`stock - ${body.quantity}` }).where('id', '=', reward.id).execute();
    const left = await postPoints(trx, {
      memberId,
      kind: 'REDEEM',
      change: -points,
      reference: referenceNo,
      remark,
      ratioMillionths: settings.ratioMillionths,
      amount: amount > 0 ? amount : null,
      transactionId: paid?.transactionId ?? null,
    });
    await trx
      .insertInto('points_redeem_orders')
      .values({
        id,
        reference_no: referenceNo,
        member_id: memberId,
        reward_id: reward.id,
        reward_name: reward.name,
        reward_type: reward.type,
        quantity: body.quantity,
        points_total: points,
        amount_total: amount,
        address: body.address,
        mobile_num: body.mobileNum,
        request_id: body.requestId ?? `auto:${randomUUID()}`,
        request_hash: hash,
        payment_transaction_id: paid?.transactionId ?? null,
      })
      .execute();
    if (paid) await recordBalanceEvents(trx, record, paid);
    return { referenceNo, status: 'PROCESSING' as const, points: left };
  });
};

/** The member's redeems, newest first, optionally of one status. */
export const redeemList = async (db: Db, memberId: number, query: Paging & { status?: Status | undefined }) => {
  let base = db.selectFrom('points_redeem_orders').where('member_id', '=', memberId);
  if (query.status) base = base.where('status', '=', query.status);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('applied_at', 'desc').orderBy('id', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
  ]);
  return { list: rows.map(toRedeemRecord), totalPages: Math.ceil(Number(total) / query.pageSize) };
};

const withAccount = (db: Db) =>
  db.selectFrom('points_redeem_orders').innerJoin('members', 'members.id', 'points_redeem_orders.member_id').selectAll('points_redeem_orders').select('members.account');

/** Every member's redeems for the operators, newest first, filtered by status and member. */
export const operatorRedeemOrders = async (db: Db, query: Paging & { status?: Status | undefined; account?: string | undefined }) => {
  let base = db.selectFrom('points_redeem_orders').innerJoin('members', 'members.id', 'points_redeem_orders.member_id');
  if (query.status) base = base.where('points_redeem_orders.status', '=', query.status);
  if (query.account) base = base.where('members.account', '=', query.account);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll('points_redeem_orders')
      .select('members.account')
      .orderBy('points_redeem_orders.id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
  ]);
  return { list: rows.map(toOpsRedeemOrder), pageNum: query.pageNo, totalPages: Math.ceil(Number(total) / query.pageSize), total: Number(total) };
};

export const opsRedeemOrder = async (db: Db, id: number): Promise<OpsRedeemOrder> =>
  toOpsRedeemOrder(await withAccount(db).where('points_redeem_orders.id', '=', id).executeTakeFirstOrThrow());

export type RedeemReview = { kind: 'approve'; note: string | null } | { kind: 'reject'; reason: string };

/**
 * An operator's answer to a PROCESSING order, in the caller's transaction: approved (the note is
 * kept), or rejected (the reason is kept, and the points, the stock and the cash, as
 * POINTS_REDEEM_REFUND, go back). The player gets an inbox message. An unknown reference is
 * NOT_FOUND; an order already answered is INVALID_STATE.
 */
export const reviewRedeem = async (
  ctx: AppContext,
  trx: Transaction<Database>,
  record: RecordEvent,
  referenceNo: string,
  review: RedeemReview,
  reviewedBy: string,
): Promise<PointsRedeemOrderRow> => {
  const order = await trx.selectFrom('points_redeem_orders').selectAll().where('reference_no', '=', referenceNo).forUpdate().executeTakeFirst();
  if (!order) throw new ApiError('NOT_FOUND', `No redeem ${referenceNo}`);
  if (order.status !== 'PROCESSING') throw new ApiError('INVALID_STATE', `Redeem ${referenceNo} is ${order.status}`);
  const params = { referenceNo, name: order.reward_name, quantity: order.quantity };
  if (review.kind === 'approve') {
    const updated = await trx
      .updateTable('points_redeem_orders')
      .set({ status: 'APPROVED', reviewed_at: sql`now()`, reviewed_by: reviewedBy, note: review.note })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await sendMessage(trx, record, { memberId: order.member_id, template: 'points.redeemApproved', params: { ...params, note: review.note ?? '' } });
    return updated;
  }
  // The same lock order as a redeem: the member's points, then the goods item, then the wallets.
  await lockPoints(trx, order.member_id);
  await trx.selectFrom('points_rewards').select('id').where('id', '=', order.reward_id).forUpdate().executeTakeFirstOrThrow();
  const remark = `Redeem ${referenceNo} rejected: ${review.reason}`;
  const refunded =
    order.amount_total > 0
      ? await ledgerOf(ctx).post(trx, {
          entryType: 'POINTS_REDEEM_REFUND',
          idempotencyKey: `points-redeem-refund:${referenceNo}`,
          reference: `points-redeem:${referenceNo}`,
          remark,
          legs: [
            { account: { system: 'PROMOTIONS' }, amount: -order.amount_total },
            { account: { memberId: order.member_id, wallet: MAIN_WALLET }, amount: order.amount_total },
          ],
        })
      : null;
  await trx.updateTable('points_rewards').set({ stock: sql`stock + ${order.quantity}`, updated_at: sql`now()` }).where('id', '=', order.reward_id).execute();
  await postPoints(trx, {
    memberId: order.member_id,
    kind: 'REDEEM_REFUND',
    change: order.points_total,
    reference: referenceNo,
    remark,
    ratioMillionths: (await readPointsSettings(trx)).ratioMillionths,
    amount: order.amount_total > 0 ? order.amount_total : null,
    transactionId: refunded?.transactionId ?? null,
  });
  const updated = await trx
    .updateTable('points_redeem_orders')
    .set({ status: 'REJECTED', reviewed_at: sql`now()`, reviewed_by: reviewedBy, note: review.reason, refund_transaction_id: refunded?.transactionId ?? null })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (refunded) await recordBalanceEvents(trx, record, refunded);
  await sendMessage(trx, record, {
    memberId: order.member_id,
    template: 'points.redeemRejected',
    params: { ...params, reason: review.reason, points: order.points_total, amount: formatAmount(order.amount_total) },
  });
  return updated;
};
