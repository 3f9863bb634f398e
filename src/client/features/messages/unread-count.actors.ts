import { fromPromise } from 'xstate';
import { unreadCountMachine } from '@machines/messages/unread-count.machine';
import type { AppApi } from '@client/lib/api-client';

/** The unread count from CSP_unreadCount (API-24), for the notice bell and badges; the live machine runs it. */
export const createUnreadCountLogic = (api: AppApi) =>
  unreadCountMachine.provide({
    actors: { fetchUnreadCount: fromPromise(() => api.call('unreadCount')) },
  });
