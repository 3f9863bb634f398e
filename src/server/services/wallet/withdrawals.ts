import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Selectable, type Transaction } from 'kysely';
import {
  PROOF_MAX_BYTES,
  PROOF_MAX_COUNT,
  type WithdrawalConfirmRequest,
  type WithdrawalOrder,
  type WithdrawalRequest,
  type WithdrawalStatus,
} from '@shared/contract/wallet-payments';
import { memberRoom } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { Database, WithdrawalOrdersTable } from '../../db/database';
import { isTransientDbError } from '../../db/errors';
import { recordJobIncident } from '../../jobs/incidents';
import { ApiError } from '../../http/api-error';
import { withEvents, type RecordEvent } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { HOLD_WALLET, ledgerOf } from '../ledger/ledger';
import { toCents, toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { maskAccountNo } from './bank-accounts';
import { assertSameRequest, formatAmount, isoOrNull, orderIdOf, requestHashOf } from './orders';
import { verifyPaymentPassword } from './payment-password';

export type WithdrawalRow = Selectable<WithdrawalOrdersTable>;

/** Maps rows to the contract, with each order's proof image ids. */
export const toWithdrawalOrders = async (db: Db, rows: WithdrawalRow[]): Promise<WithdrawalOrder[]> => {
  const ids = rows.map((r) => r.id);
  const proofs = ids.length
    ? await db.selectFrom('withdrawal_proofs').select(['id', 'withdrawal_id']).where('withdrawal_id', 'in', ids).orderBy('id').execute()
    : [];
  return rows.map((row) => {
    const confirmed = row.confirmed_at !== null && row.received_amount !== null;
    return {
      withdrawalId: String(row.id),
      amount: toMoney(row.amount),
      status: row.status,
      bankName: row.bank_name,
      accountName: row.account_name,
      accountNoMasked: maskAccountNo(row.account_no),
      rejectReason: row.reject_reason,
      createdAt: new Date(row.created_at).toISOString(),
      disbursedAt: isoOrNull(row.disbursed_at),
      confirmation: confirmed
        ? {
            receivedAmount: toMoney(row.received_amount!),
            remainingAmount: toMoney(row.amount - row.received_amount!),
            remark: row.remark,
            proofIds: proofs.filter((p) => p.withdrawal_id === row.id).map((p) => p.id),
            confirmedAt: new Date(row.confirmed_at!).toISOString(),
            forced: row.forced,
          }
        : null,
      autoReceiveAt: row.status === 'DISBURSED' ? isoOrNull(row.auto_receive_at) : null,
    };
  });
};

export const toWithdrawalOrder = async (db: Db, row: WithdrawalRow): Promise<WithdrawalOrder> => (await toWithdrawalOrders(db, [row]))[0]!;

const recordResult = (record: RecordEvent, row: WithdrawalRow) =>
  record(memberRoom(row.member_id), 'withdrawal:result', {
    withdrawalId: String(row.id),
    status: row.status,
    amount: toMoney(row.amount),
    rejectReason: row.reject_reason,
  });

/**
 * Holds the amount at once (MAIN → HOLD) and opens a PENDING order; idempotent by requestId. The
 * password is checked first, outside the money transaction, so failures count towards the lock.
 */
export const requestWithdrawal = async (ctx: AppContext, memberId: number, body: WithdrawalRequest, at?: Date): Promise<WithdrawalOrder> => {
  const hash = requestHashOf(body, ['paymentPassword']);
  await verifyPaymentPassword(ctx.db, memberId, body.paymentPassword);
  const existing = await ctx.db.selectFrom('withdrawal_orders').selectAll().where('member_id', '=', memberId).where('request_id', '=', body.requestId).executeTakeFirst();
  if (existing) {
    assertSameRequest(existing.request_hash, hash);
    return toWithdrawalOrder(ctx.db, existing);
  }
  const amount = toCents(body.amount);
  const [min, max] = [toCents(ctx.config.WITHDRAWAL_MIN_AMOUNT), toCents(ctx.config.WITHDRAWAL_MAX_AMOUNT)];
  if (amount < min || amount > max) {
    throw new ApiError('AMOUNT_OUT_OF_RANGE', `Withdrawals take ${formatAmount(min)} to ${formatAmount(max)}`, { minAmount: toMoney(min), maxAmount: toMoney(max) });
  }
  const bank = await ctx.db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('id', '=', body.bankAccountId)
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!bank) throw new ApiError('NOT_FOUND', `No bank account ${body.bankAccountId}`);
  const row = await withEvents(ctx, async (trx, record) => {
    const posted = await ledgerOf(ctx).post(trx, {
      entryType: 'WITHDRAWAL_HOLD',
      idempotencyKey: `withdrawal-hold:${memberId}:${body.requestId}`,
      reference: `withdrawal-request:${body.requestId}`,
      remark: `Withdrawal to ${bank.bank_name} ${maskAccountNo(bank.account_no)}`,
      legs: [
        { account: { memberId, wallet: 'MAIN' }, amount: -amount },
        { account: { memberId, wallet: HOLD_WALLET }, amount },
      ],
      at,
    });
    if (posted.replayed) {
      // A concurrent retry of the same request committed first.
      const first = await trx.selectFrom('withdrawal_orders').selectAll().where('member_id', '=', memberId).where('request_id', '=', body.requestId).executeTakeFirstOrThrow();
      assertSameRequest(first.request_hash, hash);
      return first;
    }
    const created = await trx
      .insertInto('withdrawal_orders')
      .values({
        member_id: memberId,
        bank_account_id: bank.id,
        bank_name: bank.bank_name,
        account_name: bank.account_name,
        account_no: bank.account_no,
        amount,
        request_id: body.requestId,
        request_hash: hash,
        hold_transaction_id: posted.transactionId,
        ...(at ? { created_at: at } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordBalanceEvents(trx, record, posted);
    await recordResult(record, created);
    return created;
  });
  return toWithdrawalOrder(ctx.db, row);
};

const lockWithdrawal = async (trx: Transaction<Database>, id: number, memberId?: number): Promise<WithdrawalRow> => {
  let query = trx.selectFrom('withdrawal_orders').selectAll().where('id', '=', id);
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No withdrawal ${id}`);
  return row;
};

const requireStatus = (row: WithdrawalRow, allowed: readonly WithdrawalStatus[]) => {
  if (!allowed.includes(row.status)) throw new ApiError('INVALID_STATE', `Withdrawal ${row.id} is ${row.status}`);
};

export type OperatorWithdrawalAction =
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'disburse'; payoutReference: string | null };

/** An operator's step on a withdrawal, with its ledger entry, message and events, in the caller's transaction. */
export const operateWithdrawal = async (
  ctx: AppContext,
  trx: Transaction<Database>,
  record: RecordEvent,
  withdrawalId: string,
  action: OperatorWithdrawalAction,
  at?: Date,
): Promise<WithdrawalRow> => {
  const now = at ?? new Date();
  const row = await lockWithdrawal(trx, orderIdOf(withdrawalId, 'withdrawal'));
  const ledger = ledgerOf(ctx);
  const params = { withdrawalId: String(row.id), amount: formatAmount(row.amount) };
  let updated: WithdrawalRow;
  if (action.kind === 'approve') {
    requireStatus(row, ['PENDING']);
    updated = await trx.updateTable('withdrawal_orders').set({ status: 'APPROVED', approved_at: now }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
    await sendMessage(trx, record, { memberId: row.member_id, template: 'withdraw.approved', params });
  } else if (action.kind === 'reject') {
    requireStatus(row, ['PENDING', 'APPROVED']);
    const posted = await ledger.post(trx, {
      entryType: 'WITHDRAWAL_RELEASE',
      idempotencyKey: `withdrawal-release:${row.id}`,
      reference: `withdrawal:${row.id}`,
      remark: `Withdrawal ${row.id} rejected`,
      legs: [
        { account: { memberId: row.member_id, wallet: HOLD_WALLET }, amount: -row.amount },
        { account: { memberId: row.member_id, wallet: 'MAIN' }, amount: row.amount },
      ],
      at,
    });
    updated = await trx
      .updateTable('withdrawal_orders')
      .set({ status: 'REJECTED', reject_reason: action.reason, settle_transaction_id: posted.transactionId })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordBalanceEvents(trx, record, posted);
    await sendMessage(trx, record, { memberId: row.member_id, template: 'withdraw.rejected', params: { ...params, reason: action.reason } });
  } else {
    requireStatus(row, ['APPROVED']);
    const posted = await ledger.post(trx, {
      entryType: 'WITHDRAWAL_PAID',
      idempotencyKey: `withdrawal-paid:${row.id}`,
      reference: `withdrawal:${row.id}`,
      remark: `Withdrawal ${row.id} paid out`,
      legs: [
        { account: { memberId: row.member_id, wallet: HOLD_WALLET }, amount: -row.amount },
        { account: { system: 'CASH' }, amount: row.amount },
      ],
      at,
    });
    const minutes = ctx.config.WITHDRAWAL_AUTO_RECEIVE_MINUTES;
    updated = await trx
      .updateTable('withdrawal_orders')
      .set({
        status: 'DISBURSED',
        disbursed_at: now,
        auto_receive_at: new Date(now.getTime() + minutes * 60_000),
        payout_reference: action.payoutReference,
        settle_transaction_id: posted.transactionId,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordBalanceEvents(trx, record, posted);
    await sendMessage(trx, record, { memberId: row.member_id, template: 'withdraw.disbursed', params: { ...params, minutes } });
  }
  await recordResult(record, updated);
  return updated;
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

interface ProofImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

/** Decodes one base64 image (a data: URL prefix is allowed) and accepts it only as png or jpg by its magic bytes. */
export const decodeProofImage = (encoded: string): ProofImage => {
  const base64 = encoded.replace(/^data:image\/[a-z+.-]+;base64,/i, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length === 0) throw new ApiError('PROOF_INVALID', 'A proof image is not valid base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > PROOF_MAX_BYTES) throw new ApiError('PROOF_INVALID', 'A proof image is larger than 5 MB');
  if (bytes.subarray(0, PNG.length).equals(PNG)) return { bytes, contentType: 'image/png', extension: 'png' };
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return { bytes, contentType: 'image/jpeg', extension: 'jpg' };
  throw new ApiError('PROOF_INVALID', 'A proof image must be a png or jpg file');
};

/** The columns every stored upload keeps of one decoded image: who sent it, its type, its file and its digest. */
export const storedImageRow = (memberId: number, image: ProofImage & { fileName: string }) => ({
  member_id: memberId,
  content_type: image.contentType,
  file_name: image.fileName,
  size: image.bytes.length,
  sha256: createHash('sha256').update(image.bytes).digest('hex'),
});

export const uploadsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'uploads', 'withdrawals');

/**
 * The player's answer to a disbursed withdrawal: RECEIVED, or NOT_RECEIVED with 1 to 3 proof
 * images and what did arrive. Only a DISBURSED withdrawal can be answered, so an answer after the
 * auto-receive (a forced receipt, final) is INVALID_STATE.
 */
export const confirmWithdrawal = async (ctx: AppContext, memberId: number, body: WithdrawalConfirmRequest): Promise<WithdrawalOrder> => {
  const id = orderIdOf(body.withdrawalId, 'withdrawal');
  const images = body.outcome === 'NOT_RECEIVED' ? (body.proofImages ?? []).map(decodeProofImage) : [];
  if (body.outcome === 'NOT_RECEIVED' && images.length === 0) throw new ApiError('PROOF_REQUIRED', 'Upload at least one proof image');
  if (images.length > PROOF_MAX_COUNT) throw new ApiError('PROOF_INVALID', `At most ${PROOF_MAX_COUNT} images`);
  const dir = uploadsDir(ctx);
  const files = images.map((image) => ({ ...image, fileName: `${randomUUID()}.${image.extension}` }));
  if (files.length) await fs.mkdir(dir, { recursive: true });
  await Promise.all(files.map((f) => fs.writeFile(path.join(dir, f.fileName), f.bytes)));
  try {
    const row = await withEvents(ctx, async (trx, record) => {
      const locked = await lockWithdrawal(trx, id, memberId);
      requireStatus(locked, ['DISBURSED']);
      const received = body.outcome === 'RECEIVED' ? locked.amount : toCents(body.receivedAmount ?? 0);
      if (received > locked.amount) throw new ApiError('AMOUNT_OUT_OF_RANGE', 'The received amount is more than the withdrawal');
      const updated = await trx
        .updateTable('withdrawal_orders')
        .set({ status: body.outcome, received_amount: received, remark: body.remark ?? null, confirmed_at: new Date() })
        .where('id', '=', locked.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (files.length) {
        await trx
          .insertInto('withdrawal_proofs')
          .values(
            files.map((f) => ({ withdrawal_id: locked.id, ...storedImageRow(memberId, f) })),
          )
          .execute();
      }
      const params = { withdrawalId: String(locked.id), amount: formatAmount(locked.amount) };
      await sendMessage(
        trx,
        record,
        body.outcome === 'RECEIVED'
          ? { memberId, template: 'withdraw.received', params }
          : { memberId, template: 'withdraw.notReceived', params: { ...params, remaining: formatAmount(locked.amount - received) } },
      );
      await recordResult(record, updated);
      return updated;
    });
    return toWithdrawalOrder(ctx.db, row);
  } catch (err) {
    await Promise.all(files.map((f) => fs.rm(path.join(dir, f.fileName), { force: true })));
    throw err;
  }
};

/** One stored proof image; `memberId` restricts it to its uploader (operators pass none). */
export const readProofImage = async (ctx: AppContext, proofId: number, memberId?: number) => {
  let query = ctx.db.selectFrom('withdrawal_proofs').selectAll().where('id', '=', proofId);
  if (memberId !== undefined) query = query.where('member_id', '=', memberId);
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No proof image ${proofId}`);
  const bytes = await fs.readFile(path.join(uploadsDir(ctx), row.file_name));
  return { proofId: row.id, contentType: row.content_type as 'image/png' | 'image/jpeg', data: bytes.toString('base64') };
};

/** How many disbursed withdrawals one run of the auto-receive takes at most. */
const AUTO_RECEIVE_BATCH = 100;

/** The job's name, in the scheduler and on the withdrawals it sets aside. */
export const AUTO_RECEIVE_JOB = 'withdrawal-auto-receive';

const AUTO_RECEIVE_SUBJECT_PREFIX = 'withdrawal:';
const autoReceiveSubject = (withdrawalId: number) => `${AUTO_RECEIVE_SUBJECT_PREFIX}${withdrawalId}`;

/** Marks one due withdrawal received, in its own transaction; false when it is no longer due or another node has it. */
const autoReceiveOne = (ctx: AppContext, withdrawalId: number, now: Date): Promise<boolean> =>
  withEvents(ctx, async (trx, record) => {
    const row = await trx
      .selectFrom('withdrawal_orders')
      .selectAll()
      .where('id', '=', withdrawalId)
      .where('status', '=', 'DISBURSED')
      .where('auto_receive_at', '<=', now)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return false;
    const updated = await trx
      .updateTable('withdrawal_orders')
      .set({ status: 'RECEIVED', received_amount: row.amount, forced: true, confirmed_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await sendMessage(trx, record, {
      memberId: row.member_id,
      template: 'withdraw.autoReceived',
      params: { withdrawalId: String(row.id), amount: formatAmount(row.amount), minutes: ctx.config.WITHDRAWAL_AUTO_RECEIVE_MINUTES },
    });
    await recordResult(record, updated);
    return true;
  });

/**
 * Counts every DISBURSED withdrawal whose confirmation time has passed at `now` as received
 * (forced: final, nothing refunded), telling each player, one withdrawal per transaction. One that
 * fails is set aside for the operators (a job incident; the job skips it from then on) and the
 * rest go on; a lost database connection ends the run, and the next window carries on.
 * Returns how many it marked.
 */
export const autoReceiveWithdrawals = async (ctx: AppContext, now: Date = new Date()): Promise<number> => {
  const due = await ctx.db
    .selectFrom('withdrawal_orders')
    .select('id')
    .where('status', '=', 'DISBURSED')
    .where('auto_receive_at', '<=', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('job_incidents')
            .select('job_incidents.id')
            .where('job_incidents.job', '=', AUTO_RECEIVE_JOB)
            .where(sql<boolean>`job_incidents.subject = ${AUTO_RECEIVE_SUBJECT_PREFIX} || withdrawal_orders.id::text`),
        ),
      ),
    )
    .orderBy('auto_receive_at')
    .limit(AUTO_RECEIVE_BATCH)
    .execute();
  let marked = 0;
  for (const { id } of due) {
    try {
      if (await autoReceiveOne(ctx, id, now)) marked += 1;
    } catch (error) {
      if (isTransientDbError(error)) throw error;
      await recordJobIncident(ctx, { job: AUTO_RECEIVE_JOB, subject: autoReceiveSubject(id), error }, now);
    }
  }
  return marked;
};
