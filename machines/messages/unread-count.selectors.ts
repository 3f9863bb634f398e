import type { SnapshotFrom } from 'xstate';
import type { UnreadCountMachine } from './unread-count.machine';

/** The unread platform messages of the notice bell and the messageV2 badge (MSG-07, MEMBER-04). */
export const selectUnreadCount = (snapshot: SnapshotFrom<UnreadCountMachine>): number => snapshot.context.unreadMessage;
