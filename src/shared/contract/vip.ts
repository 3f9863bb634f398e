import { z } from 'zod';
import { text } from './auth';
import { endpoint } from './endpoint';
import { Money, RowId } from './envelope';

/**
 * VIP levels (MEMBER-16). Operators define the levels: a rank (1 is the first), a name, the lifetime
 * valid turnover (settled stakes) that reaches it and an upgrade bonus paid once on reaching it. A
 * member's level is the highest whose turnover their settled stakes reach; it never goes down.
 */
export const VipLevel = z.object({
  rank: z.number().int().positive(),
  name: z.string(),
  turnover: Money.describe('lifetime settled stakes that reach this level'),
  upgradeBonus: Money.describe('paid once on reaching the level (0: none)'),
});
export type VipLevel = z.infer<typeof VipLevel>;

export const VipBonus = z.object({
  bonusId: z.number().int(),
  rank: z.number().int().positive(),
  name: z.string(),
  amount: Money,
  issuedAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type VipBonus = z.infer<typeof VipBonus>;

export const VipStatus = z.object({
  levels: z.array(VipLevel).describe('every level, lowest rank first; empty while VIP is not enabled'),
  rank: z.number().int().nonnegative().describe("the member's level (0: none reached yet)"),
  name: z.string().describe("the level's name ('' while none is reached)"),
  turnover: Money.describe('lifetime settled stakes so far'),
  next: z
    .object({ rank: z.number().int().positive(), name: z.string(), turnover: Money, needed: Money.describe('settled stakes still to go') })
    .nullable()
    .describe('the next level up (null at the top)'),
  bonuses: z.array(VipBonus).describe('upgrade bonuses issued, newest first'),
  claimableCount: z.number().int().nonnegative(),
});
export type VipStatus = z.infer<typeof VipStatus>;

/** VIP for players (MEMBER-16). */
export const vipEndpoints = {
  vipStatus: endpoint({
    method: 'GET',
    path: '/wps/relay/VIP_status',
    token: 'member',
    audience: 'real',
    response: VipStatus,
    summary: "The VIP levels and the caller's level, turnover, next level and upgrade bonuses (bonuses of levels newly reached are issued by this read)",
    reqs: ['MEMBER-16'],
  }),
  vipClaim: endpoint({
    method: 'POST',
    path: '/wps/relay/VIP_claim',
    token: 'member',
    audience: 'real',
    body: z.object({ bonusId: RowId }),
    response: z.object({ amount: Money, balance: Money }),
    summary: 'Credits an upgrade bonus to the main wallet, once (a repeat returns the first)',
    reqs: ['MEMBER-16'],
  }),
} as const;

export const OpsVipLevel = VipLevel.extend({
  levelId: z.number().int(),
  reachedCount: z.number().int().nonnegative().describe('members who have reached it'),
});
export type OpsVipLevel = z.infer<typeof OpsVipLevel>;

/** At most this many levels. */
export const VIP_MAX_RANK = 100;

export const SaveVipLevelRequest = z.object({
  levelId: RowId.optional().describe('absent: a new level'),
  rank: z.number().int().min(1).max(VIP_MAX_RANK),
  name: text().trim().min(1).max(40),
  turnover: Money.min(0).max(1_000_000_000),
  upgradeBonus: Money.min(0).max(10_000_000).default(0),
});
export type SaveVipLevelRequest = z.input<typeof SaveVipLevelRequest>;

/** The operators' side: the levels, defined, changed and removed (a level nobody has reached). */
export const operatorVipEndpoints = {
  opsVipLevels: endpoint({
    method: 'GET',
    path: '/ops/vip-levels',
    token: 'operator',
    response: z.array(OpsVipLevel),
    summary: 'Every VIP level, lowest rank first, with how many members have reached it',
    reqs: ['MEMBER-16'],
  }),
  opsSaveVipLevel: endpoint({
    method: 'POST',
    path: '/ops/vip-levels',
    token: 'operator',
    body: SaveVipLevelRequest,
    response: OpsVipLevel,
    summary: 'Adds a level or changes one; a higher rank must need more turnover (CONFLICT otherwise, or for a rank taken)',
    reqs: ['MEMBER-16'],
  }),
  opsDeleteVipLevel: endpoint({
    method: 'POST',
    path: '/ops/vip-levels/delete',
    token: 'operator',
    body: z.object({ levelId: RowId }),
    response: z.object({ levelId: z.number().int() }),
    summary: 'Removes a level nobody has reached (INVALID_STATE otherwise)',
    reqs: ['MEMBER-16'],
  }),
} as const;
