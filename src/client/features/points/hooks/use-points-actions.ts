import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/contract/http';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';

/** The reads a redeem changes besides the points held: the goods' stock, the redeem history and the points details. */
const REDEEM_READS = ['pointsRewardList', 'pointsRedeemList', 'pointsTransactions'] as const;
/**
 * The reads a conversion changes besides the points held: the points details. The wallet balance in
 * the header follows the ledger's `balance:updated` push, as after every other wallet action.
 */
const CONVERT_READS = ['pointsTransactions'] as const;

/** Both answers carry the points left: the header shows them at once, and the other reads are asked again. */
const useAfterPointsChange = () => {
  const queryClient = useQueryClient();
  return (pointsLeft: number, stale: readonly string[]) => {
    queryClient.setQueriesData<ResponseOf<'pointsBalance'>>({ queryKey: ['pointsBalance'] }, () => ({ points: pointsLeft }));
    for (const key of stale) void queryClient.invalidateQueries({ queryKey: [key] });
  };
};

/** API-59: redeems goods (encrypted, payment password checked by the server). */
export const useRedeem = () => {
  const api = useApi();
  const after = useAfterPointsChange();
  return useMutation<ResponseOf<'pointsRedeem'>, ApiCallError, BodyOf<'pointsRedeem'>>({
    mutationFn: (body) => api.call('pointsRedeem', { body }),
    onSuccess: (reply) => after(reply.points, REDEEM_READS),
  });
};

/** API-63: converts points into wallet balance (encrypted, payment password checked by the server). */
export const useConvertPoints = () => {
  const api = useApi();
  const after = useAfterPointsChange();
  return useMutation<ResponseOf<'pointsConvert'>, ApiCallError, BodyOf<'pointsConvert'>>({
    mutationFn: (body) => api.call('pointsConvert', { body }),
    onSuccess: (reply) => after(reply.points, CONVERT_READS),
  });
};
