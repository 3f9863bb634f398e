import type { WinnerRecord } from '@shared/contract/games';

/** Section 9: the winner board asks for at most 20 winners and shows 2 per slide (LOBBY-16, LOBBY-17). */
export const WINNER_BOARD_LIMIT = 20;
export const WINNERS_PER_SLIDE = 2;
/** LOBBY-18: the board moves on every 3 s, in a 1 s slide. */
export const WINNER_SLIDE_DELAY_MS = 3000;
export const WINNER_SLIDE_SPEED_MS = 1000;

/** LOBBY-16: the biggest win first, whatever order the call returned them in. */
export const byWinAmountDescending = (winners: readonly WinnerRecord[]): WinnerRecord[] =>
  [...winners].sort((a, b) => b.winAmount - a.winAmount);

/** LOBBY-17: consecutive pairs, one slide each. */
export const toSlides = (winners: readonly WinnerRecord[], perSlide = WINNERS_PER_SLIDE): WinnerRecord[][] =>
  Array.from({ length: Math.ceil(winners.length / perSlide) }, (_, i) => winners.slice(i * perSlide, (i + 1) * perSlide));
