import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameCard, GameLaunch, VendorCategory } from '@shared/contract/games';
import { ApiCallError } from '@client/lib/api-client';
import { useGameLauncher } from '@client/features/games/use-game-launcher';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { gameCard, vendorEntry } from '../../../helpers/game-card-fixture';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

const DICE = gameCard({ nodeId: 11, vassalage: 'HOUSE', gameCode: 'HOUSE_DICE', gameName: 'Hi-Lo Dice' });
const CRASH = gameCard({ nodeId: 12, vassalage: 'HOUSE', gameCode: 'HOUSE_CRASH', gameName: 'Rocket Crash' });
const EVO_TABLE = gameCard({ nodeId: 30, vassalage: 'EVO', gameType: 'LIVE', gameCode: 'EVO_BACCARAT', gameName: 'Baccarat A' });
const VN_LOTTO = gameCard({ nodeId: 20, vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 'TCG_LOTTO_VN', gameName: 'VN Fast Lotto', lottoArea: 'VN' });
const SEA_LOTTO = gameCard({ nodeId: 21, vassalage: 'TCG_SEA', gameType: 'LOTT', gameCode: 'TCG_LOTTO_SEA', gameName: 'SEA Lotto', lottoArea: 'SEA' });
const E_LOTTO = gameCard({ nodeId: 22, vassalage: 'TCG_SEA', gameType: 'ELOTT', gameCode: 'TCG_ELOTT_2M', gameName: 'E-Lotto 2 Minutes' });
const PG_SLOTS = vendorEntry('PG', 'RNG', { gameName: 'PG Soft' });
const JDB_FISH = vendorEntry('JDB', 'FISH', { gameName: 'JDB Gaming' });
const SESSION: GameLaunch = { gameUrl: '/house/play/HOUSE_DICE?session=s1', expiresAt: '2026-11-22T04:00:00.000Z', freePlay: false };

/** Start buttons for `cards` (and vendors), on the site's app actor the way any screen's cards are. */
function LaunchButtons({ cards, vendors }: { cards: GameCard[]; vendors: { vassalage: string; gameType: string }[] }) {
  const { launch, launchVendor } = useGameLauncher();
  return (
    <div data-testid="launch-buttons">
      {cards.map((card) => (
        <button key={card.nodeId} type="button" onClick={() => launch(card)}>
          start {card.gameName}
        </button>
      ))}
      {cards.map((card) => (
        <button key={`free-${card.nodeId}`} type="button" onClick={() => launch(card, { freePlay: true })}>
          try {card.gameName}
        </button>
      ))}
      {vendors.map((vendor) => (
        <button key={vendor.vassalage} type="button" onClick={() => launchVendor(vendor)}>
          vendor {vendor.vassalage}
        </button>
      ))}
    </div>
  );
}

const start = async (cards: GameCard[], { guest = false, handlers = {} as FakeHandlers, vendors = [] as { vassalage: string; gameType: string }[] } = {}) => {
  const app = await renderApp({ member: guest ? undefined : PLAYER, handlers, extra: <LaunchButtons cards={cards} vendors={vendors} /> });
  await screen.findByTestId('launch-buttons');
  return app;
};

const gameDialog = () => screen.findByRole('dialog', { name: 'shell:popups.gamePopup' });

beforeEach(() => resetShell());
afterEach(() => vi.restoreAllMocks());

describe('launching a game by type', () => {
  it('[GAMES-19] a guest who starts a game gets the login popup and no game is launched', async () => {
    const { user, api, router } = await start([DICE, VN_LOTTO], { guest: true, handlers: { launchGame: () => SESSION } });
    await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
    expect(await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'start VN Fast Lotto' }));
    expect(api.callsTo('launchGame')).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'shell:popups.gamePopup' })).not.toBeInTheDocument();
    expect(router.location.pathname).toBe('/');
  });

  it.each([
    ['a VN lotto game', '/vnLottery', '?gameCode=TCG_LOTTO_VN', VN_LOTTO],
    ['a SEA lotto game', '/seaLottery', '?gameCode=TCG_LOTTO_SEA', SEA_LOTTO],
    ['an e-lottery game (in the ELOTT prize mode)', '/lottery', '?gameCode=TCG_ELOTT_2M&prizeMode=ELOTT', E_LOTTO],
    ['a slot (RNG) vendor entry', '/rng', '?vassalage=PG', PG_SLOTS],
  ] as const)('[GAMES-20] %s opens %s', async (_, pathname, search, card) => {
    const { user, router } = await start([card]);
    await user.click(screen.getByRole('button', { name: `start ${card.gameName}` }));
    await waitFor(() => expect(router.location.pathname).toBe(pathname));
    expect(router.location.search).toBe(search);
    // The page itself may start its game in the page; the launcher opens no game popup.
    expect(screen.queryByRole('dialog', { name: 'shell:popups.gamePopup' })).not.toBeInTheDocument();
  });

  it('[GAMES-21] [CONST-03] a vendor entry flagged VASSALAGE opens a popup listing the games of that vendor, asked for as clientType 3 on platform WEB', async () => {
    const fish = [gameCard({ nodeId: 51, vassalage: 'JDB', gameType: 'FISH', gameName: 'Ocean King' }), gameCard({ nodeId: 52, vassalage: 'JDB', gameType: 'FISH', gameName: 'Fishing War' })];
    const { user, api } = await start([JDB_FISH], { handlers: { gameList: () => ({ games: fish, totalPages: 1 }) } });
    await user.click(screen.getByRole('button', { name: 'start JDB Gaming' }));
    const dialog = await screen.findByRole('dialog', { name: 'shell:popups.vendorGames' });
    expect(await within(dialog).findByText('Ocean King')).toBeInTheDocument();
    expect(within(dialog).getByText('Fishing War')).toBeInTheDocument();
    expect(api.callsTo('gameList').find((c) => c.query?.vassalage === 'JDB')?.query).toMatchObject({ gameType: 'FISH', pageNo: 1, clientType: 3, platform: 'WEB' });
    expect(api.callsTo('launchGame')).toEqual([]);
  });

  it('[GAMES-22] any other game is launched and played in the game popup, inside a sandboxed iframe', async () => {
    const { user, api } = await start([DICE], { handlers: { launchGame: () => SESSION } });
    await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
    const dialog = await gameDialog();
    const frame = await within(dialog).findByTitle('Hi-Lo Dice');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `${window.location.origin}/house/play/HOUSE_DICE?session=s1`);
    expect(frame.getAttribute('sandbox')?.split(' ')).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin']));
    expect(api.callsTo('launchGame')[0]?.body).toMatchObject({ gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', gameType: 'RNG', freePlay: false });
    expect(within(dialog).queryByText('games:launch.freePlay')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'common:actions.close' }));
    expect(screen.queryByTitle('Hi-Lo Dice')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
    expect(await within(await gameDialog()).findByTitle('Hi-Lo Dice')).toBeInTheDocument();
    expect(api.callsTo('launchGame')).toHaveLength(2);
  });

  it('[GAMES-23] the game is framed from the launch host the server picked', async () => {
    const cdnUrl = 'https://cdn2.games.example.test/house/play/HOUSE_DICE?session=s1';
    const { user } = await start([DICE], { handlers: { launchGame: () => ({ ...SESSION, gameUrl: cdnUrl }) } });
    await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
    expect(await within(await gameDialog()).findByTitle('Hi-Lo Dice')).toHaveAttribute('src', cdnUrl);
  });

  it('[GAMES-22] a free trial shows the free-play badge', async () => {
    const { user, api } = await start([DICE], { handlers: { launchGame: () => ({ ...SESSION, freePlay: true }) } });
    await user.click(screen.getByRole('button', { name: 'try Hi-Lo Dice' }));
    const dialog = await gameDialog();
    expect(await within(dialog).findByText('games:launch.freePlay')).toBeInTheDocument();
    expect(api.callsTo('launchGame')[0]?.body).toMatchObject({ freePlay: true });
  });

  it('[GAMES-22] a game under maintenance offers other hot games, and one of them can be started instead', async () => {
    const { user, api } = await start([DICE], {
      handlers: {
        launchGame: ({ body }) => {
          if (body?.gameCode === 'HOUSE_DICE') throw new ApiCallError('GAME_MAINTENANCE', 503, 'This game is under maintenance');
          return { ...SESSION, gameUrl: '/house/play/HOUSE_CRASH?session=s2' };
        },
        hotGames: () => ({ list: [DICE, EVO_TABLE, CRASH] }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
    const dialog = await gameDialog();
    expect(await within(dialog).findByText('games:launch.maintenance')).toBeInTheDocument();
    // Another vendor's hot game is offered; the failed game and its vendor's are not.
    const suggestions = await within(dialog).findByRole('list', { name: 'games:launch.suggestions' });
    expect(within(suggestions).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Baccarat A']);

    api.handle({ hotGames: () => ({ list: [DICE, CRASH, EVO_TABLE] }) });
    await user.click(within(suggestions).getByRole('button', { name: 'games:launch.playGame' }));
    await waitFor(() => expect(api.callsTo('launchGame').map((c) => c.body?.gameCode)).toEqual(['HOUSE_DICE', 'EVO_BACCARAT']));
    expect(await within(await gameDialog()).findByTitle('Baccarat A')).toBeInTheDocument();
  });

  it('[GAMES-22] another failure is shown in words and can be retried', async () => {
    let refuse = true;
    const { user } = await start([DICE], {
      handlers: {
        launchGame: () => {
          if (refuse) throw new ApiCallError('FEATURE_DISABLED', 403, 'This game has no free trial');
          return SESSION;
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
    const dialog = await gameDialog();
    expect(await within(dialog).findByText('errors:FEATURE_DISABLED')).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'common:actions.retry' }));
    expect(await within(dialog).findByTitle('Hi-Lo Dice')).toBeInTheDocument();
  });

  it('[GAMES-22] [ERR-21] "open in new window" says so when the browser blocks the window, else moves the game there', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await start([DICE], { handlers: { launchGame: () => SESSION } });
    await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
    const dialog = await gameDialog();
    await within(dialog).findByTitle('Hi-Lo Dice');
    await user.click(within(dialog).getByRole('button', { name: 'games:launch.newWindow' }));
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/house/play/HOUSE_DICE?session=s1`, '_blank');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('games:launch.popupBlocked');
    expect(within(dialog).getByTitle('Hi-Lo Dice')).toBeInTheDocument();

    const opened = { opener: window } as unknown as Window;
    open.mockReturnValue(opened);
    await user.click(within(dialog).getByRole('button', { name: 'games:launch.newWindow' }));
    expect(opened.opener).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'shell:popups.gamePopup' })).not.toBeInTheDocument());
  });

  it('[GAMES-22] the game can go full screen', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    const requestFullscreen = vi.fn(() => Promise.resolve());
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    try {
      const { user } = await start([DICE], { handlers: { launchGame: () => SESSION } });
      await user.click(screen.getByRole('button', { name: 'start Hi-Lo Dice' }));
      const dialog = await gameDialog();
      const frame = await within(dialog).findByTitle('Hi-Lo Dice');
      await user.click(within(dialog).getByRole('button', { name: 'games:launch.fullScreen' }));
      expect(requestFullscreen).toHaveBeenCalledTimes(1);
      expect(requestFullscreen.mock.contexts[0]).toBe(frame.parentElement);
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
      Reflect.deleteProperty(HTMLElement.prototype, 'requestFullscreen');
    }
  });

  it('[LOBBY-05] [LOBBY-06] [GAMES-20] [GAMES-22] a vendor is started by code through its game-menu entry', async () => {
    const menus: VendorCategory[] = [
      { gameCategory: 'LOTT', title: 'Lottery', gameClassify: '', cards: [vendorEntry('TCG_SEA', 'LOTT', { isGame: 'GAME' })] },
      { gameCategory: 'SPORTS', title: 'Sports', gameClassify: '', cards: [vendorEntry('AV', 'ESPORTS', { nodeId: 9100, isGame: 'GAME', gameName: 'AV Esports' })] },
    ];
    const { user, api, router } = await start([], {
      vendors: [
        { vassalage: 'TCG_SEA', gameType: 'LOTT' },
        { vassalage: 'AV', gameType: 'ESPORTS' },
      ],
      handlers: { gameMenus: () => menus, launchGame: () => ({ ...SESSION, gameUrl: '/house/play/AV?session=s3' }) },
    });
    await user.click(screen.getByRole('button', { name: 'vendor AV' }));
    expect(await within(await gameDialog()).findByTitle('AV Esports')).toBeInTheDocument();
    expect(api.callsTo('launchGame')[0]?.body).toMatchObject({ gameCode: 'AV', vassalage: 'AV', gameType: 'ESPORTS' });
    // The lottery vendor's own entry opens the lottery page, which plays its first game.
    await user.click(screen.getByRole('button', { name: 'vendor TCG_SEA' }));
    await waitFor(() => expect(`${router.location.pathname}${router.location.search}`).toBe('/lottery'));
    expect(screen.queryByRole('dialog', { name: 'shell:popups.gamePopup' })).not.toBeInTheDocument();
  });
});

