import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/contract/http';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';
import { useMissionCountRef } from '@client/state/app-actor';

/** The leaderboard's length on the member page; the home screen shows its top few. */
export const LEADERBOARD_SIZE = 20;

/** The reads a claim changes: the missions, the summary, the board, and the points held (a points reward). */
const CLAIM_READS = ['missionList', 'missionSummary', 'missionLeaderboard', 'pointsBalance'] as const;

/**
 * API-54: the caller's mission summary. Every read also feeds the missionLeaderboard badge
 * (MEMBER-04), as the message list feeds the unread badge, so the two never disagree.
 */
export const useMissionSummary = (enabled = true) => {
  const api = useApi();
  const countRef = useMissionCountRef();
  return useQuery<ResponseOf<'missionSummary'>, ApiCallError>({
    queryKey: ['missionSummary', null],
    queryFn: async () => {
      const summary = await api.call('missionSummary');
      countRef?.send({ type: 'missionCount.set', claimableRewards: summary.claimableRewards });
      return summary;
    },
    enabled,
  });
};

/** MEMBER-17: takes a completed mission's reward; the reads it changes are asked again. */
export const useClaimMission = () => {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation<ResponseOf<'missionClaim'>, ApiCallError, number>({
    mutationFn: (missionId) => api.call('missionClaim', { body: { missionId } }),
    onSettled: () => {
      for (const key of CLAIM_READS) void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
};
