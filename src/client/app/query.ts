import { QueryClient, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { EndpointKey, ResponseOf } from '@shared/contract/http';
import type { ApiCallError, CallInput } from '@client/lib/api-client';
import { useApi } from './api-context';

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A refused or unknown call will not change by asking again; a network failure may.
        retry: (failures, error) => failures < 2 && ['NETWORK', 'TIMEOUT'].includes((error as ApiCallError).code),
      },
    },
  });

export interface ApiQueryOptions {
  enabled?: boolean;
}

/** A read through the contract table, cached by endpoint and input. */
export const useApiQuery = <K extends EndpointKey>(
  key: K,
  input?: CallInput<K>,
  options: ApiQueryOptions = {},
): UseQueryResult<ResponseOf<K>, ApiCallError> => {
  const api = useApi();
  return useQuery<ResponseOf<K>, ApiCallError>({
    queryKey: [key, input ?? null],
    queryFn: () => api.call(key, input),
    enabled: options.enabled ?? true,
  });
};
