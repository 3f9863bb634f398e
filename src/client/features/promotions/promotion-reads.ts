/** The cached reads a promotion changes: the lists, the reward centre and with it its badge. */
export const PROMOTION_READS = ['promotionList', 'rewardCenter'] as const;
