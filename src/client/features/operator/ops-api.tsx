import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { toErrorCode } from '@shared/contract/errors';
import type { EndpointKey, ResponseOf } from '@shared/contract/http';
import { storedMerchantCode } from '@client/lib/merchant-code';
import { createApiClient, type ApiCallError, type ApiClient, type CallInput } from '@client/lib/api-client';
import { currentLanguage } from '@client/lib/i18n';
import { endOpsSession, readOpsToken } from './ops-session';

/** What the console needs of an API client; tests provide a fake. */
export type OpsApi = Pick<ApiClient, 'call'>;

/** The operator area's own client: it carries the operator token, never the player's. */
export const opsApi: ApiClient = createApiClient({
  getToken: readOpsToken,
  getLanguage: currentLanguage,
  // The site's merchant code, which the app remembers as soon as the site's configuration loads.
  getMerchant: storedMerchantCode,
});

const OpsApiContext = createContext<OpsApi>(opsApi);

export function OpsApiProvider({ api, children }: { api: OpsApi; children: ReactNode }) {
  return <OpsApiContext.Provider value={api}>{children}</OpsApiContext.Provider>;
}

/** Rows per page of the console's paged lists. */
export const OPS_PAGE_SIZE = 20;

/** Every cached operator read lives under this key, so one invalidation refreshes the console. */
const OPS_QUERY_ROOT = 'ops';

const endsSession = (error: unknown): boolean => ['UNAUTHORIZED', 'SESSION_EXPIRED'].includes(toErrorCode(error));

/** The operator API; a call the server refuses for want of a valid operator token ends the session. */
export const useOpsApi = (): OpsApi => {
  const api = useContext(OpsApiContext);
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      call: async <K extends EndpointKey>(key: K, input?: CallInput<K>): Promise<ResponseOf<K>> => {
        try {
          return await api.call(key, input);
        } catch (error) {
          if (key !== 'operatorLogin' && endsSession(error)) {
            endOpsSession('expired');
            queryClient.removeQueries({ queryKey: [OPS_QUERY_ROOT] });
          }
          throw error;
        }
      },
    }),
    [api, queryClient],
  );
};

/** A read of the operator API, fetched afresh each time a page opens. */
export const useOpsQuery = <K extends EndpointKey>(key: K, input?: CallInput<K>): UseQueryResult<ResponseOf<K>, ApiCallError> => {
  const api = useOpsApi();
  return useQuery<ResponseOf<K>, ApiCallError>({
    queryKey: [OPS_QUERY_ROOT, key, input ?? null],
    queryFn: () => api.call(key, input),
    staleTime: 0,
  });
};

/**
 * An operator action: the call, then every operator list and figure read again, so the page
 * shows what the server now holds. Resolves once both are done; rejects with the call's error.
 */
export const useOpsAction = () => {
  const api = useOpsApi();
  const queryClient = useQueryClient();
  return async <K extends EndpointKey>(key: K, input?: CallInput<K>): Promise<ResponseOf<K>> => {
    const result = await api.call(key, input);
    await queryClient.invalidateQueries({ queryKey: [OPS_QUERY_ROOT] });
    return result;
  };
};

/** Drops every cached operator read (sign-out). */
export const useForgetOpsData = () => {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: [OPS_QUERY_ROOT] });
};
