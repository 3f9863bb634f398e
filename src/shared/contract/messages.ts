import { z } from 'zod';
import { MESSAGE_PAGE_SIZE } from './messages.values';
import { RowId } from './envelope';
import { endpoint } from './endpoint';
import { TotalPages } from './paging';
import { Banner } from './system';

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
  'transfer.toDownline',
  'transfer.fromUpline',
  'transfer.toUpline',
  'transfer.fromDownline',
  'contract.offered',
  'contract.accepted',
  'contract.rejected',
  'contract.withdrawn',
  'contract.expired',
  'contract.terminationRequested',
  'contract.terminationRefused',
  'contract.terminated',
  'contract.endedByUpline',
  'points.redeemApproved',
  'points.redeemRejected',
  'points.adjusted',
  'promotion.applied',
  'promotion.approved',
  'promotion.joined',
  'promotion.bonusIssued',
  'promotion.rejected',
  'promotion.claimed',
  'promotion.raffleWon',
  'redEnvelope.grabbed',
  'vip.levelReached',
  'vip.bonusIssued',
  'vip.bonusClaimed',
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

export { MESSAGE_PAGE_SIZE } from './messages.values';

export const MarkReadRequest = z.union([
  z.object({ messageIds: z.array(RowId).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkReadRequest = z.infer<typeof MarkReadRequest>;

export const EXECUTION_CODES = ['A', 'B', 'F'] as const;
export const Announcement = z.object({
  id: z.number().int(),
  type: z.string().describe('B banner, PL player, PU popup, PR promotion, H home notice'),
  title: z.string(),
  content: z.string().describe('HTML'),
  promotionType: z.string().nullable(),
  execution: z.enum(EXECUTION_CODES).nullable(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementsQuery = z.object({
  types: z
    .string()
    .regex(/^[A-Z]{1,2}(,[A-Z]{1,2})*$/)
    .default('B,PL,PU,PR')
    .describe("'B,PL,PU,PR,H' at login time, otherwise 'B,PL,PU,PR'"),
  execution: z.enum(EXECUTION_CODES).optional(),
  platform: z.literal('W').default('W'),
});

export const ChatRoom = z.object({
  roomId: z.string(),
  roomName: z.string(),
  description: z.string(),
  iconUrl: z.string(),
});
export type ChatRoom = z.infer<typeof ChatRoom>;

export const LiveModel = z.object({
  modelId: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  roomId: z.string(),
  online: z.boolean(),
});
export type LiveModel = z.infer<typeof LiveModel>;

export const messagesEndpoints = {
  messageList: endpoint({
    method: 'GET',
    path: '/wps/relay/CSP_messageList',
    token: 'member',
    audience: 'real',
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
    audience: 'real',
    body: MarkReadRequest,
    response: z.object({ unreadMessage: z.number().int().nonnegative() }),
    summary: 'Marks some (or all) of the caller\'s messages read; returns the unread count',
    reqs: ['MSG-04', 'MSG-07'],
  }),
  announcements: endpoint({
    method: 'GET',
    path: '/wps/relay/CSP_announcements',
    token: 'optional',
    query: AnnouncementsQuery,
    response: z.object({
      banners: z.array(Banner),
      player: z.array(Announcement),
      popup: z.array(Announcement),
      promotion: z.array(Announcement),
    }),
    summary: 'Banners, player notices, popups and promotion notices',
    reqs: ['API-56', 'MSG-01', 'MSG-08', 'LOBBY-08', 'LOBBY-09', 'AUTH-03'],
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/wps/relay/CSP_unreadCount',
    token: 'member',
    audience: 'real',
    response: z.object({ unreadMessage: z.number().int().nonnegative() }),
    summary: "The caller's unread message count",
    reqs: ['API-24', 'MSG-07', 'MSG-10'],
  }),
  roomList: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS2_roomList',
    token: 'none',
    response: z.array(ChatRoom),
    summary: 'Chat rooms',
    reqs: ['API-29'],
  }),
  liveModelList: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS2_liveModelList',
    token: 'optional',
    response: z.array(LiveModel),
    summary: 'Live models of the chat room',
    reqs: ['API-52', 'MEMBER-25'],
  }),
  launchChat: endpoint({
    method: 'POST',
    path: '/wps/relay/GLS2_launchChat',
    token: 'member',
    body: z.object({ roomId: z.string().min(1).max(64), modelId: z.string().min(1).max(64).optional() }),
    response: z.object({ chatUrl: z.string() }),
    summary: 'Opens a chat session and returns its URL',
    reqs: ['API-53', 'MEMBER-25'],
  }),
} as const;
