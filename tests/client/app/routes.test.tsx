import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GameCard, VendorItem } from '@shared/contract/games';
import { AGENT, PLAYER, renderApp, resetShell } from '../../helpers/render-app';

const game = (nodeId: number, gameName: string, vassalage = 'PG', gameType = 'RNG'): GameCard => ({
  nodeId,
  vassalage,
  gameType,
  gameName,
  iconUrl: `/games/${nodeId}.png`,
  gameClassify: '',
  isGame: 'GAME',
  gameCode: `G${nodeId}`,
  isHot: 0,
  supportPlay: 1,
  lottoArea: null,
});
const vendor = (vassalage: string, displayName: string, gameType: string): VendorItem => ({ vassalage, displayName, gameType, lagerIcon: `/v/${vassalage}.png`, maintenance: false });

const shellParts = () => ({
  header: screen.queryByRole('banner'),
  sideMenu: screen.queryByRole('complementary', { name: 'shell:sideMenu.label' }),
  banner: screen.queryByRole('region', { name: 'shell:banner.label' }),
  main: screen.queryByRole('main'),
  footer: screen.queryByRole('contentinfo'),
  miniGame: screen.queryByTestId('mini-game'),
});

beforeEach(() => resetShell());

// The first test loads and transforms every popup's chunk (render-app.tsx, loadPopups): about 3 s on a quiet machine, past 5 under a busy one.
describe('routes', { timeout: 20_000 }, () => {
  for (const path of ['/', '/index', '/index.html', '/home']) {
    it(`[SHELL-01] ${path} renders the home lobby with header, banner, main content, footer and side menu`, async () => {
      await renderApp({ path });
      expect(await screen.findByTestId('index-view')).toBeInTheDocument();
      const parts = shellParts();
      expect(parts.header).toBeInTheDocument();
      expect(parts.banner).toBeInTheDocument();
      expect(parts.main).toContainElement(screen.getByTestId('index-view'));
      expect(parts.footer).toBeInTheDocument();
      expect(parts.sideMenu).toBeInTheDocument();
    });
  }

  it('[SHELL-02] /login renders the home lobby and opens the login popup', async () => {
    await renderApp({ path: '/login' });
    expect(await screen.findByTestId('index-view')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeInTheDocument();
  });

  it('[SHELL-02] closing the login popup opened by /login goes home', async () => {
    const { router, user } = await renderApp({ path: '/login' });
    const dialog = await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    await user.click(within(dialog).getByRole('button', { name: 'common:actions.close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.location.pathname).toBe('/');
  });

  it('[SHELL-03] /register renders the home lobby and opens the registration modal', async () => {
    await renderApp({ path: '/register' });
    expect(await screen.findByTestId('index-view')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'shell:popups.registerModal' })).toBeInTheDocument();
  });

  it('[SHELL-04] /agent renders the agent login page with no header and no footer', async () => {
    await renderApp({ path: '/agent' });
    expect(await screen.findByRole('heading', { name: 'agent-login:title' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'agent-login:formTitle' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('[SHELL-05] /agentHome renders the agent center, a left menu and a content area, for an agent', async () => {
    await renderApp({ path: '/agentHome', member: AGENT });
    const menu = await screen.findByRole('navigation', { name: 'shell:screens.agentHome' });
    expect(within(menu).getByRole('link', { name: 'shell:agentPages.agentTeamOverview' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'shell:agentPages.agentTeamOverview' })).toBeInTheDocument();
  });

  it('[SHELL-05] /agentHome sends a non-agent to /agent', async () => {
    const { router } = await renderApp({ path: '/agentHome', member: PLAYER });
    expect(await screen.findByRole('heading', { name: 'agent-login:title' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/agent');
  });

  it('[SHELL-06] /member renders the member center with its pages, securityCenter first', async () => {
    await renderApp({ path: '/member', member: PLAYER });
    const menu = await screen.findByRole('navigation', { name: 'shell:screens.member' });
    expect(within(menu).getAllByRole('link')).toHaveLength(14);
    expect(screen.getByRole('heading', { level: 2, name: 'shell:memberPages.securityCenter' })).toBeInTheDocument();
    expect(await screen.findByText(PLAYER.account)).toBeInTheDocument();
  });

  it('[SHELL-06] /member asks a guest to log in', async () => {
    await renderApp({ path: '/member' });
    expect(await screen.findByText('common:notLoggedIn')).toBeInTheDocument();
  });

  it('[SHELL-07] [MEMBER-21] /help renders the help page and opens the help modal at the #term section', async () => {
    const articles = [
      { anchor: 'about', title: 'About us', content: '<p>Who we are</p>' },
      { anchor: 'term', title: 'Terms and conditions', content: '<p>The rules</p>' },
    ];
    await renderApp({ path: '/help#term', handlers: { helpCenter: () => ({ lang: 'en', articles }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.help' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'shell:popups.helpModal' });
    expect(await within(dialog).findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(within(dialog).getByText('The rules')).toBeInTheDocument();
    expect(within(dialog).queryByText('Who we are')).not.toBeInTheDocument();
  });

  for (const [path, gameType] of [
    ['/sports', 'SPORTS'],
    ['/esports', 'ESPORTS'],
    ['/lott', 'LOTT'],
    ['/elott', 'ELOTT'],
  ] as const) {
    it(`[SHELL-08] ${path} renders the game center of ${gameType}: its vendors`, async () => {
      await renderApp({
        path,
        handlers: { vendorList: () => ({ data: { lanes: [{ gameType, vendors: [vendor('V1', 'Vendor One', gameType)] }] } }) },
      });
      expect(await screen.findByRole('heading', { level: 1, name: `common:gameTypes.${gameType}` })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 3, name: 'Vendor One' })).toBeInTheDocument();
    });
  }

  for (const [path, gameType] of [
    ['/live', 'LIVE'],
    ['/fish', 'FISH'],
    ['/rng', 'RNG'],
    ['/pvp', 'PVP'],
  ] as const) {
    it(`[SHELL-09] ${path} renders the game list of ${gameType}`, async () => {
      const { api } = await renderApp({ path, handlers: { gameList: () => ({ games: [game(1, 'Golden Dragon', 'PG', gameType)], totalPages: 1 }) } });
      expect(await screen.findByRole('heading', { level: 1, name: `common:gameTypes.${gameType}` })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 3, name: 'Golden Dragon' })).toBeInTheDocument();
      expect(api.callsTo('gameList')[0]?.query).toMatchObject({ gameType, pageSize: 18 });
    });
  }

  it('[SHELL-09] a category without games shows the no-data text', async () => {
    await renderApp({ path: '/fish', handlers: { gameList: () => ({ games: [], totalPages: 0 }) } });
    expect(await screen.findByText('common:in_no_data')).toBeInTheDocument();
  });

  it('[SHELL-10] /favorite renders the player’s favourite games', async () => {
    await renderApp({ path: '/favorite', member: PLAYER, handlers: { favoriteList: () => ({ content: [game(5, 'Fortune Ox')], totalPages: 1, pageNum: 1 }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.favorite' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Fortune Ox' })).toBeInTheDocument();
  });

  it('[SHELL-10] /recent renders the player’s recent games', async () => {
    await renderApp({ path: '/recent', member: PLAYER, handlers: { recentGames: () => ({ list: [game(6, 'Mahjong Ways')], totalPages: 1 }) } });
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.recent' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Mahjong Ways' })).toBeInTheDocument();
  });

  it('[SHELL-10] /favorite asks a guest to log in and loads nothing', async () => {
    const { api } = await renderApp({ path: '/favorite' });
    expect(await screen.findByText('common:notLoggedIn')).toBeInTheDocument();
    expect(api.callsTo('favoriteList')).toHaveLength(0);
  });

  for (const path of ['/lottery', '/seaLottery', '/vnLottery']) {
    it(`[SHELL-11] ${path} renders the lottery page of ?gameCode for a logged-in session`, async () => {
      await renderApp({
        path: `${path}?gameCode=VN_NORTH`,
        member: PLAYER,
        handlers: {
          gameMenus: () => [],
          vnLotteryMenu: () => ({ gameMenus: [{ gameCode: 'VN_NORTH', gameName: 'North lottery', accountTypeName: 'Lott', iconUrl: '/l.png' }] }),
        },
      });
      expect(await screen.findByText('North lottery · Lott')).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: /North lottery/ })).toHaveAttribute('aria-current', 'page');
    });

    it(`[SHELL-11] ${path} sends a guest to /login`, async () => {
      const { router } = await renderApp({ path: `${path}?gameCode=VN_NORTH` });
      expect(await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeInTheDocument();
      expect(router.location.pathname).toBe('/login');
    });
  }

  it('[SHELL-12] /rng?vassalage renders the game list of that slot vendor', async () => {
    const { api } = await renderApp({
      path: '/rng?vassalage=PG',
      handlers: {
        vendorList: () => ({ data: { lanes: [{ gameType: 'RNG', vendors: [vendor('PG', 'PG Soft', 'RNG'), vendor('JL', 'Jili', 'RNG')] }] } }),
        gameList: () => ({ games: [game(1, 'Lucky Neko')], totalPages: 1 }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'common:gameTypes.RNG · PG Soft' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Lucky Neko' })).toBeInTheDocument();
    expect(api.callsTo('gameList').at(-1)?.query).toMatchObject({ gameType: 'RNG', vassalage: 'PG' });
  });

  it('[SHELL-13] /promotions, /pointMall and /seamless render the promotions page, the points mall and the seamless game page', async () => {
    const { router } = await renderApp({ path: '/promotions' });
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.promotions' })).toBeInTheDocument();
    await act(() => router.navigate('/pointMall'));
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.pointMall' })).toBeInTheDocument();
    await act(() => router.navigate('/seamless'));
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.seamless' })).toBeInTheDocument();
  });

  it('[AUTH-44] a guest browses home, games, promotions and help without being asked to log in, and can register, log in and start a free demo', async () => {
    const { router, user } = await renderApp({
      permission: { flags: { FREEPLAY3: true } },
      handlers: { gameList: () => ({ games: [game(1, 'Golden Dragon')], totalPages: 1 }), helpCenter: () => ({ lang: 'en', articles: [] }) },
    });
    expect(await screen.findByTestId('index-view')).toBeInTheDocument();
    await act(() => router.navigate('/rng'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Golden Dragon' })).toBeInTheDocument();
    await act(() => router.navigate('/promotions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.promotions' })).toBeInTheDocument();
    await act(() => router.navigate('/help'));
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.help' })).toBeInTheDocument();
    expect(screen.queryByText('common:notLoggedIn')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'shell:popups.loginPopupModal' })).not.toBeInTheDocument();

    const header = screen.getByRole('banner');
    await user.click(within(header).getByRole('button', { name: 'common:actions.register' }));
    expect(await screen.findByRole('dialog', { name: 'shell:popups.registerModal' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'shell:popups.registerModal' })).getByRole('button', { name: 'common:actions.close' }));
    await user.click(within(header).getByRole('button', { name: 'common:actions.login' }));
    const login = await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    expect(within(login).getByRole('button', { name: 'auth:freePlay.start' })).toBeInTheDocument();
  });

  it('[AUTH-46] a player uses the member center with deposit, withdraw and messages, sees the balance, and opens favourites, points and promotions', async () => {
    const { router } = await renderApp({
      path: '/member',
      member: PLAYER,
      handlers: {
        balance: () => ({ balance: 12.5, currencySymbol: '₫' }),
        favoriteList: () => ({ content: [game(5, 'Fortune Ox')], totalPages: 1, pageNum: 1 }),
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'shell:screens.member' });
    for (const page of ['depositv2', 'withdraw', 'messageV2']) {
      expect(within(menu).getByRole('link', { name: new RegExp(`shell:memberPages.${page}`) }), page).toBeInTheDocument();
    }
    await waitFor(() => expect(within(screen.getByRole('banner')).getByTestId('balance-amount')).toHaveTextContent('12.50'));
    await act(() => router.navigate('/favorite'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Fortune Ox' })).toBeInTheDocument();
    await act(() => router.navigate('/pointMall'));
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.pointMall' })).toBeInTheDocument();
    await act(() => router.navigate('/promotions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.promotions' })).toBeInTheDocument();
    expect(screen.queryByText('common:notLoggedIn')).not.toBeInTheDocument();
  });

  it('an unknown path renders the not-found page inside the site', async () => {
    await renderApp({ path: '/no-such-page' });
    expect(await screen.findByText('shell:notFound.title')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('[SHELL-15] back and forward move between visited routes', async () => {
    const { router } = await renderApp({ path: '/live' });
    expect(await screen.findByRole('heading', { level: 1, name: 'common:gameTypes.LIVE' })).toBeInTheDocument();
    await act(() => router.navigate('/fish'));
    expect(await screen.findByRole('heading', { level: 1, name: 'common:gameTypes.FISH' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'common:gameTypes.LIVE' })).toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'common:gameTypes.FISH' })).toBeInTheDocument();
  });

  it('[SHELL-16] each navigation scrolls to the top, or to the element named by the hash', async () => {
    const { router } = await renderApp({ path: '/live' });
    await screen.findByRole('heading', { level: 1, name: 'common:gameTypes.LIVE' });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/fish#main'));
    await screen.findByRole('heading', { level: 1, name: 'common:gameTypes.FISH' });
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts.at(-1)).toBe(screen.getByRole('main'));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});

describe('app shell', () => {
  for (const path of ['/agent', '/agentHome']) {
    it(`[SHELL-18] ${path} shows only the agent view`, async () => {
      await renderApp({ path, member: AGENT });
      await screen.findAllByRole('heading', { level: 1 });
      expect(shellParts()).toMatchObject({ header: null, sideMenu: null, banner: null, footer: null, miniGame: null });
    });
  }

  for (const path of ['/live', '/promotions', '/member', '/no-such-page']) {
    it(`[SHELL-19] ${path} shows side menu, header, banner, main content, footer and a mini game`, async () => {
      await renderApp({ path, member: PLAYER });
      await screen.findAllByRole('heading', { level: 1 });
      for (const part of Object.values(shellParts())) expect(part).toBeInTheDocument();
    });
  }

  it('[SHELL-20] /, /login and /register share one index view instance', async () => {
    const { router } = await renderApp({ path: '/' });
    const indexView = await screen.findByTestId('index-view');
    await act(() => router.navigate('/login'));
    await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    expect(screen.getByTestId('index-view')).toBe(indexView);
    await act(() => router.navigate('/register'));
    await screen.findByRole('dialog', { name: 'shell:popups.registerModal' });
    expect(screen.getByTestId('index-view')).toBe(indexView);
    await act(() => router.navigate('/index'));
    expect(screen.getByTestId('index-view')).toBe(indexView);
  });

  it('[SHELL-20] elsewhere a change of full path renders a fresh view', async () => {
    const { router, container } = await renderApp({ path: '/rng?vassalage=PG' });
    await screen.findByRole('heading', { level: 1 });
    const first = container.querySelector('[data-category="RNG"]');
    await act(() => router.navigate('/rng?vassalage=JL'));
    await waitFor(() => expect(container.querySelector('[data-category="RNG"]')).not.toBe(first));
    expect(first?.isConnected).toBe(false);
  });

  for (const path of ['/seamless', '/lottery', '/vnLottery', '/seaLottery']) {
    it(`[SHELL-21] the side menu starts hidden on ${path}`, async () => {
      await renderApp({ path, member: PLAYER });
      await screen.findAllByRole('heading', { level: 1 });
      expect(shellParts().sideMenu).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'shell:header.showMenu' })).toHaveAttribute('aria-expanded', 'false');
    });
  }

  it('[SHELL-21] the side menu is shown by default on other pages', async () => {
    await renderApp({ path: '/live' });
    await screen.findByRole('heading', { level: 1 });
    expect(shellParts().sideMenu).toBeInTheDocument();
  });

  it('[SHELL-22] the toggle hides and shows the side menu', async () => {
    const { user } = await renderApp({ path: '/live' });
    await screen.findByRole('heading', { level: 1 });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'shell:header.hideMenu' }));
    expect(shellParts().sideMenu).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'shell:header.showMenu' }));
    expect(shellParts().sideMenu).toBeInTheDocument();
  });

  it('[SHELL-22] the side menu can be opened on a game page', async () => {
    const { user } = await renderApp({ path: '/seamless' });
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'shell:header.showMenu' }));
    expect(shellParts().sideMenu).toBeInTheDocument();
  });

  it('[SHELL-05] an agent who signs out of the agent center is sent to /agent', async () => {
    const { router, signOut } = await renderApp({ path: '/agentHome', member: AGENT });
    await screen.findByRole('navigation', { name: 'shell:screens.agentHome' });
    await signOut();
    await waitFor(() => expect(router.location.pathname).toBe('/agent'));
  });

  it('[SHELL-11] a guest who logs in on /login can then open a lottery page', async () => {
    const { router, signIn } = await renderApp({ path: '/login', handlers: { vnLotteryMenu: () => ({ gameMenus: [] }) } });
    await screen.findByRole('dialog');
    await signIn(PLAYER);
    await act(() => router.navigate('/vnLottery'));
    expect(await screen.findByRole('heading', { level: 1, name: 'shell:screens.vnLottery' })).toBeInTheDocument();
  });
});
