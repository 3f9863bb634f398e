import type { z } from 'zod';
import type { HouseGameConfig } from '@shared/contract/games-house';
import type { Db } from '../../db/create-db';
import { CRASH_HOUSE_EDGE, CRASH_MAX_CASH_OUT } from './engines/crash';
import { DICE_HOUSE_EDGE } from './engines/dice';
import { SCATTER, SLOT_LINES, SLOT_PAYTABLE, SLOT_REELS, SLOT_ROWS, SLOT_SCATTER_PAYS, SLOT_STRIPS, WILD } from './engines/slot';
import { DEFAULT_SLOT_THEME, SLOT_THEMES } from './engines/slot-themes';
import { lotteryConfig } from './lottery';
import type { HouseSession } from './sessions';

const slotConfig = (theme: string) => {
  const glyphs = SLOT_THEMES[theme] ?? SLOT_THEMES[DEFAULT_SLOT_THEME]!;
  const symbols = [...new Set(SLOT_STRIPS.flat())].sort();
  return {
    engine: 'slot' as const,
    theme: SLOT_THEMES[theme] ? theme : DEFAULT_SLOT_THEME,
    reels: SLOT_REELS,
    rows: SLOT_ROWS,
    lines: SLOT_LINES.map((line) => [...line]),
    symbols: symbols.map((symbol) => ({ symbol, glyph: glyphs[symbol] ?? symbol, pays: [...(SLOT_PAYTABLE[symbol] ?? [])] })),
    wild: WILD,
    scatter: SCATTER,
    scatterPays: [...SLOT_SCATTER_PAYS],
  };
};

/** What a game page needs to draw the session's game: reels and paytable, edges, or the lotteries. */
export const houseGameConfig = async (db: Db, session: HouseSession): Promise<z.infer<typeof HouseGameConfig>> => {
  switch (session.game.engine) {
    case 'slot':
      return slotConfig(typeof session.game.engineConfig.theme === 'string' ? session.game.engineConfig.theme : DEFAULT_SLOT_THEME);
    case 'dice':
      return { engine: 'dice', houseEdge: DICE_HOUSE_EDGE };
    case 'crash':
      return { engine: 'crash', houseEdge: CRASH_HOUSE_EDGE, maxCashOut: CRASH_MAX_CASH_OUT };
    case 'lottery':
      return lotteryConfig(db, session);
  }
};
