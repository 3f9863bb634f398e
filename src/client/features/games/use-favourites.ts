import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { GameCard } from '@shared/contract/games';
import { selectIsFavourite } from '@machines/games/favourites.selectors';
import { useFavouritesRef } from '@client/state/app-actor';

/**
 * One game among the player's favourites (GAMES-31 to GAMES-36), kept locally by nodeId as strings
 * and synced with the server optimistically by the app's favourites actor (machines/games/favourites).
 */
export interface Favourite {
  favourite: boolean;
  /** Adds or removes; a guest gets the login popup, a trial account is refused (GAMES-34, GAMES-36). */
  toggle: () => void;
}

/** Whether the card is a favourite, and its toggle: each card selects its own flag, so a grid re-renders only the card that changed. */
export const useFavourite = (card: GameCard): Favourite => {
  const favourites = useFavouritesRef();
  const favourite = useSelector(favourites, selectIsFavourite(card.nodeId));
  const toggle = useCallback(() => favourites.send({ type: 'favourite.toggle', card }), [favourites, card]);
  return { favourite, toggle };
};
