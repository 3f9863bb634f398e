import type { SnapshotFrom } from 'xstate';
import type { MissionCountMachine } from './mission-count.machine';

/** The claimable mission rewards of the missionLeaderboard badge (MEMBER-04). */
export const selectClaimableMissions = (snapshot: SnapshotFrom<MissionCountMachine>): number => snapshot.context.claimableRewards;
