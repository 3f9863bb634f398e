import { useCallback, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { GameCard } from '@shared/contract/games';
import { favouriteIdOf } from '@machines/games/favourites.machine';
import { selectFavouriteIds } from '@machines/games/favourites.selectors';
import { useFavouritesRef } from '@client/state/app-actor';

/**
 * The player's favourite games (GAMES-31 to GAMES-36), kept locally by nodeId as strings and
 * synced with the server optimistically by the app's favourites actor (machines/games/favourites).
 */
export interface Favourites {
  isFavourite: (nodeId: number) => boolean;
  /** Adds or removes; a guest gets the login popup, a trial account is refused (GAMES-34, GAMES-36). */
  toggle: (card: GameCard) => void;
}

/** Reads and toggles the favourites of the app actor. */
export const useFavourites = (): Favourites => {
  const favourites = useFavouritesRef();
  const ids = useSelector(favourites, selectFavouriteIds);
  const toggle = useCallback((card: GameCard) => favourites.send({ type: 'favourite.toggle', card }), [favourites]);
  return useMemo(() => {
    const favouriteIds = new Set(ids);
    return {
      isFavourite: (nodeId) => favouriteIds.has(favouriteIdOf(nodeId)),
      toggle,
    };
  }, [ids, toggle]);
};
