import { z } from 'zod';
import { text } from './auth';
import { endpoint } from './endpoint';
import { Money, RowId } from './envelope';

/** A mission counts per calendar day or per week (Monday to Sunday), in the platform time zone. */
export const MISSION_PERIODS = ['DAILY', 'WEEKLY'] as const;
export const MissionPeriod = z.enum(MISSION_PERIODS);
export type MissionPeriod = z.infer<typeof MissionPeriod>;

/** What a mission counts: settled bet amount, settled rounds, deposit amount credited. */
export const MISSION_GOALS = ['BET_AMOUNT', 'BET_ROUNDS', 'DEPOSIT_AMOUNT'] as const;
export const MissionGoal = z.enum(MISSION_GOALS);
export type MissionGoal = z.infer<typeof MissionGoal>;

/** A mission's reward: points (the points journal) or cash (the main wallet, a promotion bonus). */
export const MISSION_REWARDS = ['POINTS', 'CASH'] as const;
export const MissionRewardKind = z.enum(MISSION_REWARDS);
export type MissionRewardKind = z.infer<typeof MissionRewardKind>;

const Count = z.number().int().nonnegative();
const Amount = z.number().nonnegative().describe('a currency amount (2 places) for BET_AMOUNT and DEPOSIT_AMOUNT, a count of rounds for BET_ROUNDS');

export const Mission = z.object({
  missionId: z.number().int(),
  title: z.string(),
  description: z.string(),
  period: MissionPeriod,
  goal: MissionGoal,
  target: Amount,
  progress: Amount.describe('counted so far in the current period, never above the target'),
  rewardKind: MissionRewardKind,
  reward: z.number().nonnegative().describe('points, or a currency amount for CASH'),
  periodEnd: z.string().describe('when the current period ends (ISO 8601)'),
  completed: z.boolean(),
  claimed: z.boolean().describe('the reward of the current period is taken'),
  claimable: z.boolean().describe('completed, not claimed, and the account may claim (a trial account may not)'),
});
export type Mission = z.infer<typeof Mission>;

export const MissionSummary = z.object({
  totalMissions: Count,
  completedMissions: Count,
  claimableRewards: Count.describe('count shown on the missionLeaderboard badge'),
});
export type MissionSummary = z.infer<typeof MissionSummary>;

export const MissionLeaderboard = z.object({
  list: z.array(z.object({ rank: z.number().int().positive(), customerName: z.string(), score: z.number() })),
  self: z.object({ rank: z.number().int().positive(), score: z.number() }).nullable(),
});
export type MissionLeaderboard = z.infer<typeof MissionLeaderboard>;

/** Missions of the member center (MEMBER-17, API-54, API-55): progress per period, claims, and the week's leaderboard. */
export const missionsEndpoints = {
  missionSummary: endpoint({
    method: 'GET',
    path: '/wps/relay/MSN_missionSummary',
    token: 'member',
    response: MissionSummary,
    summary: "The caller's mission progress",
    reqs: ['API-54', 'MEMBER-04', 'MEMBER-17'],
  }),
  missionLeaderboard: endpoint({
    method: 'GET',
    path: '/wps/relay/MSN_missionLeaderboard',
    token: 'optional',
    query: z.object({ limitNum: z.coerce.number().int().min(1).max(100).default(20) }),
    response: MissionLeaderboard,
    summary: "Mission leaderboard, with the caller's own place when signed in",
    reqs: ['API-55', 'MEMBER-17'],
  }),
  missionList: endpoint({
    method: 'GET',
    path: '/wps/relay/MSN_missionList',
    token: 'member',
    response: z.object({ list: z.array(Mission) }),
    summary: "The active missions with the caller's progress in their current period",
    reqs: ['MEMBER-17'],
  }),
  missionClaim: endpoint({
    method: 'POST',
    path: '/wps/relay/MSN_missionClaim',
    token: 'member',
    audience: 'real',
    body: z.object({ missionId: RowId }),
    response: z.object({
      missionId: z.number().int(),
      rewardKind: MissionRewardKind,
      reward: z.number().nonnegative(),
      points: Count.nullable().describe('the points held after a POINTS reward'),
      balance: Money.nullable().describe('the main wallet after a CASH reward'),
    }),
    summary: "Takes a completed mission's reward, once per period (MISSION_NOT_COMPLETE, MISSION_ALREADY_CLAIMED)",
    reqs: ['MEMBER-17'],
  }),
} as const;

export const OpsMission = z.object({
  missionId: z.number().int(),
  title: z.string(),
  description: z.string(),
  period: MissionPeriod,
  goal: MissionGoal,
  target: z.number().positive(),
  rewardKind: MissionRewardKind,
  reward: z.number().positive(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  claims: Count.describe('rewards taken, all periods'),
});
export type OpsMission = z.infer<typeof OpsMission>;

/** A currency amount the ledger can hold: at least one cent, in whole cents. */
const wholeCents = (v: number) => v >= 0.01 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

export const SaveMissionRequest = z
  .object({
    missionId: RowId.optional().describe('absent: a new mission'),
    title: text().trim().min(1).max(120),
    description: text().trim().max(2000).default(''),
    period: MissionPeriod,
    goal: MissionGoal,
    target: z.number().positive().max(100_000_000).describe('a currency amount, or a count of rounds for BET_ROUNDS'),
    rewardKind: MissionRewardKind,
    reward: z.number().positive().max(10_000_000).describe('points (whole), or a currency amount for CASH'),
    active: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((m) => (m.goal === 'BET_ROUNDS' ? Number.isInteger(m.target) : wholeCents(m.target)), {
    message: 'a count of rounds is whole, an amount is at least 0.01 with at most 2 places',
    path: ['target'],
  })
  .refine((m) => (m.rewardKind === 'POINTS' ? Number.isInteger(m.reward) : wholeCents(m.reward)), {
    message: 'points are whole, cash is at least 0.01 with at most 2 places',
    path: ['reward'],
  });
export type SaveMissionRequest = z.infer<typeof SaveMissionRequest>;

/** The operators' side: the missions and their definitions. */
export const operatorMissionsEndpoints = {
  opsMissions: endpoint({
    method: 'GET',
    path: '/ops/missions',
    token: 'operator',
    response: z.object({ list: z.array(OpsMission) }),
    summary: 'Every mission, active or not',
    reqs: ['MEMBER-17'],
  }),
  opsSaveMission: endpoint({
    method: 'POST',
    path: '/ops/missions',
    token: 'operator',
    body: SaveMissionRequest,
    response: OpsMission,
    summary: 'Creates or edits a mission',
    reqs: ['MEMBER-17'],
  }),
} as const;
