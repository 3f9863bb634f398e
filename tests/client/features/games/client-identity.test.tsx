import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointKey } from '@shared/contract/http';
import { CLIENT_PLATFORM, CLIENT_TYPE, GAME_LIST_CLIENT, LOTTERY_TYPE, RECENT_GAMES_CLIENT } from '@shared/contract/games.values';
import type { FakeApi } from '../../../helpers/fake-api';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';
import { game, lobbyHandlers } from './home-fixtures';

vi.mock('@client/features/games/use-game-launcher', () => ({ useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }), useLaunchGame: () => vi.fn() }));

beforeEach(() => resetShell());

/** Every query the client sent to `key`: each must carry the identity (and nothing else may stand in for it). */
const queriesTo = (api: FakeApi, key: Extract<EndpointKey, 'gameList' | 'favoriteList' | 'recentGames'>) => api.callsTo(key).map((c) => c.query);

const expectWebClient = (api: FakeApi) => {
  for (const key of ['gameList', 'favoriteList'] as const) {
    for (const query of queriesTo(api, key)) expect(query, key).toMatchObject({ clientType: 3, platform: 'WEB' });
  }
  // The recent games call carries clientType only (API-43).
  for (const query of queriesTo(api, 'recentGames')) {
    expect(query).toMatchObject({ clientType: 3 });
    expect(query).not.toHaveProperty('platform');
  }
};

describe('the client identifies itself on the game calls (CONST-03)', { timeout: 20_000 }, () => {
  it('[CONST-03] the constants are platform WEB, clientType 3 and lottery type Lott', () => {
    expect([CLIENT_PLATFORM, CLIENT_TYPE, LOTTERY_TYPE]).toEqual(['WEB', 3, 'Lott']);
    expect(GAME_LIST_CLIENT).toEqual({ clientType: 3, platform: 'WEB' });
    expect(RECENT_GAMES_CLIENT).toEqual({ clientType: 3 });
  });

  it('[CONST-03] [API-37] [API-41] [API-43] the home rows and a category tab ask as clientType 3 on platform WEB', async () => {
    const { api, user } = await renderApp({ member: PLAYER, handlers: lobbyHandlers() });
    await waitFor(() => expect(api.callsTo('favoriteList').length).toBeGreaterThan(0));
    await waitFor(() => expect(api.callsTo('recentGames').length).toBeGreaterThan(0));
    await user.click(await screen.findByRole('tab', { name: 'common:gameTypes.LIVE' }));
    await waitFor(() => expect(api.callsTo('gameList').some((c) => c.query?.gameType === 'LIVE')).toBe(true));
    expectWebClient(api);
  });

  it('[CONST-03] [API-37] [API-41] [API-43] the category lobby asks as clientType 3 on platform WEB on every tab', async () => {
    const { api, user } = await renderApp({
      path: '/rng',
      member: PLAYER,
      handlers: lobbyHandlers({
        gameMenus: () => [{ gameCategory: 'RNG', title: 'Slots', gameClassify: 'SC,VP,JP,TG,AC', cards: [] }],
        favoriteList: () => ({ content: [game(5, 'Fortune Ox')], totalPages: 1, pageNum: 1 }),
        recentGames: () => ({ list: [game(6, 'Mahjong Ways')], totalPages: 1 }),
      }),
    });
    await screen.findByRole('navigation', { name: 'games:lobby.tabsLabel' });
    const tabs = () => screen.getByRole('navigation', { name: 'games:lobby.tabsLabel' });
    await waitFor(() => expect(api.callsTo('gameList').length).toBeGreaterThan(0));
    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.FAV' }));
    expect(await screen.findByText('Fortune Ox')).toBeInTheDocument();
    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.RECENT' }));
    expect(await screen.findByText('Mahjong Ways')).toBeInTheDocument();
    expect(api.callsTo('favoriteList').at(-1)?.query).toMatchObject({ gameType: 'RNG', clientType: 3, platform: 'WEB' });
    expect(api.callsTo('recentGames').at(-1)?.query).toMatchObject({ gameType: 'RNG', clientType: 3 });
    expectWebClient(api);
  });

  it('[CONST-03] [API-41] the favourite page asks as clientType 3 on platform WEB', async () => {
    const { api } = await renderApp({
      path: '/favorite',
      member: PLAYER,
      handlers: { favoriteList: () => ({ content: [game(1, 'Fortune Ox')], totalPages: 1, pageNum: 1 }) },
    });
    expect(await screen.findByText('Fortune Ox')).toBeInTheDocument();
    expect(api.callsTo('favoriteList')).not.toHaveLength(0);
    expectWebClient(api);
  });

  it('[CONST-03] [API-43] the recent games page asks as clientType 3', async () => {
    const { api } = await renderApp({ path: '/recent', member: PLAYER, handlers: { recentGames: () => ({ list: [game(6, 'Mahjong Ways')], totalPages: 1 }) } });
    expect(await screen.findByText('Mahjong Ways')).toBeInTheDocument();
    expect(api.callsTo('recentGames')).not.toHaveLength(0);
    expectWebClient(api);
  });
});
