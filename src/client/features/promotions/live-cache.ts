import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, type EventObject } from 'xstate';
import type { LiveBusInput } from '@machines/app/bus-bridge';
import { PROMOTION_READS } from './promotion-reads';

/**
 * Keeps the promotion reads in step with the bus (no polling): an operator's answer to an
 * application (`promotion:changed`) or a reconnect after missed events marks the promotion lists
 * and the reward centre stale, so its count (the rewardCenter badge, the bell) follows at once.
 */
export const createPromotionsLiveCacheLogic = (queryClient: QueryClient) =>
  fromCallback<EventObject, LiveBusInput>(({ input: { bus } }) => {
    const stale = () => {
      for (const key of PROMOTION_READS) void queryClient.invalidateQueries({ queryKey: [key] });
    };
    const subscriptions = [bus.on$('promotion:changed').subscribe(stale), bus.resynced$.subscribe(stale)];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  });
