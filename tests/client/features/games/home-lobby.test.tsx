import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '@shared/contract/http';
import { shellUiStore } from '@client/state/ui-state';
import { PLAYER, renderApp, resetShell, type RenderAppOptions } from '../../../helpers/render-app';
import { games, LOBBY_CATEGORIES, lobbyHandlers, notice } from './home-fixtures';

const launcher = vi.hoisted(() => ({ launch: vi.fn(), launchVendor: vi.fn() }));
// The launcher (another feature's machine) is only observed here: which vendor a tab asks it to start.
vi.mock('@client/features/games/use-game-launcher', () => ({ useGameLauncher: () => launcher, useLaunchGame: () => launcher.launch }));

const renderLobby = (options: RenderAppOptions = {}) => renderApp({ ...options, handlers: lobbyHandlers(options.handlers) });

/** The announcements the session loads at login: the lobby's notices come from them. */
const announcing = (announcements: ResponseOf<'announcements'>) => ({ announcements: () => announcements });

const tab = (gameType: string) => screen.findByRole('tab', { name: `common:gameTypes.${gameType}` });
const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;
const row = (name: string) => screen.findByRole('region', { name });
const namesIn = async (name: string, pattern: RegExp) => {
  const region = await row(name);
  await waitFor(() => expect(within(region).queryAllByText(pattern).length).toBeGreaterThan(0));
  return within(region).getAllByText(pattern).map((el) => el.textContent);
};

/** The placeholders the page watches, with the margin each is watched with: the browser's IntersectionObserver, driven by the test. */
interface Watched {
  target: Element;
  rootMargin: string | undefined;
  callback: IntersectionObserverCallback;
}
const watchIntersections = (): Watched[] => {
  const watched: Watched[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(
        private readonly callback: IntersectionObserverCallback,
        private readonly options: IntersectionObserverInit = {},
      ) {}
      observe(target: Element) {
        watched.push({ target, rootMargin: this.options.rootMargin, callback: this.callback });
      }
      disconnect() {}
    },
  );
  return watched;
};
/** The lobby drawn with the hot games, and a placeholder watched for each category row further down. */
const renderLobbyWatchingRows = async () => {
  const watched = watchIntersections();
  const { api } = await renderLobby();
  expect(await namesIn('shell:home.hotGames', /^Hot \d+$/)).toHaveLength(12);
  const rows = () => watched.filter((w) => w.target.classList.contains('lobby-row-placeholder'));
  await waitFor(() => expect(rows()).toHaveLength(LOBBY_CATEGORIES.length));
  return { api, watched, rows };
};
/** The watched spot comes within its margin of the viewport. */
const bringNear = ({ target, callback }: Watched) =>
  act(() => callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver));

beforeEach(() => {
  resetShell();
  vi.clearAllMocks();
});

describe('home lobby', { timeout: 20_000 }, () => {
  it('[LOBBY-01] shows the notice marquee, the banners, the game menus, the jackpot counter and the winner board', async () => {
    await renderLobby({ member: PLAYER, handlers: announcing({ banners: [], player: [notice(1, 'Weekend reload bonus')], popup: [], promotion: [] }) });
    const marquee = await screen.findByRole('region', { name: 'games:home.marquee.label' });
    expect(within(marquee).getByRole('button', { name: 'Weekend reload bonus' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'shell:banner.label' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'shell:home.tabs' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'games:home.jackpot.title' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'games:home.winners.title' })).toBeInTheDocument();
  });

  it('[LOBBY-01] the marquee scrolls the home (H) notices only, and a click opens that notice in the announcement popup', async () => {
    const { user } = await renderLobby({
      member: PLAYER,
      handlers: announcing({
        banners: [],
        player: [notice(1, 'Player notice', 'PL'), notice(2, 'New slots every week'), notice(3, 'Maintenance on Sunday')],
        popup: [],
        promotion: [],
      }),
    });
    const marquee = await screen.findByRole('region', { name: 'games:home.marquee.label' });
    // The loop's second copy is hidden from assistive technology.
    expect(within(marquee).getAllByRole('button').map((b) => b.textContent)).toEqual(['New slots every week', 'Maintenance on Sunday']);
    await user.click(within(marquee).getByRole('button', { name: 'Maintenance on Sunday' }));
    const dialog = await screen.findByRole('dialog', { name: 'shell:popups.publicModal' });
    expect(await within(dialog).findByRole('heading', { level: 3, name: 'Maintenance on Sunday' })).toBeInTheDocument();
    expect(within(dialog).getByText('Maintenance on Sunday in full')).toBeInTheDocument();
  });

  it('[LOBBY-01] without home notices there is no marquee', async () => {
    await renderLobby();
    await tab('HOME');
    expect(screen.queryByRole('region', { name: 'games:home.marquee.label' })).not.toBeInTheDocument();
  });

  it('[LOBBY-02] the tabs are HOME, HOT and FAV, then the vendor categories in the order of the game type call', async () => {
    await renderLobby();
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(3 + LOBBY_CATEGORIES.length));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(
      ['HOME', 'HOT', 'FAV', ...LOBBY_CATEGORIES].map((type) => `common:gameTypes.${type}`),
    );
  });

  it('[LOBBY-03] the game type starts at HOME, and changing it scrolls the page to the top', async () => {
    const { user } = await renderLobby();
    expect(await tab('HOME')).toHaveAttribute('aria-selected', 'true');
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    await user.click(await tab('HOT'));
    expect(await tab('HOT')).toHaveAttribute('aria-selected', 'true');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    await user.click(await tab('HOT'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await user.click(await tab('LIVE'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('[LOBBY-04] a guest choosing FAV is asked to log in and the tab goes back to HOME', async () => {
    const { user } = await renderLobby();
    await user.click(await tab('HOT'));
    await user.click(await tab('FAV'));
    expect(await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeInTheDocument();
    expect(shellUiStore.get().gameType).toBe('HOME');
    expect(selectedTab()).toBe('common:gameTypes.HOME');
  });

  it('[LOBBY-04] a signed-in player choosing FAV sees the favourite games', async () => {
    const { user } = await renderLobby({ member: PLAYER });
    await user.click(await tab('FAV'));
    expect(await tab('FAV')).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('Fav 15')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  for (const lottery of ['LOTT', 'ELOTT']) {
    it(`[LOBBY-05] the ${lottery} tab launches the vendor TCG_SEA directly`, async () => {
      const { user } = await renderLobby({ member: PLAYER });
      await user.click(await tab(lottery));
      expect(launcher.launchVendor).toHaveBeenCalledWith({ vassalage: 'TCG_SEA', gameType: lottery });
      expect(selectedTab()).toBe('common:gameTypes.HOME');
    });
  }

  it('[LOBBY-06] the esports and cockfight tabs launch the first vendor of their category', async () => {
    const { user, api } = await renderLobby({ member: PLAYER });
    await waitFor(() => expect(api.callsTo('vendorList')).toHaveLength(1));
    await user.click(await tab('ESPORTS'));
    await waitFor(() => expect(launcher.launchVendor).toHaveBeenCalledWith({ vassalage: 'IMES', gameType: 'ESPORTS' }));
    await user.click(await tab('COCKFIGHT'));
    expect(launcher.launchVendor).toHaveBeenLastCalledWith({ vassalage: 'DS88', gameType: 'COCKFIGHT' });
    expect(selectedTab()).toBe('common:gameTypes.HOME');
  });

  it('[LOBBY-06] before the vendors are known the tab lists the category instead', async () => {
    const { user } = await renderLobby({ member: PLAYER, handlers: { vendorList: () => new Promise(() => {}) } });
    await user.click(await tab('ESPORTS'));
    expect(launcher.launchVendor).not.toHaveBeenCalled();
    expect(await tab('ESPORTS')).toHaveAttribute('aria-selected', 'true');
  });

  it('[LOBBY-07] on HOME a player sees at most 12 hot, 12 favourite and 12 recent games, and 5 e-sports and 5 cockfight entries', async () => {
    const { api } = await renderLobby({ member: PLAYER });
    expect(await namesIn('shell:home.hotGames', /^Hot \d+$/)).toHaveLength(12);
    expect(await namesIn('common:gameTypes.FAV', /^Fav \d+$/)).toHaveLength(12);
    expect(await namesIn('games:home.recent.title', /^Recent \d+$/)).toHaveLength(12);
    expect(await namesIn('common:gameTypes.ESPORTS', /^ESPORTS \d+$/)).toHaveLength(5);
    expect(await namesIn('common:gameTypes.COCKFIGHT', /^COCKFIGHT \d+$/)).toHaveLength(5);
    expect(api.callsTo('recentGames')[0]?.query).toMatchObject({ pageSize: 12 });
    expect(api.callsTo('gameList').find((c) => c.query?.gameType === 'ESPORTS')?.query).toMatchObject({ pageSize: 5 });
  });

  it('[LOBBY-07] a guest gets no favourite or recent rows, and the lobby does not ask for them', async () => {
    const { api } = await renderLobby();
    expect(await namesIn('shell:home.hotGames', /^Hot \d+$/)).toHaveLength(12);
    expect(screen.queryByRole('region', { name: 'common:gameTypes.FAV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'games:home.recent.title' })).not.toBeInTheDocument();
    expect(api.callsTo('favoriteList')).toHaveLength(0);
    expect(api.callsTo('recentGames')).toHaveLength(0);
  });

  it('[LOBBY-07] [API-51] a category row further down, and the strips below the rows, ask for their data when they come near the viewport, not at load', async () => {
    try {
      const { api, watched, rows } = await renderLobbyWatchingRows();
      expect(screen.queryByRole('region', { name: 'common:gameTypes.LIVE' })).not.toBeInTheDocument();
      expect(api.callsTo('gameList')).toHaveLength(0);

      bringNear(rows()[0]!);
      await waitFor(() => expect(api.callsTo('gameList').map((c) => c.query?.gameType)).toEqual(['LIVE']));

      // The strips below the rows (red envelopes, lucky draw, missions) ask for nothing until they come near too.
      expect([api.callsTo('redEnvelopeList'), api.callsTo('promotionList'), api.callsTo('missionLeaderboard')]).toEqual([[], [], []]);
      bringNear(watched.find((w) => w.target.classList.contains('home-strips-placeholder'))!);
      await waitFor(() => expect(api.callsTo('redEnvelopeList')).toHaveLength(1));
      await waitFor(() => expect(api.callsTo('promotionList')).toEqual([{ query: { type: 'RAFFLE' } }]));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('[LOBBY-07] a category row asks for its games within a screen of the viewport and draws its cards only within a quarter of one', async () => {
    try {
      const { api, rows } = await renderLobbyWatchingRows();
      expect(rows().map((w) => w.rootMargin)).toEqual(LOBBY_CATEGORIES.map(() => '100% 0px'));

      bringNear(rows()[0]!);
      await waitFor(() => expect(api.callsTo('gameList')).toHaveLength(1));
      // Its games are in, its cards not drawn: the row waits, its place held, for its closer approach.
      await waitFor(() => expect(rows()).toHaveLength(LOBBY_CATEGORIES.length + 1));
      const closer = rows().at(-1)!;
      expect(closer.rootMargin).toBe('25% 0px');
      expect(closer.target.isConnected).toBe(true);
      expect(screen.queryByRole('region', { name: 'common:gameTypes.LIVE' })).not.toBeInTheDocument();

      // Drawn at once from the answer asked for ahead (in by the next task: the fake answers at once), no wait for
      // the games when it comes into view.
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      bringNear(closer);
      const live = screen.getByRole('region', { name: 'common:gameTypes.LIVE' });
      expect(within(live).getAllByText(/^LIVE \d+$/)).not.toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a category row that has no games is left out', async () => {
    await renderLobby({
      handlers: {
        gameList: ({ query }) =>
          query?.gameType === 'FISH' ? { games: [], totalPages: 0 } : { games: games(3, query?.gameType ?? 'ALL'), totalPages: 1 },
      },
    });
    expect(await namesIn('common:gameTypes.LIVE', /^LIVE \d+$/)).toHaveLength(3);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'common:gameTypes.FISH' })).not.toBeInTheDocument());
    expect(screen.queryByText('FISH 1')).not.toBeInTheDocument();
  });

  it('a category tab lists one lobby page (18) of its games and links to the category page', async () => {
    const { api, user, router } = await renderLobby();
    await user.click(await tab('LIVE'));
    const panel = screen.getByRole('tabpanel', { name: 'common:gameTypes.LIVE' });
    expect(await within(panel).findByText('LIVE 1')).toBeInTheDocument();
    expect(api.callsTo('gameList').some((c) => c.query?.gameType === 'LIVE' && c.query.pageSize === 18)).toBe(true);
    await user.click(within(panel).getByRole('link', { name: /games:home\.openCategory/ }));
    expect(router.location.pathname).toBe('/live');
  });

  it('a row links to its whole list: hot games to the HOT tab, slots to the slots page', async () => {
    const { user, router } = await renderLobby();
    const hot = await row('shell:home.hotGames');
    await user.click(within(hot).getByRole('button', { name: 'games:home.seeAllOf' }));
    expect(await tab('HOT')).toHaveAttribute('aria-selected', 'true');
    await user.click(await tab('HOME'));
    const slots = await row('common:gameTypes.RNG');
    await user.click(within(slots).getByRole('link', { name: 'games:home.seeAllOf' }));
    expect(router.location.pathname).toBe('/rng');
  });
});
