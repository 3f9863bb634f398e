import type { pointsEndpoints } from '@shared/contract/points';
import type { AppContext } from '../../app-context';
import { realAccount } from '../../auth/member-guards';
import type { AreaHandlers } from '../../http/register-contract';
import { convertPoints } from '../../services/points/conversion';
import { dayRangeOf, pointsOf, pointsTransactions } from '../../services/points/journal';
import { redeem, redeemList } from '../../services/points/redeems';
import { shownRewards } from '../../services/points/rewards';
import { fromMillionths, readPointsSettings } from '../../services/points/settings';

type PointsKeys = keyof typeof pointsEndpoints;

/**
 * The points mall (MEMBER-05..09, API-57..63). The goods and the rules are public; a member's points,
 * redeems, details and conversions are its own and refuse trial accounts (TRIAL_ACCOUNT), as every
 * real-money call does. Redeem and convert are encrypted and weigh the payment password first.
 */
export const pointsHandlers = (ctx: AppContext): AreaHandlers<PointsKeys> => ({
  pointsBalance: async ({ member }) => ({ points: await pointsOf(ctx.db, realAccount(member).id) }),
  pointsRewardList: async ({ query }) => shownRewards(ctx.db, query),
  pointsRedeem: async ({ member, body }) => redeem(ctx, realAccount(member).id, body),
  pointsRedeemList: async ({ member, query }) => redeemList(ctx.db, realAccount(member).id, query),
  pointsConfig: async () => {
    const settings = await readPointsSettings(ctx.db);
    return { ratio: fromMillionths(settings.ratioMillionths), minConvertPoints: settings.minConvertPoints, rules: settings.rules };
  },
  pointsTransactions: async ({ member, query }) => {
    const memberId = realAccount(member).id;
    return pointsTransactions(ctx.db, memberId, query, dayRangeOf(query, ctx.config.PLATFORM_TIME_ZONE));
  },
  pointsConvert: async ({ member, body }) => convertPoints(ctx, realAccount(member).id, body),
});
