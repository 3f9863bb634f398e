import { fromPromise } from 'xstate';
import { missionCountMachine } from '@machines/missions/mission-count.machine';
import type { AppApi } from '@client/lib/api-client';

/** The claimable missions of the missionLeaderboard badge from MSN_missionSummary (API-54); the live machine runs it. */
export const createMissionCountLogic = (api: AppApi) =>
  missionCountMachine.provide({
    actors: { fetchMissionSummary: fromPromise(async () => ({ claimableRewards: (await api.call('missionSummary')).claimableRewards })) },
  });
