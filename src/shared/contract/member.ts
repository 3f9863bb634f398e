import { z } from 'zod';
import { endpoint } from './endpoint';

/** Avatar icons are numbered 1..MEMBER_ICON_COUNT (images in public/, drawn by the client). */
export const MEMBER_ICON_COUNT = 12;
export const IconId = z.number().int().min(1).max(MEMBER_ICON_COUNT);

export const MemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int().describe('account type: 0 player, 1/2/41/42 agent, 4 trial'),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  iconId: IconId,
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  totpEnabled: z.boolean(),
  paymentPasswordSet: z.boolean(),
  createdAt: z.string().describe('ISO timestamp'),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

export const MemberIcon = z.object({ iconId: IconId });
export type MemberIcon = z.infer<typeof MemberIcon>;

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

export const memberEndpoints = {
  memberInfo: endpoint({
    method: 'GET',
    path: '/wps/member/info',
    token: 'member',
    response: MemberInfo,
    summary: 'The logged-in member (id, account, nickname, type and profile)',
    reqs: ['API-07', 'AUTH-09', 'AUTH-16'],
  }),
  memberIcon: endpoint({
    method: 'GET',
    path: '/wps/member/info/icon',
    token: 'member',
    response: MemberIcon,
    summary: 'The avatar icon id',
    reqs: ['API-17'],
  }),
  memberIconUpdate: endpoint({
    method: 'PUT',
    path: '/wps/member/info/icon',
    token: 'member',
    audience: 'real',
    body: MemberIcon,
    response: MemberIcon,
    summary: 'Choose the avatar icon',
    reqs: ['API-17'],
  }),
  feedback: endpoint({
    method: 'PUT',
    path: '/wps/feedback',
    token: 'optional',
    body: FeedbackRequest,
    response: FeedbackReceipt,
    summary: 'Send feedback: a question type and content within the configured length bounds',
    reqs: ['API-25', 'MEMBER-19', 'VAL-38'],
  }),
} as const;
