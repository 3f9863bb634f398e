import type { EventObject, SnapshotFrom } from 'xstate';
import { favouritesMachine } from '@machines/games/favourites.machine';
import { gameCard } from '../../helpers/game-card-fixture';
import { actorDone, definePaths, userEvent, type EventChoice } from '../machine-paths';

type FavouritesSnapshot = SnapshotFrom<typeof favouritesMachine>;

export const FAVOURITE_CARD = gameCard();

const restoring = (snapshot: unknown) => (snapshot as FavouritesSnapshot).matches({ member: { sync: 'restoring' } });
const isFavourite = (favourite: boolean) => (snapshot: unknown) => (snapshot as FavouritesSnapshot).context.ids.length > 0 === favourite;

/** What the session sends after a login: the ids it loaded follow on from the login, like an answer. */
const loaded: EventChoice = { event: { type: 'favourites.loaded', nodeIds: [] } as EventObject, variant: 'none yet', kind: 'server', when: restoring };

/**
 * The hearts on game cards (GAMES-31..GAMES-36): a guest is asked to log in, a trial account is
 * refused, a member's heart changes at once and the server's answer is the list from then on;
 * one toggle a second.
 */
export const favouritesPaths = definePaths({
  name: 'favourites',
  title: 'Favourite games: guest, trial account, member add and remove, throttled',
  machine: favouritesMachine,
  choices: [
    userEvent({ type: 'session.changed', loginState: 'member', userName: 'player01' }, 'member logs in', {
      when: (snapshot) => (snapshot as FavouritesSnapshot).matches('guest'),
    }),
    userEvent({ type: 'session.changed', loginState: 'trial', userName: 'trial01' }, 'trial account', {
      when: (snapshot) => (snapshot as FavouritesSnapshot).matches('guest'),
    }),
    userEvent({ type: 'session.changed', loginState: 'loggedOut', userName: null }, 'logs out', {
      when: (snapshot) => !(snapshot as FavouritesSnapshot).matches('guest'),
    }),
    actorDone('readStoredFavouriteIds', [], 'none kept'),
    loaded,
    userEvent({ type: 'favourite.toggle', card: FAVOURITE_CARD }, 'add', { when: isFavourite(false) }),
    userEvent({ type: 'favourite.toggle', card: FAVOURITE_CARD }, 'remove', { when: isFavourite(true) }),
    actorDone('addFavourite', { nodeIds: [FAVOURITE_CARD.nodeId] }, 'saved'),
    actorDone('removeFavourite', { nodeIds: [] }, 'saved'),
  ],
  screen: (snapshot) => ({ favourites: snapshot.context.ids.length, error: snapshot.context.error?.code ?? null }),
});
