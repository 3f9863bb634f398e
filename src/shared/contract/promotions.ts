import { z } from 'zod';
import { text } from './auth';
import { endpoint } from './endpoint';
import { Money, RowId, RowIdParam } from './envelope';
import { PROOF_MAX_BYTES, PROOF_MAX_COUNT, ProofImageFile } from './wallet-payments';

/** Promotion types: the promotions page filters by them (MEMBER-10). */
export const PROMOTION_TYPES = ['DEPOSIT', 'REBATE', 'RAFFLE', 'OTHER'] as const;
export const PromotionType = z.enum(PROMOTION_TYPES);
export type PromotionType = z.infer<typeof PromotionType>;

/**
 * A promotion's status for the caller (MEMBER-11). COMING_SOON before its start, CLOSE after its end
 * (unless the player still has a bonus to claim), JOIN while open and not joined (guests always see
 * JOIN), APPLYING while an application waits for review, REJECTED, ISSUED (a bonus waits to be
 * claimed), CLAIMED (the bonus or the raffle prize is in the wallet), SIGNED (joined, nothing to
 * claim), PROCESS (an open raffle the player may draw now).
 */
export const PROMOTION_STATUSES = ['JOIN', 'APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED', 'PROCESS', 'SIGNED', 'CLOSE', 'COMING_SOON'] as const;
export const PromotionStatus = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof PromotionStatus>;

/** An application comment has at most 140 characters (VAL-40); images as for withdrawal proofs (VAL-41). */
export const APPLICATION_COMMENT_MAX = 140;
export const APPLICATION_IMAGE_MAX_BYTES = PROOF_MAX_BYTES;
export const APPLICATION_IMAGE_MAX_COUNT = PROOF_MAX_COUNT;
/** The apply call carries up to 3 images of 5 MB as base64. */
export const APPLICATION_BODY_LIMIT = APPLICATION_IMAGE_MAX_COUNT * (Math.ceil((APPLICATION_IMAGE_MAX_BYTES * 4) / 3) + 64) + 64 * 1024;

export const Promotion = z.object({
  promotionId: z.number().int(),
  title: z.string(),
  type: PromotionType,
  content: z.string().describe('HTML details'),
  imageUrl: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  needsApplication: z.boolean().describe('joining takes an application an operator reviews'),
  bonusAmount: Money.describe('credited when joined or approved (0: none)'),
  prizes: z.array(z.object({ name: z.string(), amount: Money })).describe('RAFFLE: the prizes one draw can give'),
  status: PromotionStatus,
  entry: z
    .object({
      comment: z.string().nullable(),
      reason: z.string().nullable().describe('the rejection reason'),
      amount: Money.describe('the bonus or prize credited or to claim'),
      prizeName: z.string().nullable(),
      appliedAt: z.string(),
      imageIds: z.array(z.number().int()).describe('the images sent with the application'),
    })
    .nullable()
    .describe("the caller's entry, if any"),
});
export type Promotion = z.infer<typeof Promotion>;

const ApplicationImage = z
  .string()
  .max(Math.ceil((APPLICATION_IMAGE_MAX_BYTES * 4) / 3) + 64)
  .describe('base64 of the png or jpg file (a data: URL prefix is accepted)');

export const PromotionApplyRequest = z.object({
  promotionId: RowId,
  comment: text().trim().max(APPLICATION_COMMENT_MAX).default(''),
  images: z.array(ApplicationImage).max(APPLICATION_IMAGE_MAX_COUNT).default([]),
});
export type PromotionApplyRequest = z.input<typeof PromotionApplyRequest>;

/** One image sent with an application, as its sender and the operators read it. */
export const ApplicationImageFile = ProofImageFile.omit({ proofId: true }).extend({ imageId: z.number().int() });

/** Promotions, the reward centre, applications and raffles (MEMBER-10..14). Missions are in missions.ts. */
export const promotionsEndpoints = {
  promotionList: endpoint({
    method: 'GET',
    path: '/wps/relay/PRM_promotionList',
    token: 'optional',
    query: z.object({ type: PromotionType.optional() }),
    response: z.object({ list: z.array(Promotion) }),
    summary: "Promotions on show, optionally of one type, with the signed-in caller's status in each",
    reqs: ['MEMBER-10', 'MEMBER-11'],
  }),
  rewardCenter: endpoint({
    method: 'GET',
    path: '/wps/relay/PRM_rewardCenter',
    token: 'member',
    audience: 'real',
    response: z.object({
      list: z.array(Promotion),
      claimableCount: z.number().int().nonnegative().describe('bonuses to claim and raffles to draw: the rewardCenter badge'),
    }),
    summary: 'The promotions open to the caller (running, or with something to claim), each with its status',
    reqs: ['MEMBER-13', 'MEMBER-04'],
  }),
  promotionJoin: endpoint({
    method: 'POST',
    path: '/wps/relay/PRM_join',
    token: 'member',
    audience: 'real',
    body: z.object({ promotionId: RowId }),
    response: Promotion,
    summary: 'Joins a promotion that needs no application (SIGNED, or ISSUED when it has a bonus)',
    reqs: ['MEMBER-11'],
  }),
  promotionApply: endpoint({
    method: 'POST',
    path: '/wps/relay/PRM_apply',
    token: 'member',
    audience: 'real',
    body: PromotionApplyRequest,
    bodyLimit: APPLICATION_BODY_LIMIT,
    response: Promotion,
    summary: 'Applies for a promotion with a comment and up to 3 png or jpg images (APPLYING until reviewed)',
    reqs: ['MEMBER-12', 'VAL-40', 'VAL-41'],
  }),
  promotionClaim: endpoint({
    method: 'POST',
    path: '/wps/relay/PRM_claim',
    token: 'member',
    audience: 'real',
    body: z.object({ promotionId: RowId }),
    response: z.object({ amount: Money, balance: Money }),
    summary: 'Claims an issued bonus into the main wallet (once; a repeat returns the first answer)',
    reqs: ['MEMBER-11', 'MEMBER-13'],
  }),
  promotionImage: endpoint({
    method: 'GET',
    path: '/wps/relay/PRM_applicationImage',
    token: 'member',
    audience: 'real',
    query: z.object({ imageId: RowIdParam }),
    response: ApplicationImageFile,
    summary: 'One image the caller sent with an application (another member\'s is NOT_FOUND)',
    reqs: ['MEMBER-12'],
  }),
  raffleClaim: endpoint({
    method: 'POST',
    path: '/wps/relay/PRM_raffleClaim',
    token: 'member',
    audience: 'real',
    body: z.object({ promotionId: RowId }),
    response: z.object({ prizeName: z.string(), amount: Money, balance: Money }),
    summary: 'Draws the prize of a raffle promotion, once per player (a repeat returns the first prize)',
    reqs: ['API-51', 'MEMBER-14'],
  }),
} as const;
