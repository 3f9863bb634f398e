import type { SnapshotFrom } from 'xstate';
import type { GameLaunchMachine } from './game-launch.machine';

type Snapshot = SnapshotFrom<GameLaunchMachine>;

/** What the game popup shows. */
export type GameLaunchPhase = 'idle' | 'launching' | 'playing' | 'maintenance' | 'failed';

export const selectPhase = (snapshot: Snapshot): GameLaunchPhase => {
  if (snapshot.matches({ active: 'launching' })) return 'launching';
  if (snapshot.matches({ active: 'playing' })) return 'playing';
  if (snapshot.matches({ active: 'maintenance' })) return 'maintenance';
  if (snapshot.matches({ active: 'failed' })) return 'failed';
  return 'idle';
};

/** The launch call, or the maintenance suggestions, are loading. */
export const selectIsLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

export const selectGame = (snapshot: Snapshot) => snapshot.context.game;
export const selectSession = (snapshot: Snapshot) => snapshot.context.session;
export const selectSuggestions = (snapshot: Snapshot) => snapshot.context.suggestions;
export const selectLaunchError = (snapshot: Snapshot) => snapshot.context.error;
