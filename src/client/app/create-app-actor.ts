import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { appMachine } from '@machines/app/app.machine';
import type { LiveBus, LiveBusInput } from '@machines/app/bus-bridge';
import { liveMachine } from '@machines/app/live.machine';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { selectPermission } from '@machines/system/site.selectors';
import { createAgentLiveCacheLogic } from '@client/features/agent/agent-live-cache';
import { createContractPopupLogic } from '@client/features/contracts/contract-popup.actors';
import { bindFavourites, createFavouritesLogic } from '@client/features/games/favourites.actors';
import { createGameLaunchLogic, pageTargetHref } from '@client/features/games/game-launch.actors';
import { createUnreadCountLogic } from '@client/features/messages/unread-count.actors';
import { createMissionCountLogic } from '@client/features/missions/mission-count.actors';
import { createPromotionsLiveCacheLogic } from '@client/features/promotions/live-cache';
import { createPopupQueueLogic, createSessionLogic } from '@client/features/auth/session.actors';
import { readStoredSession } from '@client/features/auth/session-storage';
import { createSiteLogic } from '@client/features/system/system.actors';
import { createLiveCacheLogic } from '@client/features/wallet/live-cache';
import { staleOnEvents } from '@client/state/stale-on-events';
import { createBalanceLogic } from '@client/features/wallet/balance.actors';
import type { AppApi } from '@client/lib/api-client';
import { popupsOf, type AppActor, type FavouritesRef, type GameLaunchRef, type PopupQueueRef, type SiteRef } from '@client/state/app-actor';
import { showToast } from '@client/state/ui-state';
import { actorOptions } from '@client/lib/actor-inspection';

export interface AppActorDeps {
  api: AppApi;
  bus: LiveBus;
  /** The cache of server reads: kept in step with the bus, dropped when the member changes. */
  queryClient: QueryClient;
}

/**
 * The live caches of every area, as one actor of the live machine: each keeps its own cached
 * server reads in step with the bus while a session is online.
 */
const createLiveCachesLogic = (queryClient: QueryClient) => {
  const areas = [
    createLiveCacheLogic(queryClient),
    createAgentLiveCacheLogic(queryClient),
    createPromotionsLiveCacheLogic(queryClient),
    // The chat room modal's live models: an operator marking one online shows at once.
    staleOnEvents(queryClient, ['liveModels:changed'], ['liveModelList']),
  ];
  return fromCallback<EventObject, LiveBusInput>(({ input }) => {
    const running = areas.map((logic) => createActor(logic, { ...actorOptions, input }).start());
    return () => running.forEach((actor) => actor.stop());
  });
};

/**
 * The app actor with every child's real side effects (STYLE.md C3): each feature's actors over
 * the API, session storage and the query cache. Not started: `startAppActor` does that.
 */
export const createAppActor = ({ api, bus, queryClient }: AppActorDeps): AppActor => {
  const app: AppActor = createActor(
    appMachine.provide({
      actors: {
        site: createSiteLogic(api, queryClient),
        session: createSessionLogic({ api, queryClient, merchantCode: () => loadedPermission(app)?.merchantCode ?? '' }),
        popupQueue: createPopupQueueLogic(),
        favourites: createFavouritesLogic({ api }),
        // A member is a guest only once no session is held (a session being restored is not).
        gameLaunch: createGameLaunchLogic({ api, isGuest: () => app.system.get(SYSTEM_IDS.session)?.getSnapshot().matches('loggedOut') ?? true }),
        live: liveMachine.provide({
          actors: {
            balance: createBalanceLogic(api),
            unreadCount: createUnreadCountLogic(api),
            liveCache: createLiveCachesLogic(queryClient),
            contractPopup: createContractPopupLogic(api, queryClient),
            missionCount: createMissionCountLogic(api),
          },
          actions: {
            forgetMemberData: () => queryClient.removeQueries(),
            // The user's own logout needs no notice; any other end of the session does.
            announceRevocation: () => void showToast(i18next.t('errors:SESSION_EXPIRED'), 'warning'),
          },
        }),
      },
    }),
    { ...actorOptions, input: { bus, storedSession: readStoredSession() } },
  );
  return app;
};

/** The site's configuration, once loaded; null before (the API client's merchant and payload key). */
export const loadedPermission = (app: AppActor) => {
  const site = app.system.get(SYSTEM_IDS.site) as SiteRef | undefined;
  return site ? selectPermission(site.getSnapshot()) : null;
};

export interface HostDeps {
  queryClient: QueryClient;
  /** The router's navigate: the game launcher opens lottery and vendor pages (GAMES-20). */
  navigate: (href: string) => void;
}

/**
 * Starts the app actor and does what its children ask of the host, for as long as it runs: the
 * favourites' notices, device storage and refreshed lists, and the game launcher's login popup,
 * pages, vendor list and game popup. Returns the stop function (tests start a fresh app per case).
 */
export const startAppActor = (app: AppActor, { queryClient, navigate }: HostDeps): (() => void) => {
  app.start();
  const popups = popupsOf(app.system.get(SYSTEM_IDS.popupQueue) as PopupQueueRef);
  const launcher = app.system.get(SYSTEM_IDS.gameLaunch) as GameLaunchRef;
  const unbindFavourites = bindFavourites(app.system.get(SYSTEM_IDS.favourites) as FavouritesRef, { queryClient, popups });
  const subscriptions = [
    launcher.on('login.ask', () => popups.open('loginPopupModal')),
    launcher.on('page.open', ({ target }) => navigate(pageTargetHref(target))),
    launcher.on('vendorGames.open', ({ vassalage, gameType, vendorName }) => popups.open('vendorGames', { vassalage, gameType, vendorName })),
    launcher.on('gamePopup.show', () => popups.open('gamePopup')),
    launcher.on('gamePopup.hide', () => popups.close('gamePopup')),
  ];
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
    unbindFavourites();
    app.stop();
  };
};
