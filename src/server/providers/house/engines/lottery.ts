import type { LotteryBetType } from '@shared/contract/games-house';

/**
 * A five-digit draw (digits 0-9, each from one float of the draw's seed). Bets are on the last
 * digits or on their kind; every bet type pays 97 % of the fair odds.
 */

export const LOTTERY_DIGITS = 5;
/** The declared return to player, percent. */
export const LOTTERY_RTP = 97;

interface BetTypeRule {
  /** Payout per unit stake, in hundredths. */
  multiplierHundredths: number;
  /** Digits a pick has (LAST1-3); 0 for a word pick. */
  pickDigits: number;
  picks: readonly string[];
  wins: (digits: readonly number[], pick: string) => boolean;
}

const lastDigits = (digits: readonly number[], n: number): string => digits.slice(-n).join('');
const numberPicks = (width: number): string[] => Array.from({ length: 10 ** width }, (_, i) => String(i).padStart(width, '0'));
const lastDigit = (digits: readonly number[]): number => digits[digits.length - 1] ?? 0;

export const LOTTERY_BET_RULES: Readonly<Record<LotteryBetType, BetTypeRule>> = {
  LAST1: { multiplierHundredths: 970, pickDigits: 1, picks: numberPicks(1), wins: (d, pick) => lastDigits(d, 1) === pick },
  LAST2: { multiplierHundredths: 9_700, pickDigits: 2, picks: numberPicks(2), wins: (d, pick) => lastDigits(d, 2) === pick },
  LAST3: { multiplierHundredths: 97_000, pickDigits: 3, picks: numberPicks(3), wins: (d, pick) => lastDigits(d, 3) === pick },
  BIG_SMALL: { multiplierHundredths: 194, pickDigits: 0, picks: ['BIG', 'SMALL'], wins: (d, pick) => (lastDigit(d) >= 5 ? 'BIG' : 'SMALL') === pick },
  ODD_EVEN: { multiplierHundredths: 194, pickDigits: 0, picks: ['ODD', 'EVEN'], wins: (d, pick) => (lastDigit(d) % 2 === 1 ? 'ODD' : 'EVEN') === pick },
};

export const isLotteryPickAllowed = (betType: LotteryBetType, pick: string): boolean => LOTTERY_BET_RULES[betType].picks.includes(pick);

/** The drawn digits from LOTTERY_DIGITS floats in [0, 1). */
export const drawDigits = (floats: readonly number[]): number[] => floats.slice(0, LOTTERY_DIGITS).map((f) => Math.floor(f * 10));

/** The message a draw's digits are read from. */
export const drawMessage = (gameCode: string, issueNo: string): string => `${gameCode}:${issueNo}`;

export const lotteryPayoutCents = (betType: LotteryBetType, pick: string, stakeCents: number, digits: readonly number[]): number => {
  const rule = LOTTERY_BET_RULES[betType];
  return rule.wins(digits, pick) ? Math.floor((stakeCents * rule.multiplierHundredths) / 100) : 0;
};
