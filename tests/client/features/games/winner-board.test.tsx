import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WinnerRecord } from '@shared/contract/games';
import { renderApp, resetShell } from '../../../helpers/render-app';
import { lobbyHandlers, winner } from './home-fixtures';

vi.mock('@client/features/games/use-game-launcher', () => ({
  useGameLauncher: () => ({ launch: vi.fn(), launchVendor: vi.fn() }),
  useLaunchGame: () => vi.fn(),
}));

// Returned out of order on purpose: the board sorts them itself.
const WINNERS = [
  winner('b1', 'an***a', 1_250.5, 'Neon Fruits'),
  winner('b2', 'bo***b', 98_000, 'Dragon Pearl'),
  winner('b3', 'ca***c', 5_400, 'Lucky Koi'),
  winner('b4', 'de***o', 42_000.75, 'Star Gems'),
  winner('b5', 'ed***e', 310, 'Jade Tiger'),
];

const renderBoard = (list: WinnerRecord[]) =>
  renderApp({ handlers: lobbyHandlers({ winnerRankList: ({ query }) => ({ list: list.slice(0, Number(query?.limitNum ?? 20)).map((vo) => ({ vo })) }) }) });

type SwiperElement = HTMLElement & {
  swiper: { params: { autoplay: false | { delay: number }; speed: number; direction: string; loop: boolean }; autoplay: { running: boolean } };
};

const board = async () => {
  const region = await screen.findByRole('region', { name: 'games:home.winners.title' });
  await waitFor(() => expect(region.querySelector('.swiper-initialized')).not.toBeNull());
  return region;
};

/** The slides in their own order (a looping swiper may move them around in the DOM). */
const slidesOf = (region: HTMLElement) =>
  [...region.querySelectorAll<HTMLElement>('.swiper-slide')].sort((a, b) => Number(a.dataset.swiperSlideIndex) - Number(b.dataset.swiperSlideIndex));

const playersOf = (slide: HTMLElement) => within(slide).getAllByRole('article').map((a) => within(a).getAllByRole('definition')[0]!.textContent);

beforeEach(() => resetShell());

describe('winner board', { timeout: 20_000 }, () => {
  it('[LOBBY-16] shows the winners of the winner rank list call (limit 20), biggest win first', async () => {
    const { api } = await renderBoard(WINNERS);
    const region = await board();
    expect(api.callsTo('winnerRankList')[0]?.query).toMatchObject({ gameCategory: 'ALL', limitNum: 20 });
    expect(slidesOf(region).flatMap(playersOf)).toEqual(['bo***b', 'de***o', 'ca***c', 'an***a', 'ed***e']);
  });

  it('[LOBBY-16] never shows more than 20 winners', async () => {
    const many = Array.from({ length: 25 }, (_, i) => winner(`m${i}`, `p${i}`, 1000 + i));
    await renderApp({ handlers: lobbyHandlers({ winnerRankList: () => ({ list: many.map((vo) => ({ vo })) }) }) });
    const region = await board();
    expect(slidesOf(region).flatMap(playersOf)).toHaveLength(20);
    expect(slidesOf(region).flatMap(playersOf)[0]).toBe('p24');
  });

  it('[LOBBY-17] puts 2 winners on each slide', async () => {
    await renderBoard(WINNERS);
    const region = await board();
    expect(slidesOf(region).map((slide) => playersOf(slide).length)).toEqual([2, 2, 1]);
  });

  it('[LOBBY-18] with more than one slide it slides every 3 s with a 1 s speed', async () => {
    await renderBoard(WINNERS);
    const { swiper } = (await board()).querySelector('.swiper') as SwiperElement;
    expect(swiper.params.autoplay).toMatchObject({ delay: 3000 });
    expect(swiper.params.speed).toBe(1000);
    expect(swiper.params.direction).toBe('vertical');
    expect(swiper.autoplay.running).toBe(true);
  });

  it('[LOBBY-18] a single slide stays still', async () => {
    await renderBoard(WINNERS.slice(0, 2));
    const { swiper } = (await board()).querySelector('.swiper') as SwiperElement;
    expect(swiper.autoplay.running).toBe(false);
  });

  it('[LOBBY-19] each entry shows the game icon and the labelled player, game name and prize', async () => {
    await renderBoard([WINNERS[1]!]);
    const region = await board();
    const entry = within(region).getByRole('article');
    expect(entry.querySelector('img')).toHaveAttribute('src', '/static/games/b2.svg');
    expect(within(entry).getAllByRole('term').map((t) => t.textContent)).toEqual([
      'games:home.winners.player',
      'games:home.winners.game',
      'games:home.winners.prize',
    ]);
    expect(within(entry).getAllByRole('definition').map((d) => d.textContent)).toEqual(['bo***b', 'Dragon Pearl', '98,000.00']);
  });

  it('[LOBBY-16] no winners yet: the board says so', async () => {
    await renderBoard([]);
    const region = await screen.findByRole('region', { name: 'games:home.winners.title' });
    expect(await within(region).findByText('games:home.winners.none')).toBeInTheDocument();
  });

  it('[LOBBY-20] the board links to the winners leaderboard, which lists every record ranked by prize', async () => {
    const { user, router } = await renderBoard(WINNERS);
    const region = await board();
    await user.click(within(region).getByRole('link', { name: /games:home\.seeAll/ }));
    expect(router.location.pathname).toBe('/winners');
    expect(await screen.findByRole('heading', { level: 1, name: 'games:home.leaderboard.title' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1', 'Dragon Pearl', 'bo***b', '98,000.00'],
      ['2', 'Star Gems', 'de***o', '42,000.75'],
      ['3', 'Lucky Koi', 'ca***c', '5,400.00'],
      ['4', 'Neon Fruits', 'an***a', '1,250.50'],
      ['5', 'Jade Tiger', 'ed***e', '310.00'],
    ]);
  });

  it('[LOBBY-20] the leaderboard can be narrowed to one game category', async () => {
    const { user, api } = await renderApp({
      path: '/winners',
      handlers: lobbyHandlers({
        winnerRankList: ({ query }) => ({ list: (query?.gameCategory === 'LIVE' ? [WINNERS[2]!] : WINNERS).map((vo) => ({ vo })) }),
      }),
    });
    expect(await screen.findAllByRole('row')).toHaveLength(6);
    await user.click(await screen.findByRole('button', { name: 'common:gameTypes.LIVE' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'common:gameTypes.LIVE' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('winnerRankList').at(-1)?.query).toMatchObject({ gameCategory: 'LIVE', limitNum: 20 });
  });
});
