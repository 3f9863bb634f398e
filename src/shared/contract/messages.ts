import { z } from 'zod';
import { endpoint } from './endpoint';
import { TotalPages } from './paging';

/** Platform message types (DESIGN.md, Real-time), including the agent/downline transfer types. */
export const MESSAGE_TYPES = [
  'DEPOSIT',
  'WITHDRAW',
  'INBOX',
  'PROMOTION_CLAIM',
  'MANUAL_PROMO',
  'ONLINE_MSG',
  'PAYMENT_CONFIRMATION',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
] as const;
export const MessageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageType>;

/**
 * Templates of the messages the platform writes itself. The client translates
 * `messages:template.<template>.title` / `.content` with `params`; `title` and `content` are the
 * English text, used as they are for operator-written messages (template null).
 */
export const MESSAGE_TEMPLATES = [
  'deposit.credited',
  'deposit.failed',
  'withdraw.approved',
  'withdraw.rejected',
  'withdraw.disbursed',
  'withdraw.received',
  'withdraw.autoReceived',
  'withdraw.notReceived',
  'rebate.claimed',
  'balance.adjusted',
] as const;
export const MessageTemplate = z.enum(MESSAGE_TEMPLATES);
export type MessageTemplate = z.infer<typeof MessageTemplate>;

export const Message = z.object({
  messageId: z.number().int(),
  type: MessageType,
  title: z.string(),
  content: z.string().describe('plain text'),
  template: MessageTemplate.nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdAt: z.string().describe('ISO timestamp; shown as yyyy-MM-dd hh:mm:ss'),
});
export type Message = z.infer<typeof Message>;

/** Announcement and notification lists show 9 per page (MSG-02, MSG-04). */
export const MESSAGE_PAGE_SIZE = 9;

export const MarkReadRequest = z.union([
  z.object({ messageIds: z.array(z.number().int().positive()).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;

export const messagesEndpoints = {
  messageList: endpoint({
    method: 'GET',
    path: '/wps/relay/CSP_messageList',
    token: 'member',
    query: z.object({
      pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(MESSAGE_PAGE_SIZE),
      type: MessageType.optional(),
      unreadOnly: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    }),
    response: z.object({
      list: z.array(Message),
      pageNum: z.number().int().positive(),
      totalPages: TotalPages,
      total: z.number().int().nonnegative(),
      unreadMessage: z.number().int().nonnegative(),
    }),
    summary: "The caller's platform messages, newest first, 9 per page",
    reqs: ['MSG-04', 'MSG-05', 'MSG-11'],
  }),
  markMessagesRead: endpoint({
    method: 'POST',
    path: '/wps/relay/CSP_markRead',
    token: 'member',
    body: MarkReadRequest,
    response: z.object({ unreadMessage: z.number().int().nonnegative() }),
    summary: 'Marks some (or all) of the caller\'s messages read; returns the unread count',
    reqs: ['MSG-04', 'MSG-07'],
  }),
} as const;
