import type { Promotion } from '@shared/contract/promotions';

/** What the player can do with a promotion in its status; none for guests, who are asked to log in. */
export type PromotionAction = 'join' | 'apply' | 'reapply' | 'claim' | 'draw' | null;

export const actionOf = (promotion: Pick<Promotion, 'status' | 'type' | 'needsApplication' | 'endTime'>, now = Date.now()): PromotionAction => {
  switch (promotion.status) {
    case 'REJECTED':
      // A rejected application may be sent again while the promotion runs.
      return promotion.needsApplication && Date.parse(promotion.endTime) > now ? 'reapply' : null;
    case 'JOIN':
      if (promotion.type === 'RAFFLE') return 'draw';
      return promotion.needsApplication ? 'apply' : 'join';
    case 'PROCESS':
      return 'draw';
    case 'ISSUED':
      return 'claim';
    default:
      return null;
  }
};

/** The status tag's look (the shared status-tag classes): something to do or done, waiting, refused, or over. */
export const toneOf = (status: Promotion['status']): 'success' | 'pending' | 'danger' | 'neutral' => {
  if (status === 'JOIN' || status === 'ISSUED' || status === 'PROCESS' || status === 'CLAIMED' || status === 'SIGNED') return 'success';
  if (status === 'APPLYING' || status === 'COMING_SOON') return 'pending';
  if (status === 'REJECTED') return 'danger';
  return 'neutral';
};
