/**
 * A 5x3 video slot with 20 fixed paylines, a wild that substitutes for every symbol but the
 * scatter, and scatter pays anywhere. The maths is the same for every theme; the theme only
 * changes the glyphs. `slotTheoreticalRtp` computes the exact return from the reel strips.
 */

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;
export const WILD = 'W';
export const SCATTER = 'S';

/** Row index on each reel, per payline. */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

/** Line pays in line-bet units (total bet / 20) for 3, 4 and 5 of a kind, left to right. */
export const SLOT_PAYTABLE: Readonly<Record<string, readonly [number, number, number]>> = {
  H1: [50, 200, 1000],
  H2: [30, 120, 500],
  H3: [20, 80, 300],
  L1: [10, 40, 160],
  L2: [10, 30, 120],
  L3: [8, 25, 100],
  L4: [6, 20, 80],
};
/** The symbol five wilds pay as. */
const TOP_SYMBOL = 'H1';

/** Scatter pays in total-bet units for 3, 4 and 5 scatters anywhere. */
export const SLOT_SCATTER_PAYS: readonly [number, number, number] = [2, 12, 150];

/** One strip per reel; a stop shows the strip from that index down, wrapping. */
export const SLOT_STRIPS: readonly (readonly string[])[] = [
  ['L3', 'S', 'H3', 'L1', 'L4', 'L2', 'L4', 'L2', 'L1', 'L4', 'L3', 'L1', 'H1', 'L2', 'L1', 'H2', 'L4', 'L2', 'L1', 'L3', 'L4', 'L2', 'H3', 'H2', 'H1', 'L4', 'L3', 'H3', 'H2', 'L3', 'H3', 'H1'],
  ['H3', 'W', 'L1', 'L4', 'L1', 'L3', 'W', 'L3', 'L1', 'L2', 'H3', 'L2', 'L3', 'H2', 'L3', 'L4', 'H1', 'L2', 'H2', 'L4', 'L3', 'L4', 'H2', 'H3', 'L1', 'H3', 'L2', 'S', 'H1', 'L4', 'L2', 'L1'],
  ['H3', 'H1', 'L4', 'H2', 'L4', 'H2', 'L2', 'H3', 'L2', 'S', 'L2', 'H3', 'L1', 'H3', 'W', 'L3', 'L1', 'H1', 'L4', 'L1', 'H2', 'W', 'L4', 'L1', 'L3', 'L2', 'L3', 'L4', 'L3', 'L1', 'L3', 'L2'],
  ['L1', 'H2', 'L1', 'L2', 'H2', 'L2', 'L3', 'H1', 'W', 'H3', 'H2', 'H1', 'L4', 'L1', 'L3', 'L1', 'H3', 'L1', 'L2', 'H3', 'L4', 'H3', 'L2', 'L3', 'W', 'L3', 'L4', 'S', 'L4', 'L2', 'L4', 'L3'],
  ['W', 'L1', 'L4', 'L2', 'L4', 'H3', 'L3', 'L1', 'L3', 'L2', 'L4', 'H1', 'L1', 'H3', 'L4', 'L3', 'H3', 'H1', 'L2', 'H2', 'H1', 'L3', 'L1', 'L2', 'H2', 'L3', 'W', 'L1', 'H3', 'L2', 'S', 'H2'],
];

/** The declared return to player, percent: slotTheoreticalRtp() rounded to two places. */
export const SLOT_RTP = 96.01;

export interface SlotLineWin {
  line: number;
  symbol: string;
  count: number;
  /** Line-bet units. */
  units: number;
}

export interface SlotSpin {
  stops: number[];
  /** Symbols per reel, top to bottom. */
  grid: string[][];
  lineWins: SlotLineWin[];
  scatterCount: number;
  /** Total-bet units. */
  scatterUnits: number;
}

/** The leftmost run a line pays for, or null. Wilds take the first other symbol; five wilds pay as the top symbol. */
export const evaluateLine = (symbols: readonly string[]): { symbol: string; count: number; units: number } | null => {
  const symbol = symbols.find((s) => s !== WILD) ?? TOP_SYMBOL;
  const pays = SLOT_PAYTABLE[symbol];
  if (!pays) return null;
  let count = 0;
  while (count < symbols.length && (symbols[count] === WILD || symbols[count] === symbol)) count += 1;
  return count >= 3 ? { symbol, count, units: pays[count - 3] ?? 0 } : null;
};

const scatterUnitsFor = (count: number): number => (count >= 3 ? (SLOT_SCATTER_PAYS[Math.min(count, 5) - 3] ?? 0) : 0);

/** One spin from five floats in [0, 1), one per reel. */
export const spinSlot = (floats: readonly number[]): SlotSpin => {
  const stops = SLOT_STRIPS.map((strip, reel) => Math.floor((floats[reel] ?? 0) * strip.length));
  const grid = SLOT_STRIPS.map((strip, reel) =>
    Array.from({ length: SLOT_ROWS }, (_, row) => strip[((stops[reel] ?? 0) + row) % strip.length] ?? ''),
  );
  const lineWins: SlotLineWin[] = [];
  SLOT_LINES.forEach((rows, line) => {
    const win = evaluateLine(rows.map((row, reel) => grid[reel]?.[row] ?? ''));
    if (win) lineWins.push({ line, ...win });
  });
  const scatterCount = grid.flat().filter((s) => s === SCATTER).length;
  return { stops, grid, lineWins, scatterCount, scatterUnits: scatterUnitsFor(scatterCount) };
};

/** The payout in cents of a spin at `stakeCents` (the total bet), rounded down to the cent. */
export const slotPayoutCents = (stakeCents: number, spin: Pick<SlotSpin, 'lineWins' | 'scatterUnits'>): number => {
  const lineUnits = spin.lineWins.reduce((sum, w) => sum + w.units, 0);
  return Math.floor((stakeCents * (lineUnits + spin.scatterUnits * SLOT_LINES.length)) / SLOT_LINES.length);
};

/** The cents one line win pays at `stakeCents`, for display (rounded down). */
export const lineWinCents = (stakeCents: number, units: number): number => Math.floor((stakeCents * units) / SLOT_LINES.length);

/**
 * The exact return to player as a fraction of the total bet. Each row of a reel shows every strip
 * position equally often and reels are independent, so one payline's expectation follows from the
 * symbol counts per strip, and all 20 lines share it; scatters are counted per reel window.
 */
export const slotTheoreticalRtp = (): number => {
  const counts = SLOT_STRIPS.map((strip) => {
    const byPosition = new Map<string, number>();
    for (const s of strip) byPosition.set(s, (byPosition.get(s) ?? 0) + 1);
    return byPosition;
  });
  const symbols = [...new Set(SLOT_STRIPS.flat())];
  let lineExpectation = 0;
  const walk = (reel: number, chosen: string[], weight: number): void => {
    if (reel === SLOT_REELS) {
      const win = evaluateLine(chosen);
      if (win) lineExpectation += weight * win.units;
      return;
    }
    const total = SLOT_STRIPS[reel]?.length ?? 1;
    for (const symbol of symbols) {
      const n = counts[reel]?.get(symbol) ?? 0;
      if (n > 0) walk(reel + 1, [...chosen, symbol], (weight * n) / total);
    }
  };
  walk(0, [], 1);

  // Distribution of the number of visible scatters, reel by reel over every stop of its strip.
  let distribution = [1];
  for (const strip of SLOT_STRIPS) {
    const perReel = new Map<number, number>();
    for (let stop = 0; stop < strip.length; stop += 1) {
      let n = 0;
      for (let row = 0; row < SLOT_ROWS; row += 1) if (strip[(stop + row) % strip.length] === SCATTER) n += 1;
      perReel.set(n, (perReel.get(n) ?? 0) + 1 / strip.length);
    }
    const next: number[] = [];
    distribution.forEach((p, k) => {
      for (const [n, q] of perReel) next[k + n] = (next[k + n] ?? 0) + p * q;
    });
    distribution = next.map((p) => p ?? 0);
  }
  const scatterExpectation = distribution.reduce((sum, p, k) => sum + p * scatterUnitsFor(k), 0);
  return lineExpectation + scatterExpectation;
};
