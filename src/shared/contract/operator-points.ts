import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money, RowId } from './envelope';
import { pagedOf, pageQuery } from './paging';
import { text } from './auth';
import { RedeemRecord, RedeemStatus, Reward } from './points';

const MemberAccount = text().trim().min(1).max(64).describe("the member's account name");
const Reason = text().trim().min(3).max(500);
const Points = z.number().int().nonnegative();

/** A redeem order as the operator reviews it: the player's record, who asked and where the goods go. */
export const OpsRedeemOrder = RedeemRecord.extend({
  memberId: z.number().int(),
  account: z.string(),
  rewardId: z.number().int(),
  address: z.string(),
  mobileNum: z.string(),
  reviewedAt: z.string().nullable(),
  note: z.string().nullable().describe('the approval note or the rejection reason'),
});
export type OpsRedeemOrder = z.infer<typeof OpsRedeemOrder>;

export const OpsReward = Reward.extend({ active: z.boolean().describe('shown in the points mall') });
export type OpsReward = z.infer<typeof OpsReward>;

export const SaveRewardRequest = z.object({
  rewardId: RowId.optional().describe('absent: a new goods item'),
  name: text().trim().min(1).max(120),
  type: text().trim().min(1).max(32).describe('goods category, e.g. PHYSICAL or VOUCHER'),
  imageUrl: text().trim().max(2048).default(''),
  description: text().trim().max(20_000).default('').describe('HTML goods details (sanitised by the client)'),
  pointsRequired: z.number().int().positive().max(100_000_000),
  amountRequired: Money.min(0).max(1_000_000).default(0).describe('cash paid from the main wallet besides the points, per item'),
  stock: z.number().int().nonnegative().max(1_000_000),
  active: z.boolean().default(true),
});
export type SaveRewardRequest = z.infer<typeof SaveRewardRequest>;

export const PointsSettings = z.object({
  ratio: z.number().positive().max(1_000_000).describe('points per currency unit when converting points to balance'),
  minConvertPoints: Points.max(100_000_000),
  earnPointsPerUnit: z.number().min(0).max(1_000).describe('points earned per currency unit of settled bets (0: none)'),
  rules: text().max(20_000).describe('HTML points rules shown to players'),
});
export type PointsSettings = z.infer<typeof PointsSettings>;

export const operatorPointsEndpoints = {
  opsRedeemOrders: endpoint({
    method: 'GET',
    path: '/ops/points/redeems',
    token: 'operator',
    query: z.object({ ...pageQuery(20, 100), status: RedeemStatus.optional(), account: MemberAccount.optional() }),
    response: pagedOf(OpsRedeemOrder),
    summary: 'Points redeem orders, newest first',
    reqs: ['MEMBER-08'],
  }),
  opsApproveRedeem: endpoint({
    method: 'POST',
    path: '/ops/points/redeems/approve',
    token: 'operator',
    body: z.object({ referenceNo: text().trim().min(1).max(40), note: text().trim().max(500).optional() }),
    response: OpsRedeemOrder,
    summary: 'Approves an in-process redeem order (the goods are sent; the player is told)',
    reqs: ['MEMBER-08'],
  }),
  opsRejectRedeem: endpoint({
    method: 'POST',
    path: '/ops/points/redeems/reject',
    token: 'operator',
    body: z.object({ referenceNo: text().trim().min(1).max(40), reason: Reason }),
    response: OpsRedeemOrder,
    summary: 'Rejects an in-process redeem order: its points, cash and stock go back; the player is told',
    reqs: ['MEMBER-08'],
  }),
  opsRewards: endpoint({
    method: 'GET',
    path: '/ops/points/rewards',
    token: 'operator',
    response: z.array(OpsReward),
    summary: 'Every goods item of the points mall, shown or not',
  }),
  opsSaveReward: endpoint({
    method: 'POST',
    path: '/ops/points/rewards',
    token: 'operator',
    body: SaveRewardRequest,
    response: OpsReward,
    summary: 'Adds a goods item or changes one',
  }),
  opsPointsSettings: endpoint({
    method: 'GET',
    path: '/ops/points/settings',
    token: 'operator',
    response: PointsSettings,
    summary: 'The points conversion ratio, the conversion minimum, the earning rate and the rules text',
  }),
  opsSavePointsSettings: endpoint({
    method: 'POST',
    path: '/ops/points/settings',
    token: 'operator',
    body: PointsSettings,
    response: PointsSettings,
    summary: 'Changes the points settings',
  }),
  opsAdjustPoints: endpoint({
    method: 'POST',
    path: '/ops/points/adjustments',
    token: 'operator',
    body: z.object({
      account: MemberAccount,
      points: z
        .number()
        .int()
        .min(-1_000_000_000_000)
        .max(1_000_000_000_000)
        .refine((v) => v !== 0, 'not zero')
        .describe('signed: positive credits, negative debits; a member holds at most 1,000,000,000,000 points'),
      reason: Reason,
      requestId: z.uuid().optional().describe('resent unchanged on a retry: the adjustment is made once'),
    }),
    response: z.object({ points: Points }),
    summary: "Adjusts a member's points with a reason (kept in the points details)",
  }),
} as const;
