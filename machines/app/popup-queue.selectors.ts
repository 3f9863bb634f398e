import type { SnapshotFrom } from 'xstate';
import type { PopupQueueMachine } from './popup-queue.machine';
import type { PopupEntry } from './popup-queue.types';

type Snapshot = SnapshotFrom<PopupQueueMachine>;

/** The one popup on screen: the head of the queue. */
export const selectVisiblePopup = (snapshot: Snapshot): PopupEntry | null => snapshot.context.queue[0] ?? null;

export const selectQueuedPopupCount = (snapshot: Snapshot): number => snapshot.context.queue.length;
