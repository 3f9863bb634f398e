/**
 * LOBBY-14: the jackpot counter. Its value is derived from the time alone, so every node and every
 * visitor sees the same figure without storing anything: it starts a cycle at JACKPOT_BASE and grows
 * by JACKPOT_INCREMENT every JACKPOT_INTERVAL_MS until the cycle ends and it starts again.
 */
export const JACKPOT_INCREMENT = 165.11;
export const JACKPOT_INTERVAL_MS = 3_000;
const JACKPOT_BASE_CENTS = 888_888_888;
const INCREMENT_CENTS = Math.round(JACKPOT_INCREMENT * 100);
/** A week: the counter reaches about 42 million and then "is won". */
const CYCLE_MS = 7 * 86_400_000;

export const jackpotAt = (now: Date): { value: number; increment: number; intervalMs: number; at: string } => {
  const ms = now.getTime();
  const step = Math.floor((ms % CYCLE_MS) / JACKPOT_INTERVAL_MS);
  const stepStart = ms - ((ms % CYCLE_MS) % JACKPOT_INTERVAL_MS);
  return {
    value: (JACKPOT_BASE_CENTS + step * INCREMENT_CENTS) / 100,
    increment: JACKPOT_INCREMENT,
    intervalMs: JACKPOT_INTERVAL_MS,
    at: new Date(stepStart).toISOString(),
  };
};
