import { z } from 'zod';
import { text } from './auth';
import { endpoint } from './endpoint';
import { Money, RowId, RowIdParam } from './envelope';
import { pagedOf, pageQuery } from './paging';
import { ApplicationImageFile, PromotionType } from './promotions';

/** An application's (or a join's) status as the operator sees it. */
export const ENTRY_STATUSES = ['APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED', 'SIGNED'] as const;
export const EntryStatus = z.enum(ENTRY_STATUSES);
export type EntryStatus = z.infer<typeof EntryStatus>;

export const RafflePrize = z.object({
  name: text().trim().min(1).max(80),
  amount: Money.min(0).max(1_000_000),
  weight: z.number().int().min(1).max(1_000_000).describe('relative chance of this prize'),
});

export const OpsPromotion = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  type: PromotionType,
  content: z.string(),
  imageUrl: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  needsApplication: z.boolean(),
  bonusAmount: Money,
  prizes: z.array(RafflePrize),
  active: z.boolean().describe('shown to players'),
  pendingApplications: z.number().int().nonnegative(),
});
export type OpsPromotion = z.infer<typeof OpsPromotion>;

export const SavePromotionRequest = z
  .object({
    promotionId: RowId.optional().describe('absent: a new promotion'),
    title: text().trim().min(1).max(120),
    type: PromotionType,
    content: text().trim().max(20_000).default('').describe('HTML details (sanitised by the client)'),
    imageUrl: text().trim().max(2048).default(''),
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
    needsApplication: z.boolean().default(false),
    bonusAmount: Money.min(0).max(1_000_000).default(0),
    prizes: z.array(RafflePrize).max(20).default([]).describe('RAFFLE: at least one'),
    active: z.boolean().default(true),
  })
  .refine((p) => new Date(p.endTime) > new Date(p.startTime), { message: 'endTime must be after startTime', path: ['endTime'] })
  .refine((p) => p.type !== 'RAFFLE' || p.prizes.length > 0, { message: 'a raffle needs at least one prize', path: ['prizes'] });
export type SavePromotionRequest = z.input<typeof SavePromotionRequest>;

export const OpsApplication = z.object({
  entryId: z.number().int(),
  promotionId: z.number().int(),
  promotionTitle: z.string(),
  memberId: z.number().int(),
  account: z.string(),
  status: EntryStatus,
  comment: z.string().nullable(),
  imageIds: z.array(z.number().int()),
  amount: Money,
  reason: z.string().nullable(),
  appliedAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type OpsApplication = z.infer<typeof OpsApplication>;

export const operatorPromotionsEndpoints = {
  opsPromotions: endpoint({
    method: 'GET',
    path: '/ops/promotions',
    token: 'operator',
    response: z.array(OpsPromotion),
    summary: 'Every promotion, shown or not, newest first',
    reqs: ['MEMBER-10'],
  }),
  opsSavePromotion: endpoint({
    method: 'POST',
    path: '/ops/promotions',
    token: 'operator',
    body: SavePromotionRequest,
    response: OpsPromotion,
    summary: 'Adds a promotion or changes one',
    reqs: ['MEMBER-10'],
  }),
  opsPromotionApplications: endpoint({
    method: 'GET',
    path: '/ops/promotions/applications',
    token: 'operator',
    query: z.object({ ...pageQuery(20, 100), status: EntryStatus.optional(), promotionId: RowIdParam.optional() }),
    response: pagedOf(OpsApplication),
    summary: 'Applications and joins, newest first',
    reqs: ['MEMBER-12'],
  }),
  opsApproveApplication: endpoint({
    method: 'POST',
    path: '/ops/promotions/applications/approve',
    token: 'operator',
    body: z.object({ entryId: RowId }),
    response: OpsApplication,
    summary: "Approves an application: its bonus is issued for the player to claim (SIGNED when there is none); the player is told",
    reqs: ['MEMBER-11', 'MEMBER-12'],
  }),
  opsRejectApplication: endpoint({
    method: 'POST',
    path: '/ops/promotions/applications/reject',
    token: 'operator',
    body: z.object({ entryId: RowId, reason: text().trim().min(3).max(500) }),
    response: OpsApplication,
    summary: 'Rejects an application with a reason; the player is told',
    reqs: ['MEMBER-11', 'MEMBER-12'],
  }),
  opsApplicationImage: endpoint({
    method: 'GET',
    path: '/ops/promotions/applications/image',
    token: 'operator',
    query: z.object({ imageId: RowIdParam }),
    response: ApplicationImageFile,
    summary: 'An image a player sent with an application',
    reqs: ['MEMBER-12'],
  }),
} as const;
