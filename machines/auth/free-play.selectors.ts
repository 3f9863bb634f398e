import type { SnapshotFrom } from 'xstate';
import type { FreePlayMachine } from './free-play.machine';

type Snapshot = SnapshotFrom<FreePlayMachine>;

/** The bot-check or the free-play call is running. */
export const selectIsStarting = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

export const selectFreePlayError = (snapshot: Snapshot) => snapshot.context.error;
