import type { SnapshotFrom } from 'xstate';
import type { Message } from '@shared/contract/messages';
import type { MessageListMachine } from './message-list.machine';

type Snapshot = SnapshotFrom<MessageListMachine>;

export type MessageListStatus = 'loading' | 'failed' | 'empty' | 'ready';

export const selectMessageListStatus = (snapshot: Snapshot): MessageListStatus => {
  if (snapshot.matches({ list: 'failed' })) return 'failed';
  if (snapshot.hasTag('loading') && snapshot.context.list.length === 0) return 'loading';
  return snapshot.context.list.length === 0 ? 'empty' : 'ready';
};

export const selectIsPageLoading = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
export const selectMessages = (snapshot: Snapshot): Message[] => snapshot.context.list;
export const selectMessagePaging = (snapshot: Snapshot) => ({ page: snapshot.context.page, totalPages: snapshot.context.totalPages, total: snapshot.context.total });
export const selectExpandedIds = (snapshot: Snapshot): number[] => snapshot.context.expandedIds;
export const selectMessageListError = (snapshot: Snapshot) => snapshot.context.error;
