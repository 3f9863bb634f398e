import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameCard } from '@shared/contract/games';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

vi.mock('@client/features/games/use-game-launcher', () => ({ useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }), useLaunchGame: () => vi.fn() }));

const game = (nodeId: number, gameName: string): GameCard => ({
  nodeId,
  vassalage: 'PG',
  gameType: 'RNG',
  gameName,
  iconUrl: `/games/${nodeId}.png`,
  gameClassify: '',
  isGame: 'GAME',
  gameCode: `G${nodeId}`,
  isHot: 0,
  supportPlay: 1,
  lottoArea: null,
});

beforeEach(() => resetShell());

describe('favourite and recent pages', { timeout: 20_000 }, () => {
  it('[GAMES-37] /favorite loads the favourite list 999 to a page and pages by its pageNum and totalPages', async () => {
    const { user, api, router } = await renderApp({
      path: '/favorite',
      member: PLAYER,
      handlers: {
        favoriteList: ({ query }) => {
          const pageNum = Number(query?.pageNo ?? 1);
          return { content: [game(pageNum, `Favourite ${pageNum}`)], totalPages: 2, pageNum };
        },
      },
    });
    expect(await screen.findByText('Favourite 1')).toBeInTheDocument();
    expect(api.callsTo('favoriteList')[0]?.query).toMatchObject({ pageSize: 999, pageNo: 1 });
    expect(screen.getByRole('button', { name: 'games:lobby.paginator.currentPage' })).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'games:lobby.paginator.page' }));
    expect(await screen.findByText('Favourite 2')).toBeInTheDocument();
    expect(api.callsTo('favoriteList').at(-1)?.query).toMatchObject({ pageSize: 999, pageNo: 2 });
    expect(router.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'games:lobby.paginator.currentPage' })).toHaveTextContent('2');
  });

  it('[GAMES-37] a single page of favourites shows no paginator', async () => {
    await renderApp({ path: '/favorite', member: PLAYER, handlers: { favoriteList: () => ({ content: [game(1, 'Fortune Ox')], totalPages: 1, pageNum: 1 }) } });
    expect(await screen.findByText('Fortune Ox')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('[GAMES-38] /recent lists the player’s recent games from the recent games call', async () => {
    const { api } = await renderApp({
      path: '/recent',
      member: PLAYER,
      handlers: { recentGames: () => ({ list: [game(6, 'Mahjong Ways'), game(7, 'Lucky Neko')], totalPages: 1 }) },
    });
    expect(await screen.findByText('Mahjong Ways')).toBeInTheDocument();
    expect(screen.getByText('Lucky Neko')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('recentGames')).toHaveLength(1));
  });

  it('[GAMES-38] [AUTH-45] /recent asks a guest to log in and loads nothing', async () => {
    const { api } = await renderApp({ path: '/recent' });
    expect(await screen.findByText('common:notLoggedIn')).toBeInTheDocument();
    expect(api.callsTo('recentGames')).toHaveLength(0);
  });
});
