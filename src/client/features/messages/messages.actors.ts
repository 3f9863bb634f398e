import { fromPromise } from 'xstate';
import { messageListMachine } from '@machines/messages/message-list.machine';
import type { AppApi } from '@client/app/api';
import { updatePublicState } from '@client/app/stores/public-state';

/** The message list over CSP_messageList and CSP_markRead; every answer's unread count goes to the bell. */
export const createMessageListLogic = (api: AppApi) =>
  messageListMachine.provide({
    actors: {
      loadMessages: fromPromise(({ input }) => api.call('messageList', { query: input })),
      markRead: fromPromise(({ input }) => api.call('markMessagesRead', { body: { messageIds: input.messageIds } })),
    },
    actions: { publishUnreadCount: (_, { unreadMessage }) => updatePublicState({ unreadMessage }) },
  });
