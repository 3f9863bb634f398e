import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES } from '@shared/contract/games-house';
import { CRASH_RTP, playCrash } from '@server/providers/house/engines/crash';
import { DICE_OUTCOMES, DICE_RTP, playDice } from '@server/providers/house/engines/dice';
import { drawDigits, LOTTERY_BET_RULES, LOTTERY_DIGITS, LOTTERY_RTP, lotteryPayoutCents } from '@server/providers/house/engines/lottery';
import { SLOT_RTP, slotPayoutCents, slotTheoreticalRtp, spinSlot } from '@server/providers/house/engines/slot';
import { fairFloats, roundFloats } from '@server/providers/house/fairness';

/**
 * Return to player of each house game, from the pure game maths driven by the provably-fair
 * generator with fixed seeds (so a run is reproducible). A simulated RTP must lie within four
 * standard errors of the declared figure, and the standard error must be small enough for that
 * to mean something.
 */

const ROUNDS = 200_000;
const STAKE = 10_000; // cents: large enough that rounding a payout down to the cent is negligible

const seeds = (game: string) => ({ serverSeed: `rtp-${game}-server-seed`, clientSeed: `rtp-${game}-client` });

/** Mean return per unit stake and its standard error over `n` rounds. */
const simulate = (n: number, payoutOf: (round: number) => number) => {
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i += 1) {
    const r = payoutOf(i) / STAKE;
    sum += r;
    sumSq += r * r;
  }
  const mean = sum / n;
  const variance = sumSq / n - mean * mean;
  return { mean, se: Math.sqrt(variance / n) };
};

const expectRtp = (result: { mean: number; se: number }, declaredPercent: number, maxSe: number) => {
  expect(result.se).toBeLessThan(maxSe);
  expect(Math.abs(result.mean - declaredPercent / 100)).toBeLessThan(4 * result.se);
};

describe('return to player of the house games', () => {
  it('[GAMES-01] the slot pays back its declared 96.01 %: exactly from the reel strips, and over 200 000 simulated spins', () => {
    expect(slotTheoreticalRtp() * 100).toBeCloseTo(SLOT_RTP, 2);
    const s = seeds('slot');
    const result = simulate(ROUNDS, (nonce) => slotPayoutCents(STAKE, spinSlot(roundFloats({ ...s, nonce }, 5))));
    expectRtp(result, SLOT_RTP, 0.015);
  });

  it('[GAMES-01] dice pays back 99 % for every target: exactly over all 10 000 rolls, and in simulation', () => {
    for (const [target, direction] of [
      [4950, 'UNDER'],
      [100, 'UNDER'],
      [9000, 'UNDER'],
      [2500, 'OVER'],
      [9700, 'OVER'],
    ] as const) {
      let paid = 0;
      for (let roll = 0; roll < DICE_OUTCOMES; roll += 1) paid += playDice((roll + 0.5) / DICE_OUTCOMES, STAKE, target, direction).payoutCents;
      expect(paid / (DICE_OUTCOMES * STAKE)).toBeCloseTo(DICE_RTP / 100, 3);
    }
    const s = seeds('dice');
    const result = simulate(ROUNDS, (nonce) => {
      const target = 1000 + (nonce % 8) * 1000; // 10.00 .. 80.00
      return playDice(roundFloats({ ...s, nonce }, 1)[0]!, STAKE, target, nonce % 2 === 0 ? 'UNDER' : 'OVER').payoutCents;
    });
    expectRtp(result, DICE_RTP, 0.005);
  });

  it('[GAMES-01] crash pays back 97 % whatever the cash-out, over 200 000 simulated rounds per cash-out', () => {
    for (const cashOut of [101, 200, 500, 1000]) {
      const s = seeds(`crash-${cashOut}`);
      const result = simulate(ROUNDS, (nonce) => playCrash(roundFloats({ ...s, nonce }, 1)[0]!, STAKE, cashOut).payoutCents);
      expectRtp(result, CRASH_RTP, 0.01);
    }
  });

  it('[GAMES-01] the lottery pays back 97 % on every bet type: exactly over every draw, and over 200 000 simulated draws', () => {
    // Exactly: every pick of a bet type against every ending of the draw.
    for (const betType of LOTTERY_BET_TYPES) {
      const picks = LOTTERY_BET_RULES[betType].picks;
      let paid = 0;
      for (let ending = 0; ending < 1000; ending += 1) {
        const digits = [0, 0, Math.floor(ending / 100), Math.floor(ending / 10) % 10, ending % 10];
        for (const pick of picks) paid += lotteryPayoutCents(betType, pick, STAKE, digits);
      }
      expect(paid / (1000 * picks.length * STAKE)).toBeCloseTo(LOTTERY_RTP / 100, 6);
    }
    // In play: the draws the seeds give. A 3-digit prize is too rare for 200 000 draws to pin down.
    const draws = Array.from({ length: ROUNDS }, (_, i) => drawDigits(fairFloats('rtp-lottery-seed', `TCG_LOTTO_VN:sim-${i}`, LOTTERY_DIGITS)));
    for (const betType of LOTTERY_BET_TYPES.filter((b) => b !== 'LAST3')) {
      const picks = LOTTERY_BET_RULES[betType].picks;
      const result = simulate(ROUNDS, (i) => lotteryPayoutCents(betType, picks[i % picks.length]!, STAKE, draws[i]!));
      expectRtp(result, LOTTERY_RTP, 0.025);
    }
  });

  it('[GAMES-01] lottery draws give every digit equally often (chi-square over 200 000 draws)', () => {
    const counts = Array.from({ length: LOTTERY_DIGITS }, () => new Array<number>(10).fill(0));
    for (let i = 0; i < ROUNDS; i += 1) {
      drawDigits(fairFloats('rtp-lottery-seed', `TCG_ELOTT_2M:chi-${i}`, LOTTERY_DIGITS)).forEach((d, position) => {
        counts[position]![d]! += 1;
      });
    }
    const expected = ROUNDS / 10;
    for (const position of counts) {
      const chi = position.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
      // 9 degrees of freedom: the 99.9th percentile is 27.88.
      expect(chi).toBeLessThan(27.88);
    }
  });
});
