import { describe, expect, it } from 'vitest';
import type { DrawResult, GameCard, VendorCategory } from '@shared/contract/games';
import { lotteryFavouritesOf, LOTTERY_FAVOURITES_KEY, toggleLotteryFavourite } from '@client/features/games/lottery-favourites';
import {
  drawIntervalMs,
  drawVerifyUrl,
  LATE_RESULT_POLL_MS,
  lotteryLaunchRequest,
  lotteryPageSetup,
  lotteryPrizeMode,
  nextDrawAt,
  resultsRefreshDelay,
  UNKNOWN_INTERVAL_POLL_MS,
} from '@client/features/games/lottery-rules';

const card = (over: Partial<GameCard>): GameCard => ({
  nodeId: 1,
  vassalage: 'TCG_SEA',
  gameType: 'ELOTT',
  gameName: 'TCG Lottery',
  iconUrl: '/i.svg',
  gameClassify: '',
  isGame: 'GAME',
  gameCode: 'TCG_SEA',
  isHot: 0,
  supportPlay: 0,
  lottoArea: null,
  ...over,
});
const category = (gameCategory: string, cards: GameCard[]): VendorCategory => ({ gameCategory, title: gameCategory, gameClassify: '', cards });

const draw = (issueNo: string, openedAt: string, numbers = ['1', '2', '3', '4', '5']): DrawResult => ({
  gameCode: 'TCG_LOTTO_VN5',
  issueNo,
  numbers,
  openedAt,
  serverSeedHash: 'h'.repeat(64),
  serverSeed: 's'.repeat(64),
});
const at = (iso: string) => Date.parse(iso);

describe('lottery prize mode', () => {
  it('[GAMES-24] is ELOTT when the ELOTT category holds a TCG_LOTTO_VN card', () => {
    expect(lotteryPrizeMode([category('ELOTT', [card({ vassalage: 'TCG_LOTTO_VN', gameCode: 'TCG_LOTTO_VN' })])])).toBe('ELOTT');
  });

  it('[GAMES-24] is ELOTT when the ELOTT category holds a LOTT card', () => {
    expect(lotteryPrizeMode([category('ELOTT', [card({}), card({ vassalage: 'LOTT', gameCode: 'LOTT' })])])).toBe('ELOTT');
  });

  it('[GAMES-24] is LOTT when the ELOTT category holds neither', () => {
    expect(lotteryPrizeMode([category('ELOTT', [card({})])])).toBe('LOTT');
  });

  it('[GAMES-24] is LOTT without an ELOTT category, even when another category holds the marker card', () => {
    expect(lotteryPrizeMode([])).toBe('LOTT');
    expect(lotteryPrizeMode([category('LOTT', [card({ vassalage: 'TCG_LOTTO_VN', gameCode: 'TCG_LOTTO_VN', gameType: 'LOTT' })])])).toBe('LOTT');
  });
});

describe('lottery page setup', () => {
  const elott = [category('ELOTT', [card({ gameCode: 'LOTT' })])];

  it('[GAMES-25] /vnLottery lists the LOTT prize mode (the VN draws), /seaLottery the SEA one, whatever the menus say', () => {
    expect(lotteryPageSetup('vnLottery', elott)).toEqual({ prizeMode: 'LOTT', lottoArea: 'VN', openedNumbers: 'openedNumbersVn' });
    expect(lotteryPageSetup('seaLottery', elott)).toEqual({ prizeMode: 'SEA', lottoArea: 'SEA', openedNumbers: 'openedNumbersLotto' });
  });

  it('[GAMES-24] [GAMES-26] /lottery follows the prize mode rule: VN draws for LOTT, the lotto results for ELOTT', () => {
    expect(lotteryPageSetup('lottery', [])).toEqual({ prizeMode: 'LOTT', lottoArea: 'VN', openedNumbers: 'openedNumbersVn' });
    expect(lotteryPageSetup('lottery', elott)).toEqual({ prizeMode: 'ELOTT', lottoArea: undefined, openedNumbers: 'openedNumbersLotto' });
  });

  it('[GAMES-24] an e-lottery game chosen in the lobby (prizeMode=ELOTT) opens /lottery in the ELOTT prize mode', () => {
    expect(lotteryPageSetup('lottery', [], 'ELOTT')).toEqual({ prizeMode: 'ELOTT', lottoArea: undefined, openedNumbers: 'openedNumbersLotto' });
  });

  it('[API-36] a lottery launch names the lottery vendor, launch mode LOTT, its area and prize mode', () => {
    expect(lotteryLaunchRequest('TCG_LOTTO_SEA', lotteryPageSetup('seaLottery', []), 'en')).toEqual({
      gameCode: 'TCG_LOTTO_SEA',
      vassalage: 'TCG_SEA',
      device: 'WEB',
      freePlay: false,
      launchMode: 'LOTT',
      prizeMode: 'SEA',
      lottoArea: 'SEA',
      language: 'en',
    });
    expect(lotteryLaunchRequest('TCG_ELOTT_2M', lotteryPageSetup('lottery', elott), undefined)).not.toHaveProperty('lottoArea');
  });
});

describe('draw schedule', () => {
  const fiveMinuteDraws = [
    draw('20261122-0030', '2026-11-22T02:30:03Z'),
    draw('20261122-0029', '2026-11-22T02:25:01Z'),
    // A missed draw leaves a double gap; it does not change the interval.
    draw('20261122-0027', '2026-11-22T02:15:04Z'),
  ];

  it('[GAMES-26] reads the draw interval from the shortest gap between results, in whole minutes', () => {
    expect(drawIntervalMs(fiveMinuteDraws)).toBe(5 * 60_000);
    expect(drawIntervalMs(fiveMinuteDraws.slice(0, 1))).toBeNull();
    expect(drawIntervalMs([])).toBeNull();
  });

  it('[GAMES-26] the next draw is due one interval after the latest result, or the first whole interval after now', () => {
    expect(nextDrawAt(fiveMinuteDraws, at('2026-11-22T02:31:00Z'))).toBe(at('2026-11-22T02:35:03Z'));
    expect(nextDrawAt(fiveMinuteDraws, at('2026-11-22T02:41:00Z'))).toBe(at('2026-11-22T02:45:03Z'));
    expect(nextDrawAt([], at('2026-11-22T02:41:00Z'))).toBeNull();
  });

  it('[GAMES-26] results are asked for again just after the next draw is due, often while it is late, then at the next one', () => {
    expect(resultsRefreshDelay(fiveMinuteDraws, at('2026-11-22T02:35:00Z'))).toBe(3_000 + 1_500);
    expect(resultsRefreshDelay(fiveMinuteDraws, at('2026-11-22T02:35:10Z'))).toBe(LATE_RESULT_POLL_MS);
    expect(resultsRefreshDelay(fiveMinuteDraws, at('2026-11-22T02:36:03Z'))).toBe(4 * 60_000 + 1_500);
    expect(resultsRefreshDelay([], at('2026-11-22T02:36:03Z'))).toBe(UNKNOWN_INTERVAL_POLL_MS);
  });

  it('links a draw to the verifier with its revealed seed and published hash', () => {
    const url = new URL(drawVerifyUrl(fiveMinuteDraws[0]!, 'ty'), 'https://site.test');
    expect(url.pathname).toBe('/house/verify');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: 'ty',
      engine: 'lottery',
      serverSeed: 's'.repeat(64),
      gameCode: 'TCG_LOTTO_VN5',
      issueNo: '20261122-0030',
      hash: 'h'.repeat(64),
    });
  });
});

describe('lottery favourites storage', () => {
  it('[GAMES-27] keeps favourite lottery ids under LOTTFAV, one list per username', () => {
    window.localStorage.clear();
    toggleLotteryFavourite('alice', 'TCG_LOTTO_VN');
    toggleLotteryFavourite('alice', 'TCG_LOTTO_VN5');
    toggleLotteryFavourite('bob', 'TCG_LOTTO_SEA');
    toggleLotteryFavourite('alice', 'TCG_LOTTO_VN');
    expect(JSON.parse(window.localStorage.getItem(LOTTERY_FAVOURITES_KEY)!)).toEqual({ alice: ['TCG_LOTTO_VN5'], bob: ['TCG_LOTTO_SEA'] });
    expect(lotteryFavouritesOf('alice')).toEqual(['TCG_LOTTO_VN5']);
    expect(lotteryFavouritesOf('carol')).toEqual([]);
  });

  it('[GAMES-27] ignores a damaged LOTTFAV entry', () => {
    window.localStorage.setItem(LOTTERY_FAVOURITES_KEY, '{not json');
    expect(lotteryFavouritesOf('alice')).toEqual([]);
    toggleLotteryFavourite('alice', 'TCG_LOTTO_VN');
    expect(lotteryFavouritesOf('alice')).toEqual(['TCG_LOTTO_VN']);
  });
});
