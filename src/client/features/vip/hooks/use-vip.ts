import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/contract/http';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';

/** Claims an upgrade bonus (MEMBER-16); the VIP status reads again, the header balance follows the ledger's `balance:updated` push. */
export const useClaimVipBonus = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<ResponseOf<'vipClaim'>, ApiCallError, BodyOf<'vipClaim'>>({
    mutationFn: (body) => api.call('vipClaim', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['vipStatus'] }),
  });
};
