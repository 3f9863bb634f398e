import { describe, expect, it } from 'vitest';
import { GAME_TYPES, isGameType } from '@shared/contract/games.values';
import { GameType } from '@shared/contract/games';

/** Spec section 9, in the spec's order. */
const SPEC_GAME_TYPES = ['HOME', 'HOT', 'FAV', 'RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'BINGO', 'LOTT', 'ELOTT', 'PROMO'];

describe('game types (CONST-01)', () => {
  it('[CONST-01] GAME_TYPES is exactly HOME, HOT, FAV, RNG, LIVE, FISH, PVP, SPORTS, ESPORTS, COCKFIGHT, BINGO, LOTT, ELOTT and PROMO, in that order', () => {
    expect([...GAME_TYPES]).toEqual(SPEC_GAME_TYPES);
  });

  it('[CONST-01] the contract schema accepts each game type', () => {
    for (const type of SPEC_GAME_TYPES) {
      expect(GameType.safeParse(type).success, type).toBe(true);
      expect(isGameType(type), type).toBe(true);
    }
  });

  it('[CONST-01] the contract schema refuses any other value', () => {
    const others: unknown[] = ['', 'home', 'Lott', 'LOTTERY', 'SLOT', 'ALL', 'RECENT', 'VASSALAGE', ' HOME', 'HOME ', 'HOT,FAV', 3, null, undefined, {}, ['HOME']];
    for (const value of others) {
      expect(GameType.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(isGameType(value), JSON.stringify(value)).toBe(false);
    }
  });
});
