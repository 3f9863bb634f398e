import { createActor, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { GameCard } from '@shared/contract/games';
import { favouritesMachine } from '@machines/games/favourites.machine';
import { selectFavouriteIds, selectFavouritesError } from '@machines/games/favourites.selectors';
import type { FavouriteIdsReply, FavouriteRef, FavouritesEmitted } from '@machines/games/favourites.types';
import { advance, answeringActor, apiError, controlledActor, flush } from '../support/fakes';

const card = (nodeId: number, overrides: Partial<GameCard> = {}): GameCard => ({
  nodeId,
  vassalage: 'PG',
  gameType: 'RNG',
  gameName: `Game ${nodeId}`,
  iconUrl: `/static/games/${nodeId}.svg`,
  gameClassify: '',
  isGame: 'GAME',
  gameCode: `G${nodeId}`,
  isHot: 0,
  supportPlay: 1,
  lottoArea: null,
  ...overrides,
});

const start = ({ stored = {} }: { stored?: Record<string, string[]> } = {}) => {
  const add = controlledActor<FavouriteIdsReply, FavouriteRef>();
  const remove = controlledActor<FavouriteIdsReply, FavouriteRef>();
  const clock = new SimulatedClock();
  const readStored = answeringActor<string[], { userName: string }>(({ userName }) => stored[userName] ?? []);
  const actor = createActor(
    favouritesMachine.provide({ actors: { addFavourite: add.logic, removeFavourite: remove.logic, readStoredFavouriteIds: readStored.logic } }),
    { clock },
  ).start();
  const emitted: FavouritesEmitted[] = [];
  actor.on('*', (event) => void emitted.push(event));
  const ids = () => selectFavouriteIds(actor.getSnapshot());
  /** Logs a member in and delivers the session's load of their ids. */
  const logIn = async (loaded: number[] = [], userName = 'player01') => {
    actor.send({ type: 'session.changed', loginState: 'member', userName, memberId: 7 });
    await flush();
    actor.send({ type: 'favourites.loaded', nodeIds: loaded });
  };
  return { actor, clock, add, remove, emitted, ids, logIn, readStored };
};

describe('favourites', () => {
  it('[GAMES-31][GAMES-33] adding puts the id, as a string, in the local list before the server answers; the server list then counts', async () => {
    const { actor, add, ids, emitted, logIn } = start();
    await logIn([5]);
    actor.send({ type: 'favourite.toggle', card: card(12) });
    expect(ids()).toEqual(['5', '12']);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(add.calls).toEqual([{ nodeId: 12, vendor: 'PG', gameType: 'RNG' }]);
    add.resolve({ nodeIds: [5, 12, 40] });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(ids()).toEqual(['5', '12', '40']);
    expect(emitted).toContainEqual({ type: 'favourites.saved', ids: ['5', '12', '40'] });
    expect(emitted).toContainEqual({ type: 'favourites.synced', userName: 'player01', ids: ['5', '12', '40'] });
  });

  it('[GAMES-32] removing takes the id out of the local list before calling remove', async () => {
    const { actor, add, remove, ids, logIn } = start();
    await logIn([5, 12]);
    actor.send({ type: 'favourite.toggle', card: card(12) });
    expect(ids()).toEqual(['5']);
    expect(remove.calls).toEqual([{ nodeId: 12, vendor: 'PG', gameType: 'RNG' }]);
    expect(add.calls).toEqual([]);
    remove.resolve({ nodeIds: [5] });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(ids()).toEqual(['5']);
  });

  it('[GAMES-31] a refused add rolls the list back and surfaces the error code', async () => {
    const { actor, add, ids, emitted, logIn } = start();
    await logIn([5]);
    actor.send({ type: 'favourite.toggle', card: card(12) });
    expect(ids()).toEqual(['5', '12']);
    add.reject(apiError('NETWORK'));
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(ids()).toEqual(['5']);
    expect(selectFavouritesError(actor.getSnapshot())?.code).toBe('NETWORK');
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'favourites.failed', error: expect.objectContaining({ code: 'NETWORK' }) }));
    expect(emitted.some((e) => e.type === 'favourites.saved')).toBe(false);
  });

  it('[GAMES-32] a refused remove puts the id back', async () => {
    const { actor, remove, ids, logIn } = start();
    await logIn([5, 12]);
    actor.send({ type: 'favourite.toggle', card: card(5) });
    expect(ids()).toEqual(['12']);
    remove.reject(apiError('INTERNAL'));
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(ids()).toEqual(['5', '12']);
    expect(selectFavouritesError(actor.getSnapshot())?.code).toBe('INTERNAL');
  });

  it('[GAMES-35] a second toggle within 1000 ms is ignored; one after 1000 ms acts', async () => {
    const { actor, clock, add, remove, ids, logIn } = start();
    await logIn([]);
    actor.send({ type: 'favourite.toggle', card: card(1) });
    add.resolve({ nodeIds: [1] });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    advance(clock, 900);
    actor.send({ type: 'favourite.toggle', card: card(1) });
    actor.send({ type: 'favourite.toggle', card: card(2) });
    expect(ids()).toEqual(['1']);
    expect(remove.calls).toEqual([]);
    expect(add.calls).toHaveLength(1);
    advance(clock, 100);
    actor.send({ type: 'favourite.toggle', card: card(1) });
    expect(ids()).toEqual([]);
    expect(remove.calls).toEqual([{ nodeId: 1, vendor: 'PG', gameType: 'RNG' }]);
  });

  it('[GAMES-35] a toggle while a change is still being saved is dropped', async () => {
    const { actor, clock, add, ids, logIn } = start();
    await logIn([]);
    actor.send({ type: 'favourite.toggle', card: card(1) });
    advance(clock, 1500);
    actor.send({ type: 'favourite.toggle', card: card(2) });
    expect(ids()).toEqual(['1']);
    expect(add.calls).toHaveLength(1);
    add.resolve({ nodeIds: [1] });
    await waitFor(actor, (s) => !s.hasTag('saving'));
    actor.send({ type: 'favourite.toggle', card: card(2) });
    expect(ids()).toEqual(['1', '2']);
  });

  it('[GAMES-36][ERR-06] a trial account (type 4) is refused with in_need_true_account and nothing changes', async () => {
    const { actor, add, remove, ids, emitted } = start();
    actor.send({ type: 'session.changed', loginState: 'trial', userName: 'trial01', memberId: 7 });
    actor.send({ type: 'favourites.loaded', nodeIds: [3] });
    actor.send({ type: 'favourite.toggle', card: card(3) });
    actor.send({ type: 'favourite.toggle', card: card(4) });
    await flush();
    expect(ids()).toEqual(['3']);
    expect(add.calls).toEqual([]);
    expect(remove.calls).toEqual([]);
    expect(emitted.filter((e) => e.type === 'favourites.refused')).toEqual([
      { type: 'favourites.refused', messageKey: 'in_need_true_account' },
      { type: 'favourites.refused', messageKey: 'in_need_true_account' },
    ]);
  });

  it('[GAMES-34] a guest toggle changes nothing and asks for the login', async () => {
    const { actor, add, ids, emitted } = start();
    actor.send({ type: 'favourite.toggle', card: card(3) });
    await flush();
    expect(ids()).toEqual([]);
    expect(add.calls).toEqual([]);
    expect(emitted).toEqual([{ type: 'favourites.loginRequired' }]);
  });

  it('[GAMES-33] the ids kept on this device show at login, until the session load replaces them', async () => {
    const { actor, ids, readStored } = start({ stored: { player01: ['7', '8'] } });
    actor.send({ type: 'session.changed', loginState: 'member', userName: 'player01', memberId: 7 });
    await flush();
    expect(readStored.calls).toEqual([{ userName: 'player01' }]);
    expect(ids()).toEqual(['7', '8']);
    actor.send({ type: 'favourites.loaded', nodeIds: [8, 9] });
    expect(ids()).toEqual(['8', '9']);
  });

  it('[GAMES-33] logout clears the list; another account starts from its own', async () => {
    const { actor, ids, logIn, emitted } = start({ stored: { other: ['42'] } });
    await logIn([1, 2]);
    actor.send({ type: 'session.changed', loginState: 'loggedOut', userName: null, memberId: null });
    expect(ids()).toEqual([]);
    actor.send({ type: 'session.changed', loginState: 'member', userName: 'other', memberId: 8 });
    await flush();
    expect(ids()).toEqual(['42']);
    actor.send({ type: 'favourite.toggle', card: card(9) });
    expect(ids()).toEqual(['42', '9']);
    expect(emitted.filter((e) => e.type === 'favourites.loginRequired')).toEqual([]);
  });

  it('[GAMES-31] a list loaded while an add is saved is what a refusal goes back to', async () => {
    const { actor, add, ids } = start();
    actor.send({ type: 'session.changed', loginState: 'member', userName: 'player01', memberId: 7 });
    await flush();
    actor.send({ type: 'favourite.toggle', card: card(12) });
    actor.send({ type: 'favourites.loaded', nodeIds: [5] });
    expect(ids()).toEqual(['12']);
    add.reject(apiError('NETWORK'));
    await waitFor(actor, (s) => !s.hasTag('saving'));
    expect(ids()).toEqual(['5']);
  });
});
