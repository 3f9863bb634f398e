import type { DrawResult, LaunchGameRequest, PrizeMode, VendorCategory } from '@shared/contract/games';
import { LOTTERY_VENDOR } from '@shared/contract/games.values';

export type LotteryArea = 'lottery' | 'seaLottery' | 'vnLottery';

/** The cards of the ELOTT category that switch the lottery page to e-lottery (GAMES-24). */
const ELOTT_MARKERS = ['TCG_LOTTO_VN', 'LOTT'];

/**
 * GAMES-24: the prize mode of the /lottery page is ELOTT when the ELOTT category of the game
 * menus holds a card TCG_LOTTO_VN or LOTT (by vendor or game code), and LOTT otherwise.
 */
export const lotteryPrizeMode = (menus: readonly VendorCategory[]): Extract<PrizeMode, 'LOTT' | 'ELOTT'> => {
  const elott = menus.find((category) => category.gameCategory === 'ELOTT');
  const marked = elott?.cards.some((card) => ELOTT_MARKERS.includes(card.vassalage) || ELOTT_MARKERS.includes(card.gameCode)) ?? false;
  return marked ? 'ELOTT' : 'LOTT';
};

/**
 * What each lottery page lists and launches. The menu call filters by prize mode only: LOTT holds
 * the VN draws, SEA the SEA draws, ELOTT the e-lotteries. /vnLottery and /seaLottery are fixed to
 * their area; /lottery follows GAMES-24.
 */
export interface LotteryPageSetup {
  prizeMode: PrizeMode;
  lottoArea: 'VN' | 'SEA' | undefined;
  /** GAMES-26: VN draws come from the VN opened-numbers call, all others from the lotto one. */
  openedNumbers: 'openedNumbersVn' | 'openedNumbersLotto';
}

export const lotteryPageSetup = (area: LotteryArea, menus: readonly VendorCategory[], requested: 'ELOTT' | null = null): LotteryPageSetup => {
  switch (area) {
    case 'vnLottery':
      return { prizeMode: 'LOTT', lottoArea: 'VN', openedNumbers: 'openedNumbersVn' };
    case 'seaLottery':
      return { prizeMode: 'SEA', lottoArea: 'SEA', openedNumbers: 'openedNumbersLotto' };
    case 'lottery': {
      const prizeMode = requested ?? lotteryPrizeMode(menus);
      // The LOTT prize mode lists the VN draws: they launch and report as VN (API-36: lottoArea VN).
      return prizeMode === 'LOTT'
        ? { prizeMode, lottoArea: 'VN', openedNumbers: 'openedNumbersVn' }
        : { prizeMode, lottoArea: undefined, openedNumbers: 'openedNumbersLotto' };
    }
  }
};

/** The launch body of a lottery game (API-36): the lottery vendor, launch mode LOTT, area and prize mode. */
export const lotteryLaunchRequest = (gameCode: string, setup: LotteryPageSetup, language: string | undefined): LaunchGameRequest => ({
  gameCode,
  vassalage: LOTTERY_VENDOR,
  device: 'WEB',
  freePlay: false,
  launchMode: 'LOTT',
  prizeMode: setup.prizeMode,
  ...(setup.lottoArea && { lottoArea: setup.lottoArea }),
  ...(language && { language }),
});

const MINUTE = 60_000;

/**
 * The draw interval, read from the results themselves: draws run on whole-minute windows, so the
 * shortest gap between consecutive results, rounded to the minute, is the interval (gaps longer
 * than one window are missed draws). Null with fewer than two results.
 */
export const drawIntervalMs = (draws: readonly DrawResult[]): number | null => {
  const times = draws.map((d) => Date.parse(d.openedAt)).filter(Number.isFinite).sort((a, b) => b - a);
  let shortest = Infinity;
  for (let i = 1; i < times.length; i += 1) {
    const gap = times[i - 1]! - times[i]!;
    if (gap > 0) shortest = Math.min(shortest, gap);
  }
  return Number.isFinite(shortest) ? Math.max(1, Math.round(shortest / MINUTE)) * MINUTE : null;
};

/** When the next result is due: the latest result plus whole intervals, the first one after `now`. */
export const nextDrawAt = (draws: readonly DrawResult[], now: number): number | null => {
  const interval = drawIntervalMs(draws);
  const latest = draws[0] ? Date.parse(draws[0].openedAt) : NaN;
  if (interval === null || !Number.isFinite(latest)) return null;
  return latest + interval * Math.max(1, Math.ceil((now - latest) / interval));
};

/** Without a known interval the results are polled at this pace. */
export const UNKNOWN_INTERVAL_POLL_MS = 30_000;
/** A result that is due but not out yet is asked for again this often, for this long. */
export const LATE_RESULT_POLL_MS = 3_000;
export const LATE_RESULT_GRACE_MS = 20_000;
/** Ask a moment after a result is due: the draw job runs on its own tick. */
const SETTLE_MS = 1_500;

/** How long to wait before asking for the results again: just after the next draw is due. */
export const resultsRefreshDelay = (draws: readonly DrawResult[], now: number): number => {
  const interval = drawIntervalMs(draws);
  const latest = draws[0] ? Date.parse(draws[0].openedAt) : NaN;
  if (interval === null || !Number.isFinite(latest)) return UNKNOWN_INTERVAL_POLL_MS;
  const due = latest + interval;
  if (now < due) return due - now + SETTLE_MS;
  if (now - due < LATE_RESULT_GRACE_MS) return LATE_RESULT_POLL_MS;
  return (nextDrawAt(draws, now) ?? now) - now + SETTLE_MS;
};

/** The page that checks a draw against its revealed seed (the house provider's verifier). */
export const drawVerifyUrl = (draw: DrawResult, language: string): string =>
  `/house/verify?${new URLSearchParams({
    lang: language,
    engine: 'lottery',
    serverSeed: draw.serverSeed,
    gameCode: draw.gameCode,
    issueNo: draw.issueNo,
    hash: draw.serverSeedHash,
  })}`;
