import type { ResponseOf } from '@shared/contract/http';

export type Jackpot = ResponseOf<'jackpot'>;

/** LOBBY-15: every digit of the jackpot counter is drawn in a cell this tall (px). */
export const JACKPOT_DIGIT_HEIGHT = 94;

/**
 * LOBBY-14: the jackpot `elapsedMs` after its value was read, grown by `increment` for every whole
 * `intervalMs`. Counted in cents from the read value, so it never drifts however long the page stays open.
 */
export const jackpotValueAfter = (jackpot: Jackpot, elapsedMs: number): number => {
  const steps = Math.floor(Math.max(0, elapsedMs) / jackpot.intervalMs);
  return (Math.round(jackpot.value * 100) + steps * Math.round(jackpot.increment * 100)) / 100;
};

/** How long until the next step, so a timer wakes exactly when the value changes. */
export const msUntilNextStep = (jackpot: Jackpot, elapsedMs: number): number =>
  jackpot.intervalMs - (Math.max(0, elapsedMs) % jackpot.intervalMs);
