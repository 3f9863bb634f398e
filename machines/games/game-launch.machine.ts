import { assign, emit, setup } from 'xstate';
import type { GameCard, GameLaunch, LaunchGameRequest } from '@shared/contract/games';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';
import { isPageTarget, launchTarget, type PageTarget } from './launch-target';

/** The game being started: its card and whether it runs as a free trial. */
export interface LaunchedGame {
  card: GameCard;
  freePlay: boolean;
}

export interface GameLaunchContext {
  game: LaunchedGame | null;
  /** The running session once the launch answered. */
  session: GameLaunch | null;
  /** Other hot games offered while the chosen one is under maintenance. */
  suggestions: GameCard[];
  error: FlowError | null;
}

export type GameLaunchEvent =
  | { type: 'game.launch'; card: GameCard; freePlay?: boolean }
  | { type: 'game.retry' }
  | { type: 'game.close' };

/** What the machine asks its host to do: the login popup, a page, the vendor's game list, the game popup. */
export type GameLaunchEmitted =
  | { type: 'login.ask' }
  | { type: 'page.open'; target: PageTarget }
  | { type: 'vendorGames.open'; vassalage: string; gameType: string; vendorName: string }
  | { type: 'gamePopup.show' }
  | { type: 'gamePopup.hide' };

export type GameLaunchTag = 'loading';

export type LaunchGameInput = Pick<LaunchGameRequest, 'gameCode' | 'vassalage' | 'gameType' | 'freePlay'>;

/** How many other hot games a maintenance notice offers. */
export const MAINTENANCE_SUGGESTIONS = 6;

/**
 * Other hot games to offer instead of `failed`: never the failed game nor its vendor's (a vendor
 * under maintenance is usually down as a whole), games of the same type first.
 */
export const pickSuggestions = (hot: readonly GameCard[], failed: GameCard): GameCard[] => {
  const others = hot.filter((g) => g.nodeId !== failed.nodeId && g.vassalage !== failed.vassalage);
  const sameType = others.filter((g) => g.gameType === failed.gameType);
  const otherTypes = others.filter((g) => g.gameType !== failed.gameType);
  return [...sameType, ...otherTypes].slice(0, MAINTENANCE_SUGGESTIONS);
};

const requestOf = (game: LaunchedGame | null): LaunchGameInput => {
  if (!game) throw new Error('no game to launch');
  return { gameCode: game.card.gameCode, vassalage: game.card.vassalage, gameType: game.card.gameType, freePlay: game.freePlay };
};

/**
 * Starting a game (spec "Launching a game by type", GAMES-19 to GAMES-22). A guest is asked to log
 * in and nothing starts; lottery cards and slot vendor entries open their page; other vendor
 * entries open the vendor's game list; any other game is launched and played in the game popup,
 * which is shown while the machine is `active`. A game under maintenance offers other hot games;
 * any other failure can be retried. `game.launch` is taken in every state (a suggestion, or a card
 * behind the popup, starts another game).
 */
export const gameLaunchMachine = setup({
  types: {} as {
    context: GameLaunchContext;
    events: GameLaunchEvent;
    emitted: GameLaunchEmitted;
    tags: GameLaunchTag;
  },
  actors: {
    launchGame: mustProvideActor<GameLaunch, LaunchGameInput>('launchGame'),
    loadHotGames: mustProvideActor<GameCard[]>('loadHotGames'),
  },
  guards: {
    // The session is the app's; it is provided like the actors.
    isGuest: () => {
      throw new Error('guard "isGuest" must be provided');
    },
    opensElsewhere: ({ event }) => event.type === 'game.launch' && launchTarget(event.card).kind !== 'game',
    isMaintenance: (_, params: { error: unknown }) => toFlowError(params.error).code === 'GAME_MAINTENANCE',
  },
  actions: {
    askLogin: emit({ type: 'login.ask' } as const),
    openTarget: emit(({ event }) => {
      if (event.type !== 'game.launch') throw new Error(`openTarget needs game.launch, got ${event.type}`);
      const target = launchTarget(event.card);
      if (isPageTarget(target)) return { type: 'page.open' as const, target };
      if (target.kind === 'vendorGames') return { type: 'vendorGames.open' as const, vassalage: target.vassalage, gameType: target.gameType, vendorName: target.vendorName };
      throw new Error(`${target.kind} is launched here, not opened elsewhere`);
    }),
    showGamePopup: emit({ type: 'gamePopup.show' } as const),
    hideGamePopup: emit({ type: 'gamePopup.hide' } as const),
    assignGame: assign(({ event }) =>
      event.type === 'game.launch' ? { game: { card: event.card, freePlay: event.freePlay ?? false }, session: null, suggestions: [], error: null } : {},
    ),
    assignSession: assign((_, params: { session: GameLaunch }) => ({ session: params.session, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    assignSuggestions: assign(({ context }, params: { hot: GameCard[] }) => ({
      suggestions: context.game ? pickSuggestions(params.hot, context.game.card) : [],
    })),
    clear: assign({ game: null, session: null, suggestions: [], error: null }),
  },
}).createMachine({
  id: 'gameLaunch',
  context: { game: null, session: null, suggestions: [], error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'game.launch': [
          { guard: 'isGuest', actions: 'askLogin' },
          { guard: 'opensElsewhere', actions: 'openTarget' },
          { target: 'active', actions: 'assignGame' },
        ],
      },
    },
    active: {
      entry: 'showGamePopup',
      exit: ['hideGamePopup', 'clear'],
      initial: 'launching',
      on: {
        'game.launch': [
          { guard: 'isGuest', target: 'idle', actions: 'askLogin' },
          { guard: 'opensElsewhere', target: 'idle', actions: 'openTarget' },
          { target: '.launching', actions: 'assignGame' },
        ],
        'game.close': 'idle',
      },
      states: {
        launching: {
          tags: 'loading',
          invoke: {
            id: 'launchGame',
            src: 'launchGame',
            input: ({ context }) => requestOf(context.game),
            onDone: { target: 'playing', actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) } },
            onError: [
              { guard: { type: 'isMaintenance', params: ({ event }) => ({ error: event.error }) }, target: 'maintenance', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
              { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        playing: {},
        maintenance: {
          initial: 'loadingSuggestions',
          states: {
            loadingSuggestions: {
              tags: 'loading',
              invoke: {
                id: 'loadHotGames',
                src: 'loadHotGames',
                onDone: { target: 'suggesting', actions: { type: 'assignSuggestions', params: ({ event }) => ({ hot: event.output }) } },
                // The notice stands without suggestions.
                onError: 'suggesting',
              },
            },
            suggesting: {},
          },
        },
        failed: {
          on: { 'game.retry': { target: 'launching', actions: assign({ error: null }) } },
        },
      },
    },
  },
});

export type GameLaunchMachine = typeof gameLaunchMachine;
