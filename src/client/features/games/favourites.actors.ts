import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { favouritesMachine } from '@machines/games/favourites.machine';
import type { AppApi } from '@client/lib/api-client';
import type { FavouritesRef, Popups } from '@client/state/app-actor';
import { showToast } from '@client/state/ui-state';
import { askToLogIn } from './ask-to-log-in';

/**
 * Local storage `GAMEFAV`: the favourite game ids of each account on this device, as
 * `{ "<username>": ["<nodeId>", …] }` (GAMES-33; the same shape as the lottery's LOTTFAV), so a
 * reload shows the hearts before the server answers. Written with the server's list only.
 */
export const GAME_FAVOURITES_KEY = 'GAMEFAV';

type IdsByUser = Record<string, string[]>;

const readAll = (): IdsByUser => {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(GAME_FAVOURITES_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).map(([user, ids]) => [user, Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []]),
    );
  } catch {
    return {};
  }
};

export const storedFavouriteIds = (userName: string): string[] => readAll()[userName] ?? [];

export const storeFavouriteIds = (userName: string, ids: readonly string[]): void => {
  try {
    window.localStorage.setItem(GAME_FAVOURITES_KEY, JSON.stringify({ ...readAll(), [userName]: ids }));
  } catch {
    // Storage refused (private mode, quota): the next visit waits for the server's list instead.
  }
};

/** The favourites machine with its real calls (API-42) and this device's storage. */
export const createFavouritesLogic = ({ api }: { api: AppApi }) =>
  favouritesMachine.provide({
    actors: {
      addFavourite: fromPromise(({ input }) => api.call('addFavorite', { body: input })),
      removeFavourite: fromPromise(({ input }) => api.call('removeFavorite', { query: input })),
      readStoredFavouriteIds: fromPromise(async ({ input }) => storedFavouriteIds(input.userName)),
    },
  });

/**
 * Does what the favourites ask of the app, for as long as it runs: the login popup for a guest
 * (GAMES-34, ERR-03), the trial warning (GAMES-36, ERR-06), the refusal of a change, the list kept
 * on this device, and fresh favourite lists once a change is saved. Returns the unbind function.
 */
export const bindFavourites = (favourites: FavouritesRef, { queryClient, popups }: { queryClient: QueryClient; popups: Popups }): (() => void) => {
  const subscriptions = [
    favourites.on('favourites.loginRequired', () => askToLogIn(popups)),
    favourites.on('favourites.refused', ({ messageKey }) => void showToast(i18next.t(`common:${messageKey}`), 'warning')),
    favourites.on('favourites.failed', ({ error }) => {
      showToast(i18next.t('games:favourites.notSaved', { reason: i18next.t(`errors:${error.code}`) }), 'error');
    }),
    favourites.on('favourites.synced', ({ userName, ids }) => storeFavouriteIds(userName, ids)),
    favourites.on('favourites.saved', () => void queryClient.invalidateQueries({ queryKey: ['favoriteList'] })),
  ];
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
};
