/**
 * Dice: a roll from 0.00 to 99.99 (10 000 equally likely outcomes). The player wins when the roll
 * is under (or over) the target, and is paid (1 - house edge) / win chance, so every target
 * returns the same 99 %. Payouts are computed in integer cents and rounded down.
 */

export const DICE_OUTCOMES = 10_000;
export const DICE_HOUSE_EDGE = 0.01;
/** The declared return to player, percent. */
export const DICE_RTP = 99;
/** Win chances outside 1 %..98 % are refused: the multiplier would be absurd or below 1.01. */
export const DICE_MIN_WIN_OUTCOMES = 100;
export const DICE_MAX_WIN_OUTCOMES = 9_800;

export type DiceDirection = 'UNDER' | 'OVER';

/** The roll, in hundredths (0..9999), from one float in [0, 1). */
export const rollDice = (float: number): number => Math.floor(float * DICE_OUTCOMES);

/** How many of the 10 000 rolls win for a target given in hundredths. */
export const diceWinOutcomes = (targetHundredths: number, direction: DiceDirection): number =>
  direction === 'UNDER' ? targetHundredths : DICE_OUTCOMES - 1 - targetHundredths;

export const isDiceTargetAllowed = (targetHundredths: number, direction: DiceDirection): boolean => {
  const n = diceWinOutcomes(targetHundredths, direction);
  return n >= DICE_MIN_WIN_OUTCOMES && n <= DICE_MAX_WIN_OUTCOMES;
};

const RTP_NUMERATOR = DICE_OUTCOMES * (1 - DICE_HOUSE_EDGE);

/** The multiplier shown to the player, rounded down to 4 places. */
export const diceMultiplier = (targetHundredths: number, direction: DiceDirection): number =>
  Math.floor((RTP_NUMERATOR / diceWinOutcomes(targetHundredths, direction)) * 10_000) / 10_000;

export interface DiceRound {
  roll: number;
  win: boolean;
  payoutCents: number;
}

export const playDice = (float: number, stakeCents: number, targetHundredths: number, direction: DiceDirection): DiceRound => {
  const roll = rollDice(float);
  const win = direction === 'UNDER' ? roll < targetHundredths : roll > targetHundredths;
  const payoutCents = win ? Math.floor((stakeCents * RTP_NUMERATOR) / diceWinOutcomes(targetHundredths, direction)) : 0;
  return { roll, win, payoutCents };
};
