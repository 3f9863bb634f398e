import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { LaunchGameRequest } from '@shared/contract/games';
import type { ResponseOf } from '@shared/contract/http';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';

export type InPageLaunch = UseQueryResult<ResponseOf<'launchGame'>, ApiCallError>;

/**
 * Launches a game to play inside the page (the lottery and seamless pages), not in the game popup.
 * One launch per request: kept while the page shows it (a re-render or a second mount does not
 * open a second session), dropped when the page goes, so coming back starts a fresh session.
 * A launch is recorded among the recent games, so those lists are refreshed. `refetch` retries.
 */
export const useInPageLaunch = (request: LaunchGameRequest | null): InPageLaunch => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery<ResponseOf<'launchGame'>, ApiCallError>({
    queryKey: ['inPageLaunch', request],
    queryFn: async () => {
      const launch = await api.call('launchGame', { body: request! });
      void queryClient.invalidateQueries({ queryKey: ['vnLotteryRecent'] });
      void queryClient.invalidateQueries({ queryKey: ['recentGames'] });
      return launch;
    },
    enabled: request !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
};
