import type { MessageTemplate } from '@shared/contract/messages';
import type { TransferReceipt } from '@shared/contract/agent';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { writeAudit } from '../audit';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf } from '../ledger/ledger';
import { toCents, toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { formatAmount } from '../wallet/orders';
import { verifyPaymentPassword } from '../wallet/payment-password';
import { readSettings } from '../system/site-settings';
import { downlineDepth, uplineIdOf } from './scope';

/**
 * Transfers between an agent and its downline (AGENT-12) and from a member to its upline
 * (transferUpline). One zero-sum ledger transaction moves main-wallet money from one member to the
 * other, idempotent by the sender's request id; both sides' open pages get balance:updated and a
 * message after the commit, and the audit log keeps the movement. Some jurisdictions forbid
 * moving funds between player accounts, so the merchant setting agentTransfers gates both ways.
 */

interface TransferRequest {
  amount: number;
  paymentPassword: string;
  requestId: string;
  remark?: string | undefined;
}

interface Party {
  id: number;
  account: string;
  nickname: string;
}

const DIRECTIONS = {
  DOWNLINE_TRANSFER: { key: 'downline-transfer', sent: 'transfer.toDownline', received: 'transfer.fromUpline' },
  UPLINE_TRANSFER: { key: 'upline-transfer', sent: 'transfer.toUpline', received: 'transfer.fromDownline' },
} as const satisfies Record<TransferReceipt['entryType'], { key: string; sent: MessageTemplate; received: MessageTemplate }>;

export const transfersEnabled = async (db: Db): Promise<boolean> => (await readSettings(db)).agentTransfers;

const requireTransfersEnabled = async (db: Db) => {
  if (!(await transfersEnabled(db))) throw new ApiError('FEATURE_DISABLED', 'Transfers between agents and their downline are not enabled on this site');
};

/** The receiving account; a closed one takes no money. */
const activeParty = async (db: Db, memberId: number): Promise<Party> => {
  const row = await db.selectFrom('members').select(['id', 'account', 'nickname', 'status']).where('id', '=', memberId).executeTakeFirstOrThrow();
  if (row.status !== 'active') throw new ApiError('INVALID_STATE', `${row.account} cannot receive transfers`);
  return row;
};

const move = async (
  ctx: AppContext,
  entryType: TransferReceipt['entryType'],
  from: Party,
  to: Party,
  body: TransferRequest,
  ip: string,
  at: Date | undefined,
): Promise<TransferReceipt> => {
  const direction = DIRECTIONS[entryType];
  const amount = toCents(body.amount);
  const posted = await withEvents(ctx, async (trx, record) => {
    const result = await ledgerOf(ctx).post(trx, {
      entryType,
      idempotencyKey: `${direction.key}:${from.id}:${body.requestId}`,
      reference: `${direction.key}:${from.id}:${body.requestId}`,
      remark: `${from.account} → ${to.account}${body.remark ? `: ${body.remark}` : ''}`,
      legs: [
        { account: { memberId: from.id, wallet: MAIN_WALLET }, amount: -amount },
        { account: { memberId: to.id, wallet: MAIN_WALLET }, amount },
      ],
      at,
    });
    if (!result.replayed) {
      await recordBalanceEvents(trx, record, result);
      await sendMessage(trx, record, { memberId: from.id, template: direction.sent, params: { amount: formatAmount(amount), account: to.account } });
      await sendMessage(trx, record, { memberId: to.id, template: direction.received, params: { amount: formatAmount(amount), account: from.account } });
      await writeAudit(trx, {
        actorKind: 'member',
        actorId: String(from.id),
        action: `transfer.${direction.key}`,
        detail: { from: from.id, to: to.id, amount, transactionId: result.transactionId, requestId: body.requestId },
        ip,
      });
    }
    return result;
  });
  const sender = posted.postings.find((p) => p.memberId === from.id)!;
  return {
    transactionId: posted.transactionId,
    entryType,
    amount: toMoney(amount),
    balance: toMoney(sender.balanceAfter),
    counterparty: { memberId: to.id, account: to.account, nickname: to.nickname },
    createdAt: posted.createdAt.toISOString(),
  };
};

/**
 * An agent sends money to any member of its downline (any level); anyone else is FORBIDDEN.
 * `at` dates a transfer written after the fact (the demo seed's history).
 */
export const transferToDownline = async (ctx: AppContext, agent: Party, body: TransferRequest & { memberId: number }, ip: string, at?: Date) => {
  await requireTransfersEnabled(ctx.db);
  await downlineDepth(ctx.db, agent.id, body.memberId);
  const to = await activeParty(ctx.db, body.memberId);
  await verifyPaymentPassword(ctx.db, agent.id, body.paymentPassword);
  return move(ctx, 'DOWNLINE_TRANSFER', agent, to, body, ip, at);
};

/** A member sends money to its direct upline. */
export const transferToUpline = async (ctx: AppContext, member: Party, body: TransferRequest, ip: string, at?: Date) => {
  await requireTransfersEnabled(ctx.db);
  const uplineId = await uplineIdOf(ctx.db, member.id);
  if (uplineId === null) throw new ApiError('NO_UPLINE', 'This account has no upline');
  const to = await activeParty(ctx.db, uplineId);
  await verifyPaymentPassword(ctx.db, member.id, body.paymentPassword);
  return move(ctx, 'UPLINE_TRANSFER', member, to, body, ip, at);
};

/** The transferUpline page: who the upline is and whether transfers are on. */
export const uplineInfo = async (db: Db, memberId: number) => {
  const uplineId = await uplineIdOf(db, memberId);
  const upline = uplineId === null ? null : await db.selectFrom('members').select(['account', 'nickname']).where('id', '=', uplineId).executeTakeFirst();
  return { upline: upline ?? null, transfersEnabled: await transfersEnabled(db) };
};
