import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money, RowId } from './envelope';

/** Raffles and missions of the promotions pages (not built yet: each answers 501, see http/pending.ts). */
export const promotionsEndpoints = {
  raffleClaim: endpoint({
    method: 'POST',
    path: '/wps/relay/PRM_raffleClaim',
    token: 'member',
    body: z.object({ promotionId: RowId }),
    response: z.object({ prizeName: z.string(), amount: Money, balance: Money }),
    summary: 'Claims the prize of a raffle promotion',
    reqs: ['API-51', 'MEMBER-14'],
  }),
  missionSummary: endpoint({
    method: 'GET',
    path: '/wps/relay/MSN_missionSummary',
    token: 'member',
    response: z.object({
      totalMissions: z.number().int().nonnegative(),
      completedMissions: z.number().int().nonnegative(),
      claimableRewards: z.number().int().nonnegative().describe('count shown on the missionLeaderboard badge'),
    }),
    summary: "The caller's mission progress",
    reqs: ['API-54', 'MEMBER-04', 'MEMBER-17'],
  }),
  missionLeaderboard: endpoint({
    method: 'GET',
    path: '/wps/relay/MSN_missionLeaderboard',
    token: 'optional',
    query: z.object({ limitNum: z.coerce.number().int().min(1).max(100).default(20) }),
    response: z.object({
      list: z.array(z.object({ rank: z.number().int().positive(), customerName: z.string(), score: z.number() })),
      self: z.object({ rank: z.number().int().positive(), score: z.number() }).nullable(),
    }),
    summary: "Mission leaderboard, with the caller's own place when signed in",
    reqs: ['API-55', 'MEMBER-17'],
  }),
} as const;
