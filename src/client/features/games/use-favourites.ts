import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { GameCard } from '@shared/contract/games';
import { favouriteIdOf } from '@machines/games/favourites.machine';
import { selectFavouriteIds } from '@machines/games/favourites.selectors';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { appActorStore, type AppActor } from '@client/features/session/session.context';
import { useStore } from '@client/lib/create-store';
import type { FavouritesRef } from './favourites.actors';

/**
 * The player's favourite games (GAMES-31 to GAMES-36), kept locally by nodeId as strings and
 * synced with the server optimistically by the app's favourites actor (machines/favourites).
 */
export interface Favourites {
  isFavourite: (nodeId: number) => boolean;
  /** Adds or removes; a guest gets the login popup, a trial account is refused (GAMES-34, GAMES-36). */
  toggle: (card: GameCard) => void;
}

const NO_IDS: readonly string[] = [];

export const favouritesRefOf = (app: AppActor): FavouritesRef => app.system.get(SYSTEM_IDS.favourites) as FavouritesRef;

/**
 * Reads and toggles the favourites of the app actor (started by startAccounts). Before that actor
 * starts, which happens once the site configuration is in, no game is a favourite and a toggle
 * does nothing.
 */
export const useFavourites = (): Favourites => {
  const app = useStore(appActorStore);
  const favourites = app ? favouritesRefOf(app) : undefined;
  const ids = useSelector(favourites, (snapshot) => (snapshot ? selectFavouriteIds(snapshot) : NO_IDS));
  const toggle = useCallback((card: GameCard) => favourites?.send({ type: 'favourite.toggle', card }), [favourites]);
  return useMemo(() => {
    const favouriteIds = new Set(ids);
    return {
      isFavourite: (nodeId) => favouriteIds.has(favouriteIdOf(nodeId)),
      toggle,
    };
  }, [ids, toggle]);
};
