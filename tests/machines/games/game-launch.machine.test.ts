import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { GameCard, GameLaunch } from '@shared/contract/games';
import { gameLaunchMachine, MAINTENANCE_SUGGESTIONS, type GameLaunchEmitted, type LaunchGameInput } from '@machines/games/game-launch.machine';
import { selectPhase, selectSuggestions } from '@machines/games/game-launch.selectors';
import { launchTarget } from '@machines/games/launch-target';
import { gameCard, vendorEntry } from '../../helpers/game-card-fixture';
import { apiError, controlledActor } from '../support/fakes';

const SESSION: GameLaunch = { gameUrl: '/house/play/HOUSE_DICE?session=abc', expiresAt: '2026-11-22T03:00:00.000Z', freePlay: false };
const DICE = gameCard({ nodeId: 11, vassalage: 'HOUSE', gameCode: 'HOUSE_DICE', gameName: 'Hi-Lo Dice' });

const start = ({ guest = false } = {}) => {
  const launchGame = controlledActor<GameLaunch, LaunchGameInput>();
  const loadHotGames = controlledActor<GameCard[], void>();
  const actor = createActor(
    gameLaunchMachine.provide({
      actors: { launchGame: launchGame.logic, loadHotGames: loadHotGames.logic },
      guards: { isGuest: () => guest },
    }),
  );
  const emitted: GameLaunchEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, launchGame, loadHotGames, emitted, types: () => emitted.map((e) => e.type) };
};

describe('launchTarget', () => {
  it('[GAMES-20] VN and SEA lotto cards open their own lottery page, other lottery and e-lottery cards the lottery page', () => {
    expect(launchTarget(gameCard({ vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 'TCG_LOTTO_VN', lottoArea: 'VN' }))).toEqual({ kind: 'vnLottery', gameCode: 'TCG_LOTTO_VN' });
    expect(launchTarget(gameCard({ vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 'TCG_LOTTO_SEA', lottoArea: 'SEA' }))).toEqual({ kind: 'seaLottery', gameCode: 'TCG_LOTTO_SEA' });
    expect(launchTarget(gameCard({ vassalage: 'TCG_SEA', gameType: 'ELOTT', gameCode: 'TCG_ELOTT_2M' }))).toEqual({ kind: 'lottery', gameCode: 'TCG_ELOTT_2M', prizeMode: 'ELOTT' });
    expect(launchTarget(vendorEntry('TCG_SEA', 'LOTT', { isGame: 'GAME' }))).toEqual({ kind: 'lottery', gameCode: null, prizeMode: null });
    expect(launchTarget(vendorEntry('TCG_SEA', 'ELOTT', { isGame: 'GAME' }))).toEqual({ kind: 'lottery', gameCode: null, prizeMode: 'ELOTT' });
  });

  it('[GAMES-20] a slot (RNG) vendor entry opens the slot page of that vendor; a slot game itself is played', () => {
    expect(launchTarget(vendorEntry('PG', 'RNG'))).toEqual({ kind: 'rngVendor', vassalage: 'PG' });
    expect(launchTarget(gameCard({ gameType: 'RNG' }))).toEqual({ kind: 'game' });
  });

  it('[GAMES-21] [GAMES-22] another vendor entry lists the vendor\'s games; anything else is played', () => {
    expect(launchTarget(vendorEntry('JDB', 'FISH', { gameName: 'JDB Gaming' }))).toEqual({ kind: 'vendorGames', vassalage: 'JDB', gameType: 'FISH', vendorName: 'JDB Gaming' });
    expect(launchTarget(vendorEntry('SABA', 'SPORTS', { isGame: 'GAME' }))).toEqual({ kind: 'game' });
    expect(launchTarget(gameCard({ gameType: 'LIVE', vassalage: 'EVO' }))).toEqual({ kind: 'game' });
  });
});

describe('game launch machine', () => {
  it('[GAMES-19] a guest is asked to log in and no game is launched', () => {
    const { actor, launchGame, types } = start({ guest: true });
    actor.send({ type: 'game.launch', card: DICE });
    actor.send({ type: 'game.launch', card: gameCard({ gameType: 'LOTT', lottoArea: 'VN' }) });
    expect(types()).toEqual(['login.ask', 'login.ask']);
    expect(selectPhase(actor.getSnapshot())).toBe('idle');
    expect(launchGame.calls).toEqual([]);
    actor.stop();
  });

  it('[GAMES-20] [GAMES-21] page and vendor-list targets are opened, not launched', () => {
    const { actor, launchGame, emitted } = start();
    actor.send({ type: 'game.launch', card: gameCard({ gameType: 'LOTT', gameCode: 'TCG_LOTTO_SEA', lottoArea: 'SEA' }) });
    actor.send({ type: 'game.launch', card: vendorEntry('PG', 'RNG') });
    actor.send({ type: 'game.launch', card: vendorEntry('JL', 'PVP', { gameName: 'JILI' }) });
    expect(emitted).toEqual([
      { type: 'page.open', target: { kind: 'seaLottery', gameCode: 'TCG_LOTTO_SEA' } },
      { type: 'page.open', target: { kind: 'rngVendor', vassalage: 'PG' } },
      { type: 'vendorGames.open', vassalage: 'JL', gameType: 'PVP', vendorName: 'JILI' },
    ]);
    expect(launchGame.calls).toEqual([]);
    actor.stop();
  });

  it('[GAMES-22] any other game is launched and played in the shown game popup; closing hides it', async () => {
    const { actor, launchGame, types } = start();
    actor.send({ type: 'game.launch', card: DICE, freePlay: true });
    expect(selectPhase(actor.getSnapshot())).toBe('launching');
    expect(types()).toEqual(['gamePopup.show']);
    expect(launchGame.calls).toEqual([{ gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', gameType: 'RNG', freePlay: true }]);
    launchGame.resolve({ ...SESSION, freePlay: true });
    await waitFor(actor, (s) => selectPhase(s) === 'playing');
    expect(actor.getSnapshot().context).toMatchObject({ game: { card: DICE, freePlay: true }, session: { ...SESSION, freePlay: true } });
    actor.send({ type: 'game.close' });
    expect(selectPhase(actor.getSnapshot())).toBe('idle');
    expect(types()).toEqual(['gamePopup.show', 'gamePopup.hide']);
    expect(actor.getSnapshot().context.session).toBeNull();
    actor.stop();
  });

  it('[GAMES-22] a game under maintenance offers other hot games, never itself or its vendor, same type first', async () => {
    const { actor, launchGame, loadHotGames } = start();
    actor.send({ type: 'game.launch', card: DICE });
    launchGame.reject(apiError('GAME_MAINTENANCE'));
    await waitFor(actor, (s) => s.matches({ active: { maintenance: 'loadingSuggestions' } }));
    expect(loadHotGames.calls).toHaveLength(1);
    const live = gameCard({ nodeId: 30, vassalage: 'EVO', gameType: 'LIVE' });
    const slots = Array.from({ length: 8 }, (_, i) => gameCard({ nodeId: 40 + i, vassalage: 'JL' }));
    loadHotGames.resolve([live, DICE, gameCard({ nodeId: 12, vassalage: 'HOUSE', gameCode: 'HOUSE_CRASH' }), ...slots]);
    await waitFor(actor, (s) => s.matches({ active: { maintenance: 'suggesting' } }));
    expect(selectPhase(actor.getSnapshot())).toBe('maintenance');
    expect(actor.getSnapshot().context.error?.code).toBe('GAME_MAINTENANCE');
    expect(selectSuggestions(actor.getSnapshot()).map((g) => g.nodeId)).toEqual(slots.slice(0, MAINTENANCE_SUGGESTIONS).map((g) => g.nodeId));
    actor.stop();
  });

  it('[GAMES-22] a suggestion starts another game from the maintenance notice, keeping the popup shown', async () => {
    const { actor, launchGame, loadHotGames, types } = start();
    actor.send({ type: 'game.launch', card: DICE });
    launchGame.reject(apiError('GAME_MAINTENANCE'));
    await waitFor(actor, (s) => s.matches({ active: { maintenance: 'loadingSuggestions' } }));
    loadHotGames.reject(apiError('NETWORK'));
    await waitFor(actor, (s) => s.matches({ active: { maintenance: 'suggesting' } }));
    expect(selectSuggestions(actor.getSnapshot())).toEqual([]);
    const crash = gameCard({ nodeId: 12, vassalage: 'HOUSE', gameCode: 'HOUSE_CRASH' });
    actor.send({ type: 'game.launch', card: crash });
    expect(selectPhase(actor.getSnapshot())).toBe('launching');
    expect(launchGame.calls.map((c) => c.gameCode)).toEqual(['HOUSE_DICE', 'HOUSE_CRASH']);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(types()).toEqual(['gamePopup.show']);
    actor.stop();
  });

  it('[GAMES-20] a lottery suggestion leaves the game popup for its page', async () => {
    const { actor, launchGame, types } = start();
    actor.send({ type: 'game.launch', card: DICE });
    launchGame.reject(apiError('GAME_MAINTENANCE'));
    await waitFor(actor, (s) => selectPhase(s) === 'maintenance');
    actor.send({ type: 'game.launch', card: gameCard({ gameType: 'LOTT', gameCode: 'TCG_LOTTO_VN', lottoArea: 'VN' }) });
    expect(selectPhase(actor.getSnapshot())).toBe('idle');
    expect(types()).toEqual(['gamePopup.show', 'gamePopup.hide', 'page.open']);
    actor.stop();
  });

  it('[GAMES-22] another failure shows its code and can be retried', async () => {
    const { actor, launchGame, loadHotGames } = start();
    actor.send({ type: 'game.launch', card: DICE });
    launchGame.reject(apiError('FEATURE_DISABLED'));
    await waitFor(actor, (s) => selectPhase(s) === 'failed');
    expect(actor.getSnapshot().context.error?.code).toBe('FEATURE_DISABLED');
    expect(loadHotGames.calls).toEqual([]);
    actor.send({ type: 'game.retry' });
    expect(selectPhase(actor.getSnapshot())).toBe('launching');
    expect(actor.getSnapshot().context.error).toBeNull();
    launchGame.resolve(SESSION);
    await waitFor(actor, (s) => selectPhase(s) === 'playing');
    expect(launchGame.calls).toHaveLength(2);
    actor.stop();
  });

  it('[GAMES-22] starting another game while one is launching plays only the last one', async () => {
    const { actor, launchGame } = start();
    const crash = gameCard({ nodeId: 12, vassalage: 'HOUSE', gameCode: 'HOUSE_CRASH' });
    actor.send({ type: 'game.launch', card: DICE });
    actor.send({ type: 'game.launch', card: crash });
    expect(launchGame.calls.map((c) => c.gameCode)).toEqual(['HOUSE_DICE', 'HOUSE_CRASH']);
    launchGame.resolve(SESSION);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectPhase(actor.getSnapshot())).toBe('launching');
    launchGame.resolve({ ...SESSION, gameUrl: '/house/play/HOUSE_CRASH?session=def' });
    await waitFor(actor, (s) => selectPhase(s) === 'playing');
    expect(actor.getSnapshot().context).toMatchObject({ game: { card: crash }, session: { gameUrl: '/house/play/HOUSE_CRASH?session=def' } });
    actor.stop();
  });

  it('[GAMES-22] a launch that answers after the player closed the popup starts nothing', async () => {
    const { actor, launchGame } = start();
    actor.send({ type: 'game.launch', card: DICE });
    actor.send({ type: 'game.close' });
    launchGame.resolve(SESSION);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectPhase(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context.session).toBeNull();
    actor.stop();
  });
});
