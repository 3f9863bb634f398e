import { z } from 'zod';
import { endpoint } from './endpoint';

/** Upper bound the contract itself enforces; the configured bounds (permission.feedback) are tighter. */
export const FEEDBACK_CONTENT_HARD_MAX = 5000;

export const FEEDBACK_QUESTION_TYPES = [
  'ACCOUNT',
  'DEPOSIT',
  'WITHDRAWAL',
  'GAME',
  'PROMOTION',
  'TECHNICAL',
  'SUGGESTION',
  'OTHER',
] as const;
export const FeedbackQuestionType = z.enum(FEEDBACK_QUESTION_TYPES);
export type FeedbackQuestionType = z.infer<typeof FeedbackQuestionType>;

export const FeedbackRequest = z.object({
  questionType: FeedbackQuestionType,
  content: z.string().trim().min(1).max(FEEDBACK_CONTENT_HARD_MAX),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;

export const FeedbackReceipt = z.object({ feedbackId: z.number().int().positive(), createdAt: z.string() });

export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_reg'] as const;
/** How a banner's target is read: a route of this site, an outside URL, a game type, or nothing to open. */
export const BANNER_LINKAGE_TYPES = ['NONE', 'INTERNAL', 'EXTERNAL', 'GAME_TYPE'] as const;
export const Banner = z.object({
  id: z.number().int(),
  url: z.string().describe('image URL, relative to an image CDN'),
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  linkTarget: z.string().nullable(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
});
export type Banner = z.infer<typeof Banner>;

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

export const contentEndpoints = {
  feedback: endpoint({
    method: 'PUT',
    path: '/wps/feedback',
    token: 'optional',
    body: FeedbackRequest,
    response: FeedbackReceipt,
    summary: 'Send feedback: a question type and content within the configured length bounds',
    reqs: ['API-25', 'MEMBER-19', 'VAL-38'],
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
