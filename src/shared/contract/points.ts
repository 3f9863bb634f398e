import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money, RowId } from './envelope';
import { pageQuery, TotalPages } from './paging';

/** Redeem statuses: in process, approved, rejected (MEMBER-08). */
export const REDEEM_STATUSES = ['PROCESSING', 'APPROVED', 'REJECTED'] as const;
export const RedeemStatus = z.enum(REDEEM_STATUSES);

const Points = z.number().int().nonnegative();
const PaymentPassword = z.string().min(1).max(64).describe('the withdrawal (payment) password');
const RequestId = z
  .uuid()
  .optional()
  .describe(
    'a new id per submit, resent unchanged on a retry: the same id and request return the first answer and move nothing again, ' +
      'the same id with another request is 409 IDEMPOTENCY_CONFLICT. Without one, the same request again within 10 seconds returns the first answer',
  );

export const Reward = z.object({
  rewardId: z.number().int(),
  name: z.string(),
  type: z.string().describe('goods category, e.g. PHYSICAL or VOUCHER'),
  imageUrl: z.string(),
  description: z.string().describe('HTML goods details'),
  pointsRequired: Points,
  amountRequired: Money,
  stock: z.number().int().nonnegative(),
});

export const RedeemRecord = z.object({
  referenceNo: z.string(),
  applyTime: z.string(),
  type: z.string(),
  name: z.string(),
  quantity: z.number().int().positive(),
  pointsRequired: Points,
  amountRequired: Money,
  status: RedeemStatus,
});

export const PointsTransaction = z.object({
  id: z.string(),
  time: z.string(),
  ratio: z.number().positive().describe('points per currency unit at the time'),
  redeemAmount: Money,
  balance: Points,
  change: z.number().int(),
  remark: z.string(),
});

export const RedeemRequest = z.object({
  rewardId: RowId,
  quantity: z.number().int().min(1).max(99),
  paymentPassword: PaymentPassword,
  address: z.string().trim().min(1).max(300).describe('receiving address'),
  mobileNum: z.string().regex(/^\+?[0-9]{6,20}$/),
  requestId: RequestId,
});

export const ConvertPointsRequest = z.object({ points: z.number().int().positive(), paymentPassword: PaymentPassword, requestId: RequestId });

export const pointsEndpoints = {
  pointsBalance: endpoint({
    method: 'GET',
    path: '/wps/relay/PTS_pointsBalance',
    token: 'member',
    audience: 'real',
    response: z.object({ points: Points }),
    summary: "The caller's points",
    reqs: ['API-57', 'MEMBER-05', 'MEMBER-09'],
  }),
  pointsRewardList: endpoint({
    method: 'GET',
    path: '/wps/relay/PTS_rewardList',
    token: 'optional',
    query: z.object({ ...pageQuery(20, 100) }),
    response: z.object({ list: z.array(Reward), totalPages: TotalPages }),
    summary: 'Goods of the points mall',
    reqs: ['API-58', 'MEMBER-05'],
  }),
  pointsRedeem: endpoint({
    method: 'POST',
    path: '/wps/relay/PTS_redeem',
    token: 'member',
    audience: 'real',
    encrypted: true,
    body: RedeemRequest,
    response: z.object({ referenceNo: z.string(), status: RedeemStatus, points: Points }),
    summary: 'Redeems goods for points (payment password checked)',
    reqs: ['API-59', 'VAL-42', 'MEMBER-05'],
  }),
  pointsRedeemList: endpoint({
    method: 'GET',
    path: '/wps/relay/PTS_redeemList',
    token: 'member',
    audience: 'real',
    query: z.object({ ...pageQuery(10, 100), status: RedeemStatus.optional() }),
    response: z.object({ list: z.array(RedeemRecord), totalPages: TotalPages }),
    summary: "The caller's redeem history",
    reqs: ['API-60', 'MEMBER-07', 'MEMBER-08'],
  }),
  pointsConfig: endpoint({
    method: 'GET',
    path: '/wps/relay/PTS_pointsConfig',
    token: 'optional',
    response: z.object({
      ratio: z.number().positive().describe('points per currency unit when converting'),
      minConvertPoints: Points,
      rules: z.string().describe('HTML points rules'),
    }),
    summary: 'Points conversion ratio and rules',
    reqs: ['API-61', 'MEMBER-05'],
  }),
  pointsTransactions: endpoint({
    method: 'GET',
    path: '/wps/relay/PTS_pointsTransactions',
    token: 'member',
    audience: 'real',
    query: z.object({ ...pageQuery(10, 100), startDate: z.iso.date().optional(), endDate: z.iso.date().optional() }),
    response: z.object({ list: z.array(PointsTransaction), totalPages: TotalPages }),
    summary: "The caller's points details",
    reqs: ['API-62', 'MEMBER-06'],
  }),
  pointsConvert: endpoint({
    method: 'POST',
    path: '/wps/relay/PTS_convertPoints',
    token: 'member',
    audience: 'real',
    encrypted: true,
    body: ConvertPointsRequest,
    response: z.object({ points: Points, amount: Money, balance: Money }),
    summary: 'Converts points into wallet balance (payment password checked)',
    reqs: ['API-63'],
  }),
} as const;
