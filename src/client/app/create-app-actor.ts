import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise } from 'xstate';
import { appMachine } from '@machines/app/app.machine';
import type { LiveBus } from '@machines/app/bus-bridge';
import { liveMachine } from '@machines/app/live.machine';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { selectPermission } from '@machines/system/site.selectors';
import { bindFavourites, createFavouritesLogic } from '@client/features/games/favourites.actors';
import { createGameLaunchLogic, pageTargetHref } from '@client/features/games/game-launch.actors';
import { createPopupQueueLogic, createSessionLogic } from '@client/features/auth/session.actors';
import { readStoredSession } from '@client/features/auth/session-storage';
import { createSiteLogic } from '@client/features/system/system.actors';
import { loadCrypto, type AppActorApi } from '@client/lib/api-client';
import { earlyRead } from '@client/lib/early-read';
import { popupsOf, type AppActor, type FavouritesRef, type GameLaunchRef, type PopupQueueRef, type SiteRef } from '@client/state/app-actor';
import { actorOptions } from '@client/lib/actor-inspection';
import { loadBusModules } from './api';

export interface AppActorDeps {
  api: AppActorApi;
  bus: LiveBus;
  /** The cache of server reads: kept in step with the bus; what depends on the member is dropped when the member changes. */
  queryClient: QueryClient;
}

/**
 * What runs while a session is online (online-logic.ts): a chunk not in a guest's first render (issue 15), asked for
 * early by `preloadOnlineParts`, or else by the first login.
 */
export const loadOnlineLogic = () => import('./online-logic');

/** Asks for a module ahead of its use; a failure here is left to that use, which asks again and reports it. */
const prefetch = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/**
 * Asks for what a session online runs on, beside whatever else is loading: the online part, and the socket client with
 * the event bus (which the bus's first connect would ask for only once the online part runs). At boot when a session
 * is stored; with a sign-in screen (`withSignInParts`).
 */
export const preloadOnlineParts = (): void => {
  prefetch(loadOnlineLogic);
  prefetch(loadBusModules);
};

/**
 * A sign-in screen's chunk loader (the login and registration popups, the agent login's form) that asks, beside the
 * screen's chunk, for what the sign-in needs next: the payload encryption its submit uses, and the online parts its
 * success starts, so neither costs a round trip after the visitor has pressed the button.
 */
export const withSignInParts =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> => {
    prefetch(loadCrypto);
    preloadOnlineParts();
    return load();
  };

/**
 * The app actor with every child's real side effects (STYLE.md C3): each feature's actors over
 * the API, session storage and the query cache. Not started: `startAppActor` does that.
 */
export const createAppActor = ({ api, bus, queryClient }: AppActorDeps): AppActor => {
  const earlyBalance = earlyRead(() => api.call('balance'));
  const app: AppActor = createActor(
    appMachine.provide({
      actors: {
        site: createSiteLogic(api, queryClient),
        session: createSessionLogic({
          api,
          queryClient,
          merchantCode: () => loadedPermission(app)?.merchantCode ?? '',
          readAheadForSession: (token) => earlyBalance.start(token),
        }),
        popupQueue: createPopupQueueLogic(),
        favourites: createFavouritesLogic({ api }),
        // A member is a guest only once no session is held (a session being restored is not).
        gameLaunch: createGameLaunchLogic({ api, isGuest: () => app.system.get(SYSTEM_IDS.session)?.getSnapshot().matches('loggedOut') ?? true }),
        live: liveMachine.provide({
          actors: {
            loadOnline: fromPromise(async () => (await loadOnlineLogic()).createOnlineLogic({ api, queryClient, earlyBalance })),
          },
          // The lobby's shared reads (menus, game lists, winners, jackpot) stay: a login does not ask for them again.
          actions: { forgetMemberData: () => queryClient.removeQueries({ predicate: ({ queryKey: [key] }) => !(typeof key === 'string' && api.isSharedRead(key)) }) },
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
