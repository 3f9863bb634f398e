import type { promotionsEndpoints } from '@shared/contract/promotions';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import { realAccount } from '../../auth/member-guards';
import type { AreaHandlers } from '../../http/register-contract';
import { readApplicationImage } from '../../services/promotions/operator';
import { applyForPromotion, claimBonus, claimRaffle, joinPromotion, listPromotions, rewardCenter } from '../../services/promotions/promotions';

type PromotionsKeys = keyof typeof promotionsEndpoints;

/**
 * Promotions and the reward centre (MEMBER-10..14, API-51). The list is public (a signed-in caller
 * sees its own status in each); joining, applying, claiming and drawing are a real account's own.
 */
export const promotionsHandlers = (ctx: AppContext): AreaHandlers<PromotionsKeys> => ({
  promotionList: async ({ member, query }) => ({ list: await listPromotions(ctx.db, member && member.type !== TRIAL_TYPE ? member.id : null, query.type) }),
  rewardCenter: async ({ member }) => rewardCenter(ctx.db, realAccount(member).id),
  promotionJoin: async ({ member, body }) => joinPromotion(ctx, realAccount(member).id, body.promotionId),
  promotionApply: async ({ member, body }) => applyForPromotion(ctx, realAccount(member).id, body),
  promotionClaim: async ({ member, body }) => claimBonus(ctx, realAccount(member).id, body.promotionId),
  promotionImage: async ({ member, query }) => readApplicationImage(ctx, query.imageId, realAccount(member).id),
  raffleClaim: async ({ member, body }) => claimRaffle(ctx, realAccount(member).id, body.promotionId),
});
