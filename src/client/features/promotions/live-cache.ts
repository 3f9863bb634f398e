import type { QueryClient } from '@tanstack/react-query';
import { staleOnEvents } from '@client/state/stale-on-events';
import { PROMOTION_READS } from './promotion-reads';

/**
 * Keeps the promotion reads in step with the bus: an operator's answer to an application
 * (`promotion:changed`) marks the promotion lists and the reward centre stale, so its count
 * (the rewardCenter badge, the bell) follows at once.
 */
export const createPromotionsLiveCacheLogic = (queryClient: QueryClient) => staleOnEvents(queryClient, ['promotion:changed'], PROMOTION_READS);
