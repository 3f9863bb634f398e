import { and, assign, emit, setup, stateIn } from 'xstate';
import type { GameCard } from '@shared/contract/games';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';
import type {
  FavouriteIdsReply,
  FavouriteRef,
  FavouritesContext,
  FavouritesEmitted,
  FavouritesEvent,
  FavouritesTag,
} from './favourites.types';

/** Favourite ids are kept as strings of nodeId (GAMES-33). */
export const favouriteIdOf = (nodeId: number): string => String(nodeId);

const refOf = (card: GameCard): FavouriteRef => ({ nodeId: card.nodeId, vendor: card.vassalage, gameType: card.gameType });

const signedOutContext = { ids: [], rollbackIds: null, pending: null, error: null } satisfies Partial<FavouritesContext>;

const favouritesSetup = setup({
  types: {} as { context: FavouritesContext; events: FavouritesEvent; emitted: FavouritesEmitted; tags: FavouritesTag },
  actors: {
    addFavourite: mustProvideActor<FavouriteIdsReply, FavouriteRef>('addFavourite'),
    removeFavourite: mustProvideActor<FavouriteIdsReply, FavouriteRef>('removeFavourite'),
    /** The ids this device kept for the account (none when nothing was kept). */
    readStoredFavouriteIds: mustProvideActor<string[], { userName: string }>('readStoredFavouriteIds'),
  },
  delays: {
    toggleThrottle: 1000,
  },
  guards: {
    isMember: ({ context }) => context.loginState === 'member' && context.userName !== null,
    isTrial: ({ context }) => context.loginState === 'trial',
    isThrottleOpen: stateIn({ member: { throttle: 'open' } }),
    isSyncIdle: stateIn({ member: { sync: 'idle' } }),
    /** The toggled game is a favourite already: the toggle removes it. */
    isToggledFavourite: ({ context, event }) => event.type === 'favourite.toggle' && context.ids.includes(favouriteIdOf(event.card.nodeId)),
  },
  actions: {
    assignLoginState: assign((_, params: Pick<FavouritesContext, 'loginState' | 'userName'>) => ({ ...signedOutContext, ...params })),
    assignIds: assign((_, params: { ids: readonly (number | string)[] }) => ({ ids: params.ids.map(String) })),
    /** A list loaded while a change is saved is the one to go back to. */
    assignRollbackIds: assign((_, params: { nodeIds: readonly number[] }) => ({ rollbackIds: params.nodeIds.map(favouriteIdOf) })),
    addLocally: assign(({ context }, params: { card: GameCard }) => ({
      rollbackIds: context.ids,
      ids: [...context.ids, favouriteIdOf(params.card.nodeId)],
      pending: refOf(params.card),
      error: null,
    })),
    removeLocally: assign(({ context }, params: { card: GameCard }) => ({
      rollbackIds: context.ids,
      ids: context.ids.filter((id) => id !== favouriteIdOf(params.card.nodeId)),
      pending: refOf(params.card),
      error: null,
    })),
    /** After a change, the server's nodeIds are the truth. */
    acceptServerIds: assign((_, params: { reply: FavouriteIdsReply }) => ({
      ids: params.reply.nodeIds.map(favouriteIdOf),
      rollbackIds: null,
      pending: null,
    })),
    rollBack: assign(({ context }, params: { error: FlowError }) => ({
      ids: context.rollbackIds ?? context.ids,
      rollbackIds: null,
      pending: null,
      error: params.error,
    })),
    emitSynced: emit(({ context }) => ({ type: 'favourites.synced' as const, userName: context.userName!, ids: context.ids })),
    emitSaved: emit(({ context }) => ({ type: 'favourites.saved' as const, ids: context.ids })),
    emitFailed: emit(({ context }) => ({ type: 'favourites.failed' as const, error: context.error! })),
  },
});

/** Tells the server of the change made locally: its answer is the list from then on, its refusal puts the list back. */
const savingState = (src: 'addFavourite' | 'removeFavourite') =>
  favouritesSetup.createStateConfig({
    tags: 'saving',
    invoke: {
      id: src,
      src,
      input: ({ context }) => context.pending!,
      onDone: { target: 'idle', actions: [{ type: 'acceptServerIds', params: ({ event }) => ({ reply: event.output }) }, 'emitSynced', 'emitSaved'] },
      onError: { target: 'idle', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: toFlowError(event.error) }) }, 'emitFailed'] },
    },
    on: { 'favourites.loaded': { actions: { type: 'assignRollbackIds', params: ({ event }) => ({ nodeIds: event.nodeIds }) } } },
  });

/**
 * The player's favourite games (GAMES-31 to GAMES-36). A guest's toggle asks for the login and a
 * trial account's is refused; a member's changes the list at once and then calls the server, whose
 * answer is the list from then on, or whose refusal puts the list back. Toggles are throttled to
 * one per second, the first acting (GAMES-35), and one change is saved at a time (a toggle while
 * one is saved is dropped like a throttled one). The session sends the login state and the ids it
 * loads; the ids kept on this device show the hearts before the server answers.
 */
export const favouritesMachine = favouritesSetup.createMachine({
  id: 'favourites',
  context: { loginState: 'loggedOut', userName: null, ...signedOutContext },
  initial: 'guest',
  on: {
    'session.changed': {
      target: '.routing',
      reenter: true,
      actions: { type: 'assignLoginState', params: ({ event }) => ({ loginState: event.loginState, userName: event.userName }) },
    },
  },
  states: {
    routing: {
      always: [{ guard: 'isMember', target: 'member' }, { guard: 'isTrial', target: 'trial' }, { target: 'guest' }],
    },
    /** Not logged in: a toggle changes nothing and asks for the login (GAMES-34). */
    guest: {
      on: { 'favourite.toggle': { actions: emit({ type: 'favourites.loginRequired' }) } },
    },
    /** Account type 4: a toggle is refused and changes nothing (GAMES-36, ERR-06). */
    trial: {
      on: {
        'favourite.toggle': { actions: emit({ type: 'favourites.refused', messageKey: 'in_need_true_account' }) },
        'favourites.loaded': { actions: { type: 'assignIds', params: ({ event }) => ({ ids: event.nodeIds }) } },
      },
    },
    member: {
      type: 'parallel',
      states: {
        /** One toggle per second, the first one acting (GAMES-35). */
        throttle: {
          initial: 'open',
          states: {
            open: { on: { 'favourite.toggle': { guard: 'isSyncIdle', target: 'closed' } } },
            closed: { after: { toggleThrottle: 'open' } },
          },
        },
        sync: {
          initial: 'restoring',
          states: {
            /** The ids kept on this device show until the session's load answers. */
            restoring: {
              invoke: {
                id: 'readStoredFavouriteIds',
                src: 'readStoredFavouriteIds',
                input: ({ context }) => ({ userName: context.userName! }),
                onDone: { target: 'idle', actions: { type: 'assignIds', params: ({ event }) => ({ ids: event.output }) } },
                // Nothing kept on this device is no failure: the server's list follows.
                onError: { target: 'idle' },
              },
              on: {
                'favourites.loaded': { target: 'idle', actions: [{ type: 'assignIds', params: ({ event }) => ({ ids: event.nodeIds }) }, 'emitSynced'] },
              },
            },
            idle: {
              on: {
                'favourites.loaded': { actions: [{ type: 'assignIds', params: ({ event }) => ({ ids: event.nodeIds }) }, 'emitSynced'] },
                'favourite.toggle': [
                  {
                    guard: and(['isThrottleOpen', 'isToggledFavourite']),
                    target: 'removing',
                    actions: { type: 'removeLocally', params: ({ event }) => ({ card: event.card }) },
                  },
                  {
                    guard: 'isThrottleOpen',
                    target: 'adding',
                    actions: { type: 'addLocally', params: ({ event }) => ({ card: event.card }) },
                  },
                ],
              },
            },
            /** GAMES-31: the id is in the local list already; now the server is told. */
            adding: savingState('addFavourite'),
            /** GAMES-32: the id is out of the local list already; now the server is told. */
            removing: savingState('removeFavourite'),
          },
        },
      },
    },
  },
});

export type FavouritesMachine = typeof favouritesMachine;
