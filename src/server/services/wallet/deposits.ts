import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import QRCode from 'qrcode';
import { type DepositChannel, type DepositOrder, type DepositRequest, type DepositWebhook, WEBHOOK_TOLERANCE_SECONDS } from '@shared/contract/wallet-payments';
import { memberRoom } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { Database, DepositOrdersTable, PaymentChannelsTable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents, type RecordEvent } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf } from '../ledger/ledger';
import { toCents, toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { assertSameRequest, formatAmount, isoOrNull, orderIdOf, requestHashOf } from './orders';

type ChannelRow = Selectable<PaymentChannelsTable>;
type OrderRow = Selectable<DepositOrdersTable> & { channel_name: string };

export const toDepositChannel = async (row: ChannelRow): Promise<DepositChannel> => ({
  channelId: row.channel_id,
  name: row.name,
  type: row.type,
  minAmount: toMoney(row.min_amount),
  maxAmount: toMoney(row.max_amount),
  payeeBank: row.payee_bank,
  payeeAccountName: row.payee_account_name,
  payeeAccountNo: row.payee_account_no,
  qrCodeUrl: row.qr_payload ? await QRCode.toDataURL(row.qr_payload, { margin: 2, width: 200 }) : null,
  note: row.note,
});

export const listDepositChannels = async (db: Db): Promise<DepositChannel[]> => {
  const rows = await db.selectFrom('payment_channels').selectAll().where('active', '=', true).orderBy('sort').orderBy('channel_id').execute();
  return Promise.all(rows.map(toDepositChannel));
};

export const toDepositOrder = (row: OrderRow): DepositOrder => ({
  orderId: String(row.id),
  channelId: row.channel_id,
  channelName: row.channel_name,
  amount: toMoney(row.amount),
  status: row.status,
  payerName: row.payer_name,
  reference: row.reference,
  failureReason: row.failure_reason,
  createdAt: new Date(row.created_at).toISOString(),
  resolvedAt: isoOrNull(row.resolved_at),
});

/** Deposit orders joined with their channel's name, for listing. */
export const depositOrders = (db: Db) =>
  db
    .selectFrom('deposit_orders')
    .innerJoin('payment_channels', 'payment_channels.channel_id', 'deposit_orders.channel_id')
    .selectAll('deposit_orders')
    .select('payment_channels.name as channel_name');

const findOrder = (db: Db, where: { id: number } | { memberId: number; requestId: string }) => {
  const query = depositOrders(db);
  return ('id' in where
    ? query.where('deposit_orders.id', '=', where.id)
    : query.where('deposit_orders.member_id', '=', where.memberId).where('deposit_orders.request_id', '=', where.requestId)
  ).executeTakeFirst();
};

/** A pending deposit order through an active channel, within its bounds; idempotent by requestId. `at` dates history written after the fact. */
export const requestDeposit = async (db: Db, memberId: number, body: DepositRequest, at?: Date): Promise<DepositOrder> => {
  const hash = requestHashOf(body);
  const existing = await findOrder(db, { memberId, requestId: body.requestId });
  if (existing) {
    assertSameRequest(existing.request_hash, hash);
    return toDepositOrder(existing);
  }
  const channel = await db.selectFrom('payment_channels').selectAll().where('channel_id', '=', body.channelId).where('active', '=', true).executeTakeFirst();
  if (!channel) throw new ApiError('CHANNEL_UNAVAILABLE', `Deposit channel ${body.channelId} is not available`);
  const amount = toCents(body.amount);
  if (amount < channel.min_amount || amount > channel.max_amount) {
    throw new ApiError('AMOUNT_OUT_OF_RANGE', `${channel.name} takes ${formatAmount(channel.min_amount)} to ${formatAmount(channel.max_amount)}`, {
      minAmount: toMoney(channel.min_amount),
      maxAmount: toMoney(channel.max_amount),
    });
  }
  const inserted = await db
    .insertInto('deposit_orders')
    .values({
      member_id: memberId,
      channel_id: channel.channel_id,
      amount,
      payer_name: body.payerName ?? null,
      reference: body.reference ?? null,
      request_id: body.requestId,
      request_hash: hash,
      ...(at ? { created_at: at } : {}),
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // A concurrent retry inserted first: answer with its order.
  const order = await findOrder(db, inserted ? { id: inserted.id } : { memberId, requestId: body.requestId });
  if (!order) throw new Error('deposit order vanished');
  assertSameRequest(order.request_hash, hash);
  return toDepositOrder(order);
};

export type DepositOutcome = { status: 'CREDITED' } | { status: 'FAILED'; reason: string };

/**
 * Credits or fails a pending deposit in the caller's transaction: the ledger entry, the order, the
 * player's message, and the live deposit:result / balance:updated / message:new / unread:count.
 */
export const resolveDeposit = async (
  trx: Transaction<Database>,
  record: RecordEvent,
  ledger: ReturnType<typeof ledgerOf>,
  input: { orderId: number; outcome: DepositOutcome; resolvedBy: string; at?: Date },
): Promise<OrderRow> => {
  const locked = await trx.selectFrom('deposit_orders').selectAll().where('id', '=', input.orderId).forUpdate().executeTakeFirst();
  if (!locked) throw new ApiError('NOT_FOUND', `No deposit order ${input.orderId}`);
  if (locked.status !== 'PENDING') throw new ApiError('INVALID_STATE', `Deposit ${input.orderId} is already ${locked.status}`);
  const now = input.at ?? new Date();
  let transactionId: number | null = null;
  if (input.outcome.status === 'CREDITED') {
    const posted = await ledger.post(trx, {
      entryType: 'DEPOSIT',
      idempotencyKey: `deposit:${locked.id}`,
      reference: `deposit:${locked.id}`,
      remark: `Deposit ${locked.id}`,
      legs: [
        { account: { system: 'CASH' }, amount: -locked.amount },
        { account: { memberId: locked.member_id, wallet: 'MAIN' }, amount: locked.amount },
      ],
      at: input.at,
    });
    transactionId = posted.transactionId;
    await recordBalanceEvents(trx, record, posted);
  }
  const failureReason = input.outcome.status === 'FAILED' ? input.outcome.reason : null;
  await trx
    .updateTable('deposit_orders')
    .set({ status: input.outcome.status, failure_reason: failureReason, resolved_by: input.resolvedBy, resolved_at: now, transaction_id: transactionId })
    .where('id', '=', locked.id)
    .execute();
  const order = (await findOrder(trx, { id: locked.id }))!;
  await record(memberRoom(order.member_id), 'deposit:result', {
    orderId: String(order.id),
    status: input.outcome.status,
    amount: toMoney(order.amount),
    failureReason,
  });
  await sendMessage(
    trx,
    record,
    input.outcome.status === 'CREDITED'
      ? { memberId: order.member_id, template: 'deposit.credited', params: { orderId: String(order.id), amount: formatAmount(order.amount) } }
      : { memberId: order.member_id, template: 'deposit.failed', params: { orderId: String(order.id), amount: formatAmount(order.amount), reason: failureReason ?? '' } },
  );
  return order;
};

/** Checks a provider notice's timestamp and HMAC-SHA256 signature over `<timestamp>.<raw body>`. */
export const verifyWebhookSignature = (
  secret: string,
  rawBody: Buffer | undefined,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  now: Date = new Date(),
): void => {
  if (!rawBody || !timestampHeader || !signatureHeader || !/^\d{1,12}$/.test(timestampHeader) || !/^[0-9a-f]{64}$/i.test(signatureHeader)) {
    throw new ApiError('SIGNATURE_INVALID', 'Missing or malformed webhook signature');
  }
  const expected = createHmac('sha256', secret).update(`${timestampHeader}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(signatureHeader, 'hex'))) throw new ApiError('SIGNATURE_INVALID', 'Webhook signature does not match');
  if (Math.abs(now.getTime() / 1000 - Number(timestampHeader)) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new ApiError('REQUEST_EXPIRED', 'Webhook timestamp is outside the accepted window');
  }
};

/**
 * Acts on a verified provider notice once: its event id is stored in the same transaction as the
 * credit, so a replay (or a concurrent duplicate) changes nothing and reports `duplicate`.
 */
export const handleDepositWebhook = async (ctx: AppContext, notice: DepositWebhook) => {
  const orderId = orderIdOf(notice.orderId, 'deposit order');
  return withEvents(ctx, async (trx, record) => {
    const fresh = await trx
      .insertInto('payment_webhook_events')
      .values({ event_id: notice.eventId, order_id: orderId, status: notice.status })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    const order = await trx.selectFrom('deposit_orders').select(['id', 'status', 'amount']).where('id', '=', orderId).executeTakeFirst();
    if (!order) throw new ApiError('NOT_FOUND', `No deposit order ${notice.orderId}`);
    const wanted = notice.status === 'SUCCESS' ? 'CREDITED' : 'FAILED';
    if (!fresh || order.status === wanted) return { orderId: String(order.id), status: order.status, duplicate: true };
    if (notice.status === 'SUCCESS' && toCents(notice.amount) !== order.amount) {
      throw new ApiError('CONFLICT', `Deposit ${order.id} is for ${formatAmount(order.amount)}, the notice says ${notice.amount.toFixed(2)}`);
    }
    const resolved = await resolveDeposit(trx, record, ledgerOf(ctx), {
      orderId,
      outcome: notice.status === 'SUCCESS' ? { status: 'CREDITED' } : { status: 'FAILED', reason: notice.reason ?? 'Payment failed' },
      resolvedBy: `webhook:${notice.eventId}`,
    });
    return { orderId: String(resolved.id), status: resolved.status, duplicate: false };
  });
};
