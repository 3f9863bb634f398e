import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/contract/http';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';
import { PROMOTION_READS } from '../promotion-reads';

const useRefreshPromotions = () => {
  const queryClient = useQueryClient();
  return () => {
    for (const key of PROMOTION_READS) void queryClient.invalidateQueries({ queryKey: [key] });
  };
};

/** Joins a promotion without review (MEMBER-11). */
export const useJoinPromotion = () => {
  const api = useApi();
  const refresh = useRefreshPromotions();
  return useMutation<ResponseOf<'promotionJoin'>, ApiCallError, BodyOf<'promotionJoin'>>({ mutationFn: (body) => api.call('promotionJoin', { body }), onSettled: refresh });
};

/** Applies with a comment and images (MEMBER-12). */
export const useApplyForPromotion = () => {
  const api = useApi();
  const refresh = useRefreshPromotions();
  return useMutation<ResponseOf<'promotionApply'>, ApiCallError, BodyOf<'promotionApply'>>({ mutationFn: (body) => api.call('promotionApply', { body }), onSettled: refresh });
};

/** Claims an issued bonus; the header balance follows the ledger's `balance:updated` push. */
export const useClaimBonus = () => {
  const api = useApi();
  const refresh = useRefreshPromotions();
  return useMutation<ResponseOf<'promotionClaim'>, ApiCallError, BodyOf<'promotionClaim'>>({ mutationFn: (body) => api.call('promotionClaim', { body }), onSettled: refresh });
};

/** Draws a raffle's prize (MEMBER-14, API-51). */
export const useRaffleClaim = () => {
  const api = useApi();
  const refresh = useRefreshPromotions();
  return useMutation<ResponseOf<'raffleClaim'>, ApiCallError, BodyOf<'raffleClaim'>>({ mutationFn: (body) => api.call('raffleClaim', { body }), onSettled: refresh });
};
