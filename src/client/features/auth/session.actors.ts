import { fromPromise } from 'xstate';
import { popupQueueMachine } from '@machines/app/popup-queue.machine';
import { sessionMachine } from '@machines/auth/session.machine';
import { webAnnouncementsRead } from '@shared/boot-reads';
import type { QueryClient } from '@tanstack/react-query';
import type { AppApi } from '@client/lib/api-client';
import { fetchApiQuery } from '@client/state/queries';
import { clearSessionStorage, dismissPopups, isPopupDismissed, writePasswordChangePending, writeSession } from './session-storage';

export interface SessionDeps {
  api: AppApi;
  /** A visitor's announcements come through it: a page may have come with them (src/client/app/boot-reads.ts). */
  queryClient: QueryClient;
  /** The site's merchant code (permission), written beside the token (AUTH-19). */
  merchantCode: () => string;
  /** Asks for what a session's first screens read besides the member info (the header's balance), beside it. */
  readAheadForSession: (token: string) => void;
}

/**
 * The session machine with its real side effects (STYLE.md C3): member info, logout, favourites,
 * announcements and consolidated funds through the API client, the session keys in session storage.
 * The API client reads the token from session storage, which `persistSession` wrote first.
 */
export const createSessionLogic = ({ api, queryClient, merchantCode, readAheadForSession }: SessionDeps) =>
  sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise(({ input }) => {
        if (input.firstOfSession) readAheadForSession(input.token);
        return api.call('memberInfo');
      }),
      endSession: fromPromise(() => api.call('logout')),
      loadFavouriteIds: fromPromise(() => api.call('favoriteIds')),
      loadAnnouncements: fromPromise(({ input }) => {
        const read = webAnnouncementsRead(input.query);
        return input.token === null ? fetchApiQuery(queryClient, api, 'announcements', read) : api.call('announcements', read);
      }),
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
