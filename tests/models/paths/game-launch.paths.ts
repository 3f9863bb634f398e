import type { SnapshotFrom } from 'xstate';
import { gameLaunchMachine } from '@machines/games/game-launch.machine';
import { gameCard } from '../../helpers/game-card-fixture';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

/** A playable house game, and a vendor's game this server has no connection for (under maintenance). */
export const LAUNCH_CARDS = {
  house: gameCard({ nodeId: 501, vassalage: 'HOUSE', gameType: 'RNG', gameName: 'Dice', gameCode: 'HOUSE_DICE' }),
  vendor: gameCard(),
} as const;

type GameLaunchSnapshot = SnapshotFrom<typeof gameLaunchMachine>;
const launching = (card: keyof typeof LAUNCH_CARDS) => (snapshot: unknown) =>
  (snapshot as GameLaunchSnapshot).context.game?.card.nodeId === LAUNCH_CARDS[card].nodeId;

/**
 * Starting a game from the lobby as a member (GAMES-19..GAMES-22): launched and played in the game
 * popup, or under maintenance with other hot games offered; closing the popup ends it.
 */
export const gameLaunchPaths = definePaths({
  name: 'game-launch',
  title: 'Game launch: the game popup, maintenance with other hot games, close',
  // A member launches: the guest's login prompt changes no state.
  machine: gameLaunchMachine.provide({ guards: { isGuest: () => false } }),
  choices: [
    // From the lobby, or a suggested hot game from the maintenance notice.
    userEvent({ type: 'game.launch', card: LAUNCH_CARDS.house }, 'house game', {
      when: (snapshot) => !snapshot.matches('active') || snapshot.matches({ active: { maintenance: 'suggesting' } }),
    }),
    userEvent({ type: 'game.launch', card: LAUNCH_CARDS.vendor }, 'vendor game', { when: (snapshot) => snapshot.matches('idle') }),
    userEvent({ type: 'game.close' }),
    actorDone('launchGame', { gameUrl: '/house/play?session=s1', expiresAt: '2026-11-20T10:30:05.000Z', freePlay: false }, 'session', {
      when: launching('house'),
    }),
    actorError('launchGame', { code: 'GAME_MAINTENANCE', details: { reason: 'VENDOR_NOT_CONNECTED' } }, 'GAME_MAINTENANCE', {
      when: launching('vendor'),
    }),
    actorDone('loadHotGames', [LAUNCH_CARDS.house], 'hot games'),
  ],
  screen: (snapshot) => ({ game: snapshot.context.game?.card.gameName ?? null }),
});
