import type { SnapshotFrom } from 'xstate';
import { favouriteIdOf, type FavouritesMachine } from './favourites.machine';

type Snapshot = SnapshotFrom<FavouritesMachine>;

/** Favourite game ids as strings of nodeId (GAMES-33), including a change still being saved. */
export const selectFavouriteIds = (snapshot: Snapshot): readonly string[] => snapshot.context.ids;

/** Whether one game is a favourite. */
export const selectIsFavourite =
  (nodeId: number) =>
  (snapshot: Snapshot): boolean =>
    snapshot.context.ids.includes(favouriteIdOf(nodeId));

/** The code of the last change the server refused (rolled back). */
export const selectFavouritesError = (snapshot: Snapshot) => snapshot.context.error;
