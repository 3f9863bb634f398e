import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/contract/http';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';

/** Opens one envelope (MEMBER-15); the list reads again, the header balance follows the ledger's `balance:updated` push. */
export const useGrabRedEnvelope = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<ResponseOf<'redEnvelopeGrab'>, ApiCallError, BodyOf<'redEnvelopeGrab'>>({
    mutationFn: (body) => api.call('redEnvelopeGrab', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['redEnvelopeList'] }),
  });
};
