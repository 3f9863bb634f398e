import type { missionsEndpoints } from '@shared/contract/missions';
import type { AppContext } from '../../app-context';
import { realAccount, signedIn } from '../../auth/member-guards';
import type { AreaHandlers } from '../../http/register-contract';
import { claimMission, memberMissions, missionLeaderboard, summaryOf } from '../../services/missions/missions';

type MissionsKeys = keyof typeof missionsEndpoints;

/**
 * Missions (MEMBER-17, API-54, API-55). The list and the summary are every member's (a trial account
 * sees its progress and can claim nothing); a claim is a real account's (TRIAL_ACCOUNT otherwise);
 * the leaderboard is public, with the caller's own place when signed in.
 */
export const missionsHandlers = (ctx: AppContext): AreaHandlers<MissionsKeys> => ({
  missionSummary: async ({ member }) => summaryOf(await memberMissions(ctx.db, signedIn(member), ctx.config.PLATFORM_TIME_ZONE)),
  missionList: async ({ member }) => ({ list: await memberMissions(ctx.db, signedIn(member), ctx.config.PLATFORM_TIME_ZONE) }),
  missionClaim: async ({ member, body }) => claimMission(ctx, realAccount(member).id, body.missionId),
  missionLeaderboard: async ({ member, query }) =>
    missionLeaderboard(ctx.db, { limit: query.limitNum, selfId: member?.id ?? null, timeZone: ctx.config.PLATFORM_TIME_ZONE }),
});
