import { fromPromise } from 'xstate';
import { messageListMachine } from '@machines/messages/message-list.machine';
import type { AppApi } from '@client/lib/api-client';
import type { UnreadCountRef } from '@client/state/app-actor';

/**
 * The message list over CSP_messageList and CSP_markRead; every answer's unread count goes to the
 * app's unread count (the bell), when a session has one.
 */
export const createMessageListLogic = (api: AppApi, unreadCount: () => UnreadCountRef | undefined) =>
  messageListMachine.provide({
    actors: {
      loadMessages: fromPromise(({ input }) => api.call('messageList', { query: input })),
      markRead: fromPromise(({ input }) => api.call('markMessagesRead', { body: { messageIds: input.messageIds } })),
    },
    actions: { publishUnreadCount: (_, { unreadMessage }) => unreadCount()?.send({ type: 'unread.set', unreadMessage }) },
  });
