/**
 * Crash with an automatic cash-out: the multiplier climbs from 1.00x and stops at the crash point;
 * a round wins when the crash point reaches the cash-out the player set. The crash point is
 * floor(100 * 0.97 / (1 - r)) / 100 for a uniform r, so P(crash >= m) = 0.97 / m for every
 * cash-out m on the 0.01 grid, and every cash-out returns 97 %.
 */

export const CRASH_HOUSE_EDGE = 0.03;
/** The declared return to player, percent. */
export const CRASH_RTP = 97;
export const CRASH_MAX_CASH_OUT = 10_000;
/** Crash points beyond this are shown as this; no cash-out can reach it. */
const CRASH_POINT_CAP = 1_000_000;

/** The crash point in hundredths (100 = 1.00x) from one float in [0, 1). */
export const crashPointHundredths = (float: number): number => {
  const raw = Math.floor((100 * (1 - CRASH_HOUSE_EDGE)) / (1 - float));
  return Math.min(Math.max(raw, 100), CRASH_POINT_CAP * 100);
};

export interface CrashRound {
  crashPoint: number;
  win: boolean;
  payoutCents: number;
}

export const playCrash = (float: number, stakeCents: number, cashOutHundredths: number): CrashRound => {
  const crash = crashPointHundredths(float);
  const win = crash >= cashOutHundredths;
  return { crashPoint: crash / 100, win, payoutCents: win ? Math.floor((stakeCents * cashOutHundredths) / 100) : 0 };
};
