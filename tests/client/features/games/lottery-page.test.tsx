import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DrawResult, GameCard, VendorCategory } from '@shared/contract/games';
import { ApiCallError } from '@client/lib/api-client';
import { type FakeHandlers } from '../../../helpers/fake-api';
import { PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());
afterEach(() => vi.useRealTimers());

const menuItem = (gameCode: string, gameName: string, accountTypeName: string) => ({ gameCode, gameName, accountTypeName, iconUrl: `/static/${gameCode}.svg` });
const VN_MENU = [menuItem('TCG_LOTTO_VN', 'VN Fast Lotto', '1-minute draw'), menuItem('TCG_LOTTO_VN5', 'VN Lotto 5 Minutes', '5-minute draw')];
const SEA_MENU = [menuItem('TCG_LOTTO_SEA', 'SEA Lotto', '3-minute draw')];
const ELOTT_MENU = [menuItem('TCG_ELOTT_2M', 'E-Lotto 2 Minutes', '2-minute draw')];
const MENUS: Record<string, ReturnType<typeof menuItem>[]> = { LOTT: VN_MENU, SEA: SEA_MENU, ELOTT: ELOTT_MENU };

const draw = (gameCode: string, issueNo: string, openedAt: string, numbers: string[]): DrawResult => ({
  gameCode,
  issueNo,
  numbers,
  openedAt,
  serverSeedHash: 'a'.repeat(64),
  serverSeed: 'b'.repeat(64),
});

const lobbyCard = (vassalage: string, gameType: string): GameCard => ({
  nodeId: 1,
  vassalage,
  gameType,
  gameName: vassalage,
  iconUrl: '/i.svg',
  gameClassify: '',
  isGame: 'GAME',
  gameCode: vassalage,
  isHot: 0,
  supportPlay: 0,
  lottoArea: null,
});
const gameMenus = (elottCards: GameCard[]): VendorCategory[] => [{ gameCategory: 'ELOTT', title: 'E-Lottery', gameClassify: '', cards: elottCards }];

/** A server with the lottery calls: menus per prize mode, draws per game, launches into the house page. */
const lotteryHandlers = (over: FakeHandlers = {}): FakeHandlers => ({
  gameMenus: () => gameMenus([lobbyCard('TCG_SEA', 'ELOTT')]),
  vnLotteryMenu: ({ query }) => ({ gameMenus: MENUS[query!.prizeMode] ?? [] }),
  vnLotteryRecent: () => ({ gameMenus: [] }),
  openedNumbersVn: ({ query }) => ({ list: [draw(query!.gameCode, '20261122-0150', '2026-11-22T02:30:02Z', ['3', '1', '4', '1', '5'])], totalPages: 1 }),
  openedNumbersLotto: ({ query }) => ({ list: [draw(query!.gameCode, '20261122-0050', '2026-11-22T02:30:02Z', ['2', '7', '1', '8', '2'])], totalPages: 1 }),
  launchGame: ({ body }) => ({ gameUrl: `/house/play/${body!.gameCode}?session=s-${body!.gameCode}`, expiresAt: '2026-11-22T06:00:00Z', freePlay: false }),
  ...over,
});

/** The game played in the page: an iframe titled with the game's name. */
const gameFrame = async () => {
  const frame = await screen.findByTitle(/Lotto/);
  expect(frame.tagName).toBe('IFRAME');
  return frame;
};

describe('lottery pages', () => {
  it('[GAMES-25] /vnLottery lists the lottery menu of its prize mode, each game with its accountTypeName', async () => {
    const { api } = await renderApp({ path: '/vnLottery?gameCode=TCG_LOTTO_VN', member: PLAYER, handlers: lotteryHandlers() });
    const menu = await screen.findByRole('list', { name: 'games:lottery.games' });
    expect(within(menu).getByRole('link', { name: /VN Fast Lotto/ })).toHaveTextContent('1-minute draw');
    expect(within(menu).getByRole('link', { name: /VN Lotto 5 Minutes/ })).toHaveTextContent('5-minute draw');
    expect(api.callsTo('vnLotteryMenu')).toEqual([{ query: { prizeMode: 'LOTT', device: 'WEB' } }]);
  });

  it('[GAMES-25] /seaLottery lists the SEA games', async () => {
    const { api } = await renderApp({ path: '/seaLottery?gameCode=TCG_LOTTO_SEA', member: PLAYER, handlers: lotteryHandlers() });
    const menu = await screen.findByRole('list', { name: 'games:lottery.games' });
    expect(within(menu).getAllByRole('link').map((l) => l.textContent)).toEqual(['SEA Lotto3-minute draw']);
    expect(api.callsTo('vnLotteryMenu')[0]?.query).toEqual({ prizeMode: 'SEA', device: 'WEB' });
    expect(api.callsTo('gameMenus')).toHaveLength(0);
  });

  it('[GAMES-24] /lottery asks for the LOTT menu when the ELOTT category holds no TCG_LOTTO_VN or LOTT card', async () => {
    const { api } = await renderApp({ path: '/lottery?gameCode=TCG_LOTTO_VN', member: PLAYER, handlers: lotteryHandlers() });
    await screen.findByRole('link', { name: /VN Fast Lotto/ });
    expect(api.callsTo('vnLotteryMenu').map((c) => c.query?.prizeMode)).toEqual(['LOTT']);
  });

  it('[GAMES-24] /lottery asks for the ELOTT menu when the ELOTT category holds a LOTT card', async () => {
    const { api } = await renderApp({
      path: '/lottery?gameCode=TCG_ELOTT_2M',
      member: PLAYER,
      handlers: lotteryHandlers({ gameMenus: () => gameMenus([lobbyCard('TCG_SEA', 'ELOTT'), lobbyCard('LOTT', 'ELOTT')]) }),
    });
    await screen.findByRole('link', { name: /E-Lotto 2 Minutes/ });
    expect(api.callsTo('vnLotteryMenu').map((c) => c.query?.prizeMode)).toEqual(['ELOTT']);
    await waitFor(() => expect(api.callsTo('openedNumbersLotto')[0]?.query).toMatchObject({ gameCode: 'TCG_ELOTT_2M' }));
    expect(api.callsTo('launchGame')[0]?.body).toMatchObject({ gameCode: 'TCG_ELOTT_2M', prizeMode: 'ELOTT', launchMode: 'LOTT' });
  });

  it('[GAMES-24] an e-lottery game chosen in the lobby (?prizeMode=ELOTT) lists and plays the ELOTT games, and other games keep the mode', async () => {
    const { api } = await renderApp({ path: '/lottery?gameCode=TCG_ELOTT_2M&prizeMode=ELOTT', member: PLAYER, handlers: lotteryHandlers() });
    const game = await screen.findByRole('link', { name: /E-Lotto 2 Minutes/ });
    expect(api.callsTo('vnLotteryMenu').map((c) => c.query?.prizeMode)).toEqual(['ELOTT']);
    await waitFor(() => expect(api.callsTo('launchGame')[0]?.body).toMatchObject({ gameCode: 'TCG_ELOTT_2M', prizeMode: 'ELOTT' }));
    expect(api.callsTo('launchGame')[0]?.body).not.toHaveProperty('lottoArea');
    expect(game.getAttribute('href')).toBe('/lottery?gameCode=TCG_ELOTT_2M&prizeMode=ELOTT');
  });

  it('[GAMES-24] /lottery says why when the game menus cannot be read, and retries', async () => {
    let fail = true;
    const { api, user } = await renderApp({
      path: '/lottery',
      member: PLAYER,
      handlers: lotteryHandlers({
        gameMenus: () => {
          if (fail) throw new ApiCallError('NETWORK', 0, 'offline');
          return gameMenus([]);
        },
      }),
    });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('errors:NETWORK')).toBeInTheDocument();
    expect(api.callsTo('vnLotteryMenu')).toHaveLength(0);
    fail = false;
    await user.click(within(main).getByRole('button', { name: 'common:actions.retry' }));
    expect(await screen.findByRole('link', { name: /VN Fast Lotto/ })).toBeInTheDocument();
  });

  it('[SHELL-11] without ?gameCode the page opens its first game and plays it in the page', async () => {
    const { api, router } = await renderApp({ path: '/vnLottery', member: PLAYER, handlers: lotteryHandlers() });
    const frame = await gameFrame();
    expect(router.location.search).toBe('?gameCode=TCG_LOTTO_VN');
    expect(frame).toHaveAttribute('src', `${window.location.origin}/house/play/TCG_LOTTO_VN?session=s-TCG_LOTTO_VN`);
    expect(screen.getByRole('link', { name: /VN Fast Lotto/ })).toHaveAttribute('aria-current', 'page');
    expect(api.callsTo('launchGame')).toEqual([
      { body: { gameCode: 'TCG_LOTTO_VN', vassalage: 'TCG_SEA', device: 'WEB', freePlay: false, launchMode: 'LOTT', prizeMode: 'LOTT', lottoArea: 'VN', language: 'cimode' } },
    ]);
  });

  it('[SHELL-11] choosing another game in the menu plays that one', async () => {
    const { api, router, user } = await renderApp({ path: '/seaLottery?gameCode=TCG_LOTTO_SEA', member: PLAYER, handlers: lotteryHandlers() });
    await gameFrame();
    await act(() => router.navigate('/vnLottery?gameCode=TCG_LOTTO_VN'));
    await user.click(await screen.findByRole('link', { name: /VN Lotto 5 Minutes/ }));
    await waitFor(() => expect(router.location.search).toBe('?gameCode=TCG_LOTTO_VN5'));
    expect(await screen.findByTitle('VN Lotto 5 Minutes')).toHaveAttribute('src', expect.stringContaining('/house/play/TCG_LOTTO_VN5'));
    expect(api.callsTo('launchGame').map((c) => [c.body?.gameCode, c.body?.lottoArea])).toEqual([
      ['TCG_LOTTO_SEA', 'SEA'],
      ['TCG_LOTTO_VN', 'VN'],
      ['TCG_LOTTO_VN5', 'VN'],
    ]);
  });

  it('[GAMES-22] a game that cannot start says why in words and starts on retry', async () => {
    let down = true;
    const { user } = await renderApp({
      path: '/vnLottery?gameCode=TCG_LOTTO_VN',
      member: PLAYER,
      handlers: lotteryHandlers({
        launchGame: ({ body }) => {
          if (down) throw new ApiCallError('GAME_MAINTENANCE', 503, 'maintenance');
          return { gameUrl: `/house/play/${body!.gameCode}?session=s`, expiresAt: '2026-11-22T06:00:00Z', freePlay: false };
        },
      }),
    });
    expect(await screen.findByText('errors:GAME_MAINTENANCE')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'common:actions.retry' }));
    expect(await gameFrame()).toHaveAttribute('src', expect.stringContaining('/house/play/TCG_LOTTO_VN'));
  });

  it('[GAMES-26] /vnLottery shows the opened numbers of the VN call: issue, balls, time and a fairness link', async () => {
    const { api } = await renderApp({ path: '/vnLottery?gameCode=TCG_LOTTO_VN', member: PLAYER, handlers: lotteryHandlers() });
    const history = (await screen.findByRole('heading', { name: 'games:lottery.recentDraws' })).closest('section')!;
    const row = within(history).getByRole('row', { name: /20261122-0150/ });
    expect(within(row).getByRole('img', { name: 'games:lottery.numbers' })).toHaveTextContent('31415');
    expect(within(row).getByRole('link', { name: 'games:lottery.verifyDraw' })).toHaveAttribute(
      'href',
      `/house/verify?lang=cimode&engine=lottery&serverSeed=${'b'.repeat(64)}&gameCode=TCG_LOTTO_VN&issueNo=20261122-0150&hash=${'a'.repeat(64)}`,
    );
    const board = screen.getByRole('region', { name: 'games:lottery.latest' });
    expect(within(board).getByText('games:lottery.issue')).toBeInTheDocument();
    expect(api.callsTo('openedNumbersVn')[0]).toEqual({ query: { gameCode: 'TCG_LOTTO_VN', pageNo: 1, pageSize: 10 } });
    expect(api.callsTo('openedNumbersLotto')).toHaveLength(0);
  });

  it('[GAMES-26] /seaLottery reads its opened numbers from the lotto call', async () => {
    const { api } = await renderApp({ path: '/seaLottery?gameCode=TCG_LOTTO_SEA', member: PLAYER, handlers: lotteryHandlers() });
    expect(await screen.findByRole('row', { name: /20261122-0050/ })).toBeInTheDocument();
    expect(api.callsTo('openedNumbersLotto')[0]?.query).toMatchObject({ gameCode: 'TCG_LOTTO_SEA' });
    expect(api.callsTo('openedNumbersVn')).toHaveLength(0);
  });

  it('[GAMES-26] counts down to the next draw and shows its result once drawn', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-11-22T02:33:00Z') });
    const results = [
      draw('TCG_LOTTO_VN5', '20261122-0030', '2026-11-22T02:30:02Z', ['1', '2', '3', '4', '5']),
      draw('TCG_LOTTO_VN5', '20261122-0029', '2026-11-22T02:25:02Z', ['6', '7', '8', '9', '0']),
    ];
    await renderApp({
      path: '/vnLottery?gameCode=TCG_LOTTO_VN5',
      member: PLAYER,
      handlers: lotteryHandlers({ openedNumbersVn: () => ({ list: [...results], totalPages: 1 }) }),
    });
    const timer = await screen.findByRole('timer', { name: 'games:lottery.nextDraw' });
    expect(timer).toHaveTextContent(/0[12]:0[0-2]/);

    results.unshift(draw('TCG_LOTTO_VN5', '20261122-0031', '2026-11-22T02:35:02Z', ['9', '9', '0', '0', '7']));
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000 + 5_000));
    expect(await screen.findByRole('row', { name: /20261122-0031/ })).toBeInTheDocument();
    const board = screen.getByRole('region', { name: 'games:lottery.latest' });
    expect(within(board).getByRole('img')).toHaveTextContent('99007');
    expect(screen.getByRole('timer')).toHaveTextContent(/0[45]:\d\d/);
  });

  it('[GAMES-25] lists the player’s recently played lotteries', async () => {
    await renderApp({
      path: '/vnLottery?gameCode=TCG_LOTTO_VN',
      member: PLAYER,
      handlers: lotteryHandlers({ vnLotteryRecent: () => ({ gameMenus: [VN_MENU[1]!] }) }),
    });
    const recent = await screen.findByRole('navigation', { name: 'games:lottery.recent' });
    expect(within(recent).getByRole('link', { name: 'VN Lotto 5 Minutes' })).toHaveAttribute('href', '/vnLottery?gameCode=TCG_LOTTO_VN5');
  });

  it('[GAMES-27] a star keeps a lottery among the favourites of this username in LOTTFAV, listed first', async () => {
    window.localStorage.setItem('LOTTFAV', JSON.stringify({ someoneElse: ['TCG_LOTTO_VN'] }));
    const { user } = await renderApp({ path: '/vnLottery?gameCode=TCG_LOTTO_VN', member: PLAYER, handlers: lotteryHandlers() });
    const menu = await screen.findByRole('list', { name: 'games:lottery.games' });
    const names = () => within(menu).getAllByRole('link').map((l) => l.querySelector('.lottery-menu__name')?.textContent);
    expect(names()).toEqual(['VN Fast Lotto', 'VN Lotto 5 Minutes']);
    const stars = within(menu).getAllByRole('button', { name: 'games:lottery.favourite' });
    expect(stars.map((s) => s.getAttribute('aria-pressed'))).toEqual(['false', 'false']);

    await user.click(stars[1]!);
    expect(names()).toEqual(['VN Lotto 5 Minutes', 'VN Fast Lotto']);
    expect(within(menu).getAllByRole('button', { name: 'games:lottery.favourite' })[0]).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(window.localStorage.getItem('LOTTFAV')!)).toEqual({ someoneElse: ['TCG_LOTTO_VN'], [PLAYER.account]: ['TCG_LOTTO_VN5'] });

    await user.click(within(menu).getAllByRole('button', { name: 'games:lottery.favourite' })[0]!);
    expect(names()).toEqual(['VN Fast Lotto', 'VN Lotto 5 Minutes']);
    expect(JSON.parse(window.localStorage.getItem('LOTTFAV')!)[PLAYER.account]).toEqual([]);
  });

  it('[GAMES-27] without ?gameCode the player’s first favourite is the game that opens', async () => {
    window.localStorage.setItem('LOTTFAV', JSON.stringify({ [PLAYER.account]: ['TCG_LOTTO_VN5'] }));
    const { router } = await renderApp({ path: '/vnLottery', member: PLAYER, handlers: lotteryHandlers() });
    await gameFrame();
    expect(router.location.search).toBe('?gameCode=TCG_LOTTO_VN5');
  });

  it('[SHELL-11] a guest is sent to /login and nothing is launched', async () => {
    const { api, router } = await renderApp({ path: '/seaLottery?gameCode=TCG_LOTTO_SEA', handlers: lotteryHandlers() });
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(api.callsTo('launchGame')).toHaveLength(0);
    expect(api.callsTo('vnLotteryMenu')).toHaveLength(0);
  });
});
