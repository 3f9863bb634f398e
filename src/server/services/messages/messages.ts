import type { Selectable } from 'kysely';
import type { Message, MessageTemplate, MessageType } from '@shared/contract/messages';
import { memberRoom } from '@shared/contract/socket';
import type { Db } from '../../db/create-db';
import type { MessagesTable } from '../../db/database';
import type { RecordEvent } from '../../socket/realtime';

type Params = Record<string, string | number>;

const CONTRACT_KIND_NAMES: Record<string, string> = { DIVIDEND: 'dividend', DAILY: 'daily salary', HOURLY: 'hourly salary', REALTIME: 'real-time salary' };
const kindName = (p: Params) => CONTRACT_KIND_NAMES[String(p.kind)] ?? String(p.kind);

/** English text of the platform's own messages; the client translates by template and params. */
const TEMPLATES: Record<MessageTemplate, { type: MessageType; title: string; content: (p: Params) => string }> = {
  'deposit.credited': { type: 'DEPOSIT', title: 'Deposit credited', content: (p) => `Your deposit ${p.orderId} of ${p.amount} has been credited.` },
  'deposit.failed': { type: 'DEPOSIT', title: 'Deposit failed', content: (p) => `Your deposit ${p.orderId} of ${p.amount} failed: ${p.reason}.` },
  'withdraw.approved': { type: 'WITHDRAW', title: 'Withdrawal approved', content: (p) => `Your withdrawal ${p.withdrawalId} of ${p.amount} has been approved.` },
  'withdraw.rejected': {
    type: 'WITHDRAW',
    title: 'Withdrawal rejected',
    content: (p) => `Your withdrawal ${p.withdrawalId} of ${p.amount} was rejected: ${p.reason}. The amount is back in your wallet.`,
  },
  'withdraw.disbursed': {
    type: 'PAYMENT_CONFIRMATION',
    title: 'Withdrawal paid out',
    content: (p) => `Your withdrawal ${p.withdrawalId} of ${p.amount} has been paid out. Please confirm within ${p.minutes} minutes whether you received it.`,
  },
  'withdraw.received': { type: 'WITHDRAW', title: 'Withdrawal received', content: (p) => `You confirmed receiving withdrawal ${p.withdrawalId} of ${p.amount}.` },
  'withdraw.autoReceived': {
    type: 'WITHDRAW',
    title: 'Withdrawal counted as received',
    content: (p) => `Withdrawal ${p.withdrawalId} of ${p.amount} was not confirmed within ${p.minutes} minutes and counts as received.`,
  },
  'withdraw.notReceived': {
    type: 'WITHDRAW',
    title: 'Withdrawal reported not received',
    content: (p) => `You reported withdrawal ${p.withdrawalId} as not received (${p.remaining} outstanding). Our team will check your proof.`,
  },
  'rebate.claimed': { type: 'INBOX', title: 'Rebate credited', content: (p) => `A rebate of ${p.amount} has been credited to your wallet.` },
  'balance.adjusted': { type: 'INBOX', title: 'Balance adjusted', content: (p) => `Your balance was adjusted by ${p.amount}: ${p.reason}.` },
  'transfer.toDownline': { type: 'DOWNLINE_TRANSFER', title: 'Transfer sent', content: (p) => `You transferred ${p.amount} to ${p.account} in your downline.` },
  'transfer.fromUpline': { type: 'DOWNLINE_TRANSFER', title: 'Transfer received from your upline', content: (p) => `Your upline ${p.account} transferred ${p.amount} to you.` },
  'transfer.toUpline': { type: 'UPLINE_TRANSFER', title: 'Transfer sent to your upline', content: (p) => `You transferred ${p.amount} to your upline ${p.account}.` },
  'transfer.fromDownline': {
    type: 'UPLINE_TRANSFER',
    title: 'Transfer received from your downline',
    content: (p) => `${p.account} in your downline transferred ${p.amount} to you.`,
  },
  'contract.offered': {
    type: 'INBOX',
    title: 'Contract offered',
    content: (p) => `${p.upline} offered ${p.downline} a ${kindName(p)} contract (no. ${p.contractId}). It waits for ${p.downline} to accept or reject it.`,
  },
  'contract.accepted': {
    type: 'INBOX',
    title: 'Contract in force',
    content: (p) => `${p.downline} accepted the ${kindName(p)} contract no. ${p.contractId} from ${p.upline}. It is in force from now on.`,
  },
  'contract.rejected': {
    type: 'INBOX',
    title: 'Contract rejected',
    content: (p) => `${p.downline} rejected the ${kindName(p)} contract no. ${p.contractId} offered by ${p.upline}.`,
  },
  'contract.withdrawn': {
    type: 'INBOX',
    title: 'Contract offer withdrawn',
    content: (p) => `${p.upline} withdrew the offer of ${kindName(p)} contract no. ${p.contractId} to ${p.downline}.`,
  },
  'contract.expired': {
    type: 'INBOX',
    title: 'Contract offer expired',
    content: (p) => `The offer of ${kindName(p)} contract no. ${p.contractId} from ${p.upline} to ${p.downline} was not answered in time and has expired.`,
  },
  'contract.terminationRequested': {
    type: 'INBOX',
    title: 'Contract termination requested',
    content: (p) =>
      `${p.requester} asked to end the ${kindName(p)} contract no. ${p.contractId} between ${p.upline} and ${p.downline}. ` +
      'It stays in force until the other side answers; unanswered, it ends when the request expires.',
  },
  'contract.terminationRefused': {
    type: 'INBOX',
    title: 'Contract termination refused',
    content: (p) => `The request to end the ${kindName(p)} contract no. ${p.contractId} between ${p.upline} and ${p.downline} was refused. The contract stays in force.`,
  },
  'contract.terminated': {
    type: 'INBOX',
    title: 'Contract ended',
    content: (p) => `The ${kindName(p)} contract no. ${p.contractId} between ${p.upline} and ${p.downline} has ended.`,
  },
  'contract.endedByUpline': {
    type: 'INBOX',
    title: "Contract ended by the upline's terms",
    content: (p) => `The ${kindName(p)} contract no. ${p.contractId} between ${p.upline} and ${p.downline} has ended: ${p.upline}'s own contract of this kind no longer covers its rates.`,
  },
  'points.redeemApproved': {
    type: 'INBOX',
    title: 'Redeem approved',
    content: (p) => `Your redeem ${p.referenceNo} (${p.quantity} × ${p.name}) has been approved and is on its way.${p.note ? ` ${p.note}` : ''}`,
  },
  'points.redeemRejected': {
    type: 'INBOX',
    title: 'Redeem rejected',
    content: (p) =>
      `Your redeem ${p.referenceNo} (${p.quantity} × ${p.name}) was rejected: ${p.reason}. ` +
      `Its ${p.points} points${Number(p.amount) > 0 ? ` and ${p.amount}` : ''} are back in your account.`,
  },
  'points.adjusted': { type: 'INBOX', title: 'Points adjusted', content: (p) => `Your points were adjusted by ${p.points}: ${p.reason}. You now have ${p.balance} points.` },
  'promotion.applied': { type: 'INBOX', title: 'Application received', content: (p) => `We received your application for ${p.title}. You will hear from us once it is reviewed.` },
  'promotion.approved': {
    type: 'PROMOTION_CLAIM',
    title: 'Application approved',
    content: (p) => `Your application for ${p.title} was approved. Claim your bonus of ${p.amount} in the reward centre.`,
  },
  'promotion.joined': { type: 'INBOX', title: 'Promotion joined', content: (p) => `You have joined ${p.title}.` },
  'promotion.bonusIssued': {
    type: 'PROMOTION_CLAIM',
    title: 'Bonus ready to claim',
    content: (p) => `You have joined ${p.title}. Claim your bonus of ${p.amount} in the reward centre.`,
  },
  'promotion.rejected': { type: 'INBOX', title: 'Application rejected', content: (p) => `Your application for ${p.title} was rejected: ${p.reason}.` },
  'promotion.claimed': { type: 'PROMOTION_CLAIM', title: 'Bonus credited', content: (p) => `Your bonus of ${p.amount} from ${p.title} has been credited to your wallet.` },
  'promotion.raffleWon': {
    type: 'PROMOTION_CLAIM',
    title: 'Raffle prize credited',
    content: (p) => `You drew ${p.prize} in ${p.title}: ${p.amount} has been credited to your wallet.`,
  },
  'redEnvelope.grabbed': {
    type: 'PROMOTION_CLAIM',
    title: 'Red envelope opened',
    content: (p) => `Your red envelope from ${p.title} held ${p.amount}; it has been credited to your wallet.`,
  },
  'vip.levelReached': { type: 'INBOX', title: 'VIP level reached', content: (p) => `You have reached VIP ${p.name} (level ${p.rank}).` },
  'vip.bonusIssued': {
    type: 'PROMOTION_CLAIM',
    title: 'VIP level reached',
    content: (p) => `You have reached VIP ${p.name} (level ${p.rank}). Claim your upgrade bonus of ${p.amount} in the reward centre.`,
  },
  'vip.bonusClaimed': { type: 'PROMOTION_CLAIM', title: 'VIP bonus credited', content: (p) => `Your VIP ${p.name} upgrade bonus of ${p.amount} has been credited to your wallet.` },
};

export const toMessage = (row: Selectable<MessagesTable>): Message => ({
  messageId: row.id,
  type: row.type as MessageType,
  title: row.title,
  content: row.content,
  template: row.template as MessageTemplate | null,
  params: row.params,
  read: row.read_at !== null,
  createdAt: new Date(row.created_at).toISOString(),
});

export const unreadCount = async (db: Db, memberId: number): Promise<number> => {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export type NewMessage =
  | { memberId: number; template: MessageTemplate; params: Params }
  | { memberId: number; type: MessageType; title: string; content: string };

/** Stores a message and records `message:new` and `unread:count` for its member in the same transaction. */
export const sendMessage = async (trx: Db, record: RecordEvent, message: NewMessage): Promise<Message> => {
  const values =
    'template' in message
      ? {
          type: TEMPLATES[message.template].type,
          title: TEMPLATES[message.template].title,
          content: TEMPLATES[message.template].content(message.params),
          template: message.template,
          params: message.params,
        }
      : { type: message.type, title: message.title, content: message.content, template: null, params: {} };
  const row = await trx
    .insertInto('messages')
    .values({ member_id: message.memberId, ...values, params: JSON.stringify(values.params) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const created = toMessage(row);
  await record(memberRoom(message.memberId), 'message:new', created);
  await record(memberRoom(message.memberId), 'unread:count', { unreadMessage: await unreadCount(trx, message.memberId) });
  return created;
};
