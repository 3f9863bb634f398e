import { fromPromise } from 'xstate';
import { popupQueueMachine } from '@machines/app/popup-queue.machine';
import { sessionMachine } from '@machines/auth/session.machine';
import type { AppApi } from '@client/lib/api-client';
import { clearSessionStorage, dismissPopups, isPopupDismissed, writePasswordChangePending, writeSession } from './session-storage';

export interface SessionDeps {
  api: AppApi;
  /** The site's merchant code (permission), written beside the token (AUTH-19). */
  merchantCode: () => string;
}

/**
 * The session machine with its real side effects (STYLE.md C3): member info, logout, favourites,
 * announcements and consolidated funds through the API client, the session keys in session storage.
 * The API client reads the token from session storage, which `persistSession` wrote first.
 */
export const createSessionLogic = ({ api, merchantCode }: SessionDeps) =>
  sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise(() => api.call('memberInfo')),
      endSession: fromPromise(() => api.call('logout')),
      loadFavouriteIds: fromPromise(() => api.call('favoriteIds')),
      loadAnnouncements: fromPromise(({ input }) => api.call('announcements', { query: { ...input.query, platform: 'W' } })),
      loadConsolidatedFunds: fromPromise(() => api.call('consolidatedFunds')),
    },
    actions: {
      persistSession: (_, session) => writeSession(session, merchantCode()),
      storePasswordChangePending: (_, { pending }) => writePasswordChangePending(pending),
      clearSessionStorage: (_, { keep }) => clearSessionStorage(keep),
    },
  });

/** The popup queue with its session-storage flags (MSG-09). */
export const createPopupQueueLogic = () =>
  popupQueueMachine.provide({
    actors: { readPopupDismissal: fromPromise(async ({ input }) => isPopupDismissed(input.flag)) },
    actions: { storePopupDismissal: (_, { flag }) => dismissPopups(flag) },
  });
