import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameCard, VendorCategory, VendorItem } from '@shared/contract/games';
import { PLAYER, renderApp, resetShell, type RenderAppOptions } from '../../../helpers/render-app';

// The cards in the grid start games through the launcher (another work area); its calls are checked here.
const launcher = vi.hoisted(() => ({ launch: vi.fn(), launchVendor: vi.fn() }));
vi.mock('@client/features/games/use-game-launcher', () => ({ useGameLauncher: () => launcher, useLaunchGame: () => launcher.launch }));

const game = (nodeId: number, gameName: string, extra: Partial<GameCard> = {}): GameCard => ({
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
  ...extra,
});
const vendor = (vassalage: string, displayName: string, gameType: string, maintenance = false): VendorItem => ({
  vassalage,
  displayName,
  gameType,
  lagerIcon: `/v/${vassalage}.png`,
  maintenance,
});
const RNG_VENDORS = [vendor('PG', 'PG Soft', 'RNG'), vendor('JL', 'Jili', 'RNG')];
const RNG_MENU: VendorCategory = { gameCategory: 'RNG', title: 'Slots', gameClassify: 'SC,VP,JP,TG,AC', cards: [] };

const renderLobby = (options: RenderAppOptions = {}) =>
  renderApp({
    path: '/rng',
    ...options,
    handlers: {
      vendorList: () => ({ data: { lanes: [{ gameType: 'RNG', vendors: RNG_VENDORS }] } }),
      gameMenus: () => [RNG_MENU],
      gameList: () => ({ games: [game(1, 'Golden Dragon')], totalPages: 1 }),
      ...options.handlers,
    },
  });

const vendorMenu = () => screen.getByRole('region', { name: 'games:lobby.vendorMenu' });
const tabs = () => screen.getByRole('navigation', { name: 'games:lobby.tabsLabel' });
const search = () => screen.getByRole('search');
const labelsOf = (links: HTMLElement[]) => links.map((link) => link.textContent);

beforeEach(() => resetShell());

describe('game lobby page', { timeout: 20_000 }, () => {
  it('[GAMES-03] the vendor menu offers All, Recent and Favorite, then the category vendors; a vendor narrows the list', async () => {
    const { user, api, router } = await renderLobby();
    await within(await screen.findByRole('region', { name: 'games:lobby.vendorMenu' })).findByRole('link', { name: 'PG Soft' });
    expect(labelsOf(within(vendorMenu()).getAllByRole('link'))).toEqual(['games:lobby.all', 'games:lobby.recent', 'games:lobby.favorite', 'PG Soft', 'Jili']);
    expect(within(vendorMenu()).getByRole('link', { name: 'games:lobby.all' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(vendorMenu()).getByRole('link', { name: 'Jili' }));
    expect(router.location.search).toBe('?vassalage=JL');
    await waitFor(() => expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ gameType: 'RNG', vassalage: 'JL' }));
    expect(within(vendorMenu()).getByRole('link', { name: 'Jili' })).toHaveAttribute('aria-current', 'true');
  });

  it('[GAMES-03] Favorite and Recent in the vendor menu list the player’s own games of the category', async () => {
    const { user, api } = await renderLobby({
      member: PLAYER,
      handlers: {
        favoriteList: () => ({ content: [game(5, 'Fortune Ox')], totalPages: 1, pageNum: 1 }),
        recentGames: () => ({ list: [game(6, 'Mahjong Ways')], totalPages: 1 }),
      },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'games:lobby.vendorMenu' })).findByRole('link', { name: 'games:lobby.favorite' }));
    expect(await screen.findByText('Fortune Ox')).toBeInTheDocument();
    expect(api.callsTo('favoriteList').at(-1)?.query).toMatchObject({ gameType: 'RNG', pageSize: 999 });
    await user.click(within(vendorMenu()).getByRole('link', { name: 'games:lobby.recent' }));
    expect(await screen.findByText('Mahjong Ways')).toBeInTheDocument();
    expect(api.callsTo('recentGames').at(-1)?.query).toMatchObject({ gameType: 'RNG' });
  });

  it('[GAMES-04] the vendor menu shows 6 slides per view', async () => {
    await renderLobby();
    await within(await screen.findByRole('region', { name: 'games:lobby.vendorMenu' })).findByRole('link', { name: 'PG Soft' });
    expect(vendorMenu()).toHaveAttribute('data-slides-per-view', '6');
  });

  it('[GAMES-05] the searched name is trimmed before it is sent as gameName', async () => {
    const { user, api, router } = await renderLobby();
    await screen.findByText('Golden Dragon');
    await user.type(within(search()).getByRole('searchbox'), '   Dragon  ');
    await user.click(within(search()).getByRole('button', { name: 'games:lobby.search' }));
    await waitFor(() => expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ gameName: 'Dragon', pageNo: 1 }));
    expect(router.location.search).toBe('?name=Dragon');
  });

  it('[GAMES-06] the grid asks for 18 games a page', async () => {
    const { api } = await renderLobby();
    await screen.findByText('Golden Dragon');
    expect(api.callsTo('gameList')[0]?.query).toMatchObject({ gameType: 'RNG', pageSize: 18, pageNo: 1, listType: 'ALL' });
  });

  it('[GAMES-07] an empty list shows in_no_data instead of the grid', async () => {
    await renderLobby({ handlers: { gameList: () => ({ games: [], totalPages: 0 }) } });
    expect(await screen.findByText('common:in_no_data')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'games:lobby.paginator.label' })).not.toBeInTheDocument();
  });

  it('[GAMES-08] the filter tabs are NEW, FAV, ALL, HOT and RECENT, each loading its list', async () => {
    const { user, api } = await renderLobby({
      path: '/rng?vassalage=PG',
      member: PLAYER,
      handlers: {
        favoriteList: () => ({ content: [game(5, 'Fortune Ox')], totalPages: 1, pageNum: 1 }),
        recentGames: () => ({ list: [game(6, 'Mahjong Ways')], totalPages: 1 }),
      },
    });
    await screen.findByText('Golden Dragon');
    expect(labelsOf(within(tabs()).getAllByRole('link'))).toEqual([
      'games:lobby.tabs.NEW',
      'games:lobby.tabs.FAV',
      'games:lobby.tabs.ALL',
      'games:lobby.tabs.HOT',
      'games:lobby.tabs.RECENT',
    ]);
    expect(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.ALL' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.NEW' }));
    await waitFor(() => expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ listType: 'NEW', vassalage: 'PG' }));
    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.HOT' }));
    await waitFor(() => expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ listType: 'HOT', vassalage: 'PG' }));
    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.FAV' }));
    expect(await screen.findByText('Fortune Ox')).toBeInTheDocument();
    expect(api.callsTo('favoriteList').at(-1)?.query).toMatchObject({ gameType: 'RNG', vassalage: 'PG' });
    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.RECENT' }));
    expect(await screen.findByText('Mahjong Ways')).toBeInTheDocument();
    expect(api.callsTo('recentGames').at(-1)?.query).toMatchObject({ gameType: 'RNG', vassalage: 'PG' });
  });

  it('[GAMES-08] [AUTH-45] a guest choosing FAV or RECENT is told to log in and gets the login popup (ERR-03)', async () => {
    const { user, api, router } = await renderLobby();
    await screen.findByText('Golden Dragon');
    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.FAV' }));
    expect(screen.getByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeInTheDocument();
    expect(screen.getByText('common:notLoggedIn')).toBeInTheDocument();
    expect(router.location.search).toBe('');
    await user.click(within(vendorMenu()).getByRole('link', { name: 'games:lobby.recent' }));
    expect(router.location.search).toBe('');
    expect(api.callsTo('favoriteList')).toHaveLength(0);
    expect(api.callsTo('recentGames')).toHaveLength(0);
  });

  it('[AUTH-45] a guest opening a FAV lobby link is asked to log in and nothing is loaded', async () => {
    const { api } = await renderLobby({ path: '/rng?tab=FAV' });
    expect(await screen.findByText('common:notLoggedIn')).toBeInTheDocument();
    expect(api.callsTo('favoriteList')).toHaveLength(0);
  });

  it('[GAMES-11] the favourites tab applies the search and sub-type to the player’s favourites and pages them by 18', async () => {
    const favourites = [
      ...Array.from({ length: 20 }, (_, i) => game(100 + i, `Ox Fortune ${i + 1}`, { gameClassify: 'JP' })),
      game(200, 'Ox Scratch', { gameClassify: 'SC' }),
      game(201, 'Lucky Neko', { gameClassify: 'JP' }),
    ];
    const { user, api } = await renderLobby({
      path: '/rng?tab=FAV&subType=JP&name=ox',
      member: PLAYER,
      handlers: { favoriteList: () => ({ content: favourites, totalPages: 1, pageNum: 1 }) },
    });
    expect(await screen.findByText('Ox Fortune 1')).toBeInTheDocument();
    expect(screen.getByText('Ox Fortune 18')).toBeInTheDocument();
    expect(screen.queryByText('Ox Fortune 19')).not.toBeInTheDocument();
    expect(screen.queryByText('Ox Scratch')).not.toBeInTheDocument();
    expect(screen.queryByText('Lucky Neko')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'games:lobby.paginator.page' }));
    expect(await screen.findByText('Ox Fortune 20')).toBeInTheDocument();
    expect(screen.queryByText('Ox Fortune 1')).not.toBeInTheDocument();
    // The whole list is asked for; the page is cut locally.
    expect(api.callsTo('favoriteList').map((c) => c.query)).toContainEqual({ clientType: 3, platform: 'WEB', gameType: 'RNG', pageSize: 999, language: 'cimode' });
    expect(api.callsTo('favoriteList').some((c) => c.query?.pageNo !== undefined)).toBe(false);
  });

  it('[GAMES-09] the sub-type filters are SC, VP, JP, TG and AC; one narrows the list by gameClassify', async () => {
    const { user, api } = await renderLobby({ lng: 'en' });
    await screen.findByText('Golden Dragon');
    await within(screen.getByRole('main')).findByRole('navigation', { name: 'Game types' });
    const links = within(screen.getByRole('navigation', { name: 'Game types' })).getAllByRole('link');
    expect(labelsOf(links)).toEqual(['All types', 'Scratch', 'Video poker', 'Jackpot', 'Table games', 'Arcade']);
    await user.click(screen.getByRole('link', { name: 'Video poker' }));
    await waitFor(() => expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ gameClassify: 'VP', pageNo: 1 }));
  });

  it('[GAMES-09] a category whose games have no sub-types shows no sub-type filters', async () => {
    await renderLobby({ path: '/live', handlers: { gameMenus: () => [{ ...RNG_MENU, gameCategory: 'LIVE', gameClassify: '' }] } });
    await screen.findByText('Golden Dragon');
    expect(screen.queryByRole('navigation', { name: 'games:lobby.subTypesLabel' })).not.toBeInTheDocument();
  });

  it('[GAMES-10] bingo (BG) is offered only when the second supported language is active', async () => {
    const { unmount } = await renderLobby({ lng: 'ty' });
    await screen.findByText('Golden Dragon');
    await screen.findByRole('navigation', { name: 'Thể loại trò chơi' });
    const hrefs = () => within(screen.getByRole('main')).getAllByRole('link').map((a) => a.getAttribute('href') ?? '');
    expect(hrefs().filter((href) => href.includes('subType='))).toEqual([
      '/rng?subType=SC',
      '/rng?subType=VP',
      '/rng?subType=JP',
      '/rng?subType=TG',
      '/rng?subType=AC',
      '/rng?subType=BG',
    ]);
    unmount();
    resetShell();
    await renderLobby({ lng: 'en' });
    await screen.findByText('Golden Dragon');
    await screen.findByRole('navigation', { name: 'Game types' });
    expect(hrefs().some((href) => href.includes('subType=BG'))).toBe(false);
  });

  it('[GAMES-11] choosing a page loads that pageNo with the same filters and search', async () => {
    const { user, api, router } = await renderLobby({
      path: '/rng?vassalage=PG&tab=HOT&subType=JP&name=Dragon',
      handlers: { gameList: () => ({ games: [game(1, 'Golden Dragon')], totalPages: 4 }) },
    });
    await screen.findByText('Golden Dragon');
    // Page 1 is current; the others are 2, 3 and 4.
    await user.click(screen.getAllByRole('button', { name: 'games:lobby.paginator.page' })[1]!);
    await waitFor(() =>
      expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({
        gameType: 'RNG',
        vassalage: 'PG',
        listType: 'HOT',
        gameClassify: 'JP',
        gameName: 'Dragon',
        pageNo: 3,
        pageSize: 18,
      }),
    );
    expect(router.location.search).toBe('?vassalage=PG&tab=HOT&subType=JP&name=Dragon&page=3');
  });

  it('[GAMES-11] filters, search and page live in the URL, so going back restores them', async () => {
    const { user, api, router } = await renderLobby({ handlers: { gameList: () => ({ games: [game(1, 'Golden Dragon')], totalPages: 4 }) } });
    await screen.findByText('Golden Dragon');
    await user.click(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.NEW' }));
    await user.click((await screen.findAllByRole('button', { name: 'games:lobby.paginator.page' }))[0]!);
    await waitFor(() => expect(router.location.search).toBe('?tab=NEW&page=2'));
    await act(() => router.navigate(-1));
    expect(router.location.search).toBe('?tab=NEW');
    await waitFor(() => expect(within(tabs()).getByRole('link', { name: 'games:lobby.tabs.NEW' })).toHaveAttribute('aria-current', 'true'));
    expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ listType: 'NEW', pageNo: 1 });
  });

  it('[GAMES-12] the paginator comes with the cards, never under the loader, where their arrival would push it down', async () => {
    // The grid draws a list that arrives in a transition, showing the loader until then; every state the page passes
    // through is recorded, not only the last one.
    const pagerBesideLoader: boolean[] = [];
    const observer = new MutationObserver(() => {
      const pager = screen.queryByRole('navigation', { name: 'games:lobby.paginator.label' });
      pagerBesideLoader.push(pager !== null && screen.queryByRole('status', { name: 'common:loading' }) !== null);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await renderLobby({ handlers: { gameList: () => ({ games: [game(1, 'Golden Dragon')], totalPages: 3 }) } });
    await screen.findByText('Golden Dragon');
    expect(screen.getByRole('navigation', { name: 'games:lobby.paginator.label' })).toBeInTheDocument();
    observer.disconnect();
    expect(pagerBesideLoader).not.toContain(true);
  });

  it('[GAMES-12] the paginator keeps 2 pages at each end and 5 around the current one', async () => {
    await renderLobby({ path: '/rng?page=10', lng: 'en', handlers: { gameList: () => ({ games: [game(1, 'Golden Dragon')], totalPages: 20 }) } });
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    // A landmark holding a list, so a screen reader announces the number of page links.
    expect(within(pager).getByRole('list')).toContainElement(within(pager).getByRole('button', { name: 'Page 1' }));
    const pages = within(pager)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(pages).toEqual(['', '1', '2', '…', '8', '9', '10', '11', '12', '…', '19', '20', '']);
    expect(within(pager).getByRole('button', { name: 'Page 10, current page' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('game center page', { timeout: 20_000 }, () => {
  const SPORTS_VENDORS = [vendor('SABA', 'SABA Sports', 'SPORTS'), vendor('CMD', 'CMD368', 'SPORTS', true)];
  const renderCenter = (options: RenderAppOptions = {}) =>
    renderApp({
      path: '/sports',
      ...options,
      handlers: {
        vendorList: () => ({ data: { lanes: [{ gameType: 'SPORTS', vendors: SPORTS_VENDORS }] } }),
        gameMenus: () => [],
        gameList: () => ({ games: [game(9, 'Virtual Football', { gameType: 'SPORTS' })], totalPages: 1 }),
        ...options.handlers,
      },
    });

  it('[GAMES-02] shows the vendors and a maintenance notice naming the vendors under maintenance', async () => {
    const { api } = await renderCenter();
    const cards = await screen.findByRole('list', { name: 'games:lobby.vendorCards' });
    expect(within(cards).getByText('SABA Sports')).toBeInTheDocument();
    expect(within(cards).getByText('CMD368')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('games:lobby.maintenanceNotice');
    expect(api.callsTo('gameList')).toHaveLength(0);
  });

  it('[GAMES-02] [GAMES-16] a vendor card launches its vendor', async () => {
    launcher.launchVendor.mockClear();
    const { user } = await renderCenter();
    const cards = await screen.findByRole('list', { name: 'games:lobby.vendorCards' });
    await user.click(within(cards).getByText('SABA Sports'));
    expect(launcher.launchVendor).toHaveBeenCalledWith(expect.objectContaining({ vassalage: 'SABA', gameType: 'SPORTS' }));
  });

  it('[GAMES-02] the maintenance notice names the vendors', async () => {
    await renderCenter({ lng: 'en' });
    expect(await screen.findByRole('note')).toHaveTextContent('Under maintenance: CMD368.');
  });

  it('[GAMES-02] offers a game search over the category', async () => {
    const { user, api } = await renderCenter();
    await screen.findByRole('list', { name: 'games:lobby.vendorCards' });
    await user.type(within(search()).getByRole('searchbox'), ' Football ');
    await user.click(within(search()).getByRole('button', { name: 'games:lobby.search' }));
    expect(await screen.findByText('Virtual Football')).toBeInTheDocument();
    expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ gameType: 'SPORTS', gameName: 'Football', pageSize: 18 });
  });

  it('[GAMES-02] offers the player’s favourites and recent games of the category', async () => {
    const { user, api } = await renderCenter({
      member: PLAYER,
      handlers: {
        favoriteList: () => ({ content: [game(11, 'Fav Match', { gameType: 'SPORTS' })], totalPages: 1, pageNum: 1 }),
        recentGames: () => ({ list: [game(12, 'Recent Match', { gameType: 'SPORTS' })], totalPages: 1 }),
      },
    });
    await user.click(await within(await screen.findByRole('region', { name: 'games:lobby.vendorMenu' })).findByRole('link', { name: 'games:lobby.favorite' }));
    expect(await screen.findByText('Fav Match')).toBeInTheDocument();
    expect(api.callsTo('favoriteList').at(-1)?.query).toMatchObject({ gameType: 'SPORTS' });
    await user.click(within(vendorMenu()).getByRole('link', { name: 'games:lobby.recent' }));
    expect(await screen.findByText('Recent Match')).toBeInTheDocument();
    expect(api.callsTo('recentGames').at(-1)?.query).toMatchObject({ gameType: 'SPORTS' });
  });
});
