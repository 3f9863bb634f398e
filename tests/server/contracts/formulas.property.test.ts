import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settle, type MemberWindow } from '@server/services/contracts/formulas';
import { exceedsLimit, type Terms, type TermsOf } from '@server/services/contracts/terms';
import { nextWindow, windowAt } from '@server/services/contracts/windows';

/**
 * The settlement arithmetic against a plain model of each formula in docs/contracts.md, written
 * from the rule book over the raw bets (no aggregates, no shortcuts): pay to the cent, rounded down
 * once per window. Plus the cascade limit and the windows.
 */

interface RawBet {
  memberId: number;
  stake: number;
  payout: number;
}

/** ⌊a × b / c⌋ in exact integers. */
const floorOf = (numerator: bigint, denominator: bigint) => Number(numerator / denominator);
const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The rule book, one formula per kind, over raw bets. */
const modelPay = (terms: Terms, bets: RawBet[]): number => {
  switch (terms.kind) {
    case 'REALTIME': {
      let weighted = 0n;
      for (const memberId of new Set(bets.map((b) => b.memberId))) {
        const counted = bets.filter((b) => b.memberId === memberId && b.stake >= terms.singleBet);
        const stakes = sumOf(counted.map((b) => b.stake));
        const profitLoss = sumOf(counted.map((b) => b.payout - b.stake));
        weighted += BigInt(stakes) * BigInt(profitLoss > 0 ? terms.profitRate : terms.lossRate);
      }
      return floorOf(weighted, 10_000n);
    }
    case 'DAILY':
    case 'HOURLY': {
      const validBet = sumOf(bets.map((b) => b.stake));
      let tier: { rate: number } | undefined;
      for (const t of terms.tiers) if (validBet >= t.betAmount) tier = t;
      if (!tier) return 0;
      if (terms.kind === 'DAILY') return floorOf(BigInt(validBet) * BigInt(tier.rate), 10_000n);
      const active = new Set(bets.map((b) => b.memberId)).size;
      const required = terms.activeMembers;
      return floorOf(BigInt(validBet) * BigInt(tier.rate) * BigInt(Math.min(active, required)), BigInt(required) * 10_000n);
    }
    case 'DIVIDEND': {
      const validBet = sumOf(bets.map((b) => b.stake));
      const loss = Math.max(0, validBet - sumOf(bets.map((b) => b.payout)));
      const active = new Set(bets.map((b) => b.memberId)).size;
      let tier: { rate: number } | undefined;
      for (const t of terms.tiers) if (validBet >= t.validBet && loss >= t.loss && active >= t.activeMembers) tier = t;
      return tier && loss > 0 ? floorOf(BigInt(loss) * BigInt(tier.rate), 10_000n) : 0;
    }
  }
};

/** What the database hands the formulas: each member's sums (all bets, and the ones at or above `counted`). */
const aggregate = (bets: RawBet[], counted: number): MemberWindow[] =>
  [...new Set(bets.map((b) => b.memberId))].sort((a, b) => a - b).map((memberId) => {
    const mine = bets.filter((b) => b.memberId === memberId);
    const big = mine.filter((b) => b.stake >= counted);
    return {
      memberId,
      stakes: sumOf(mine.map((b) => b.stake)),
      payouts: sumOf(mine.map((b) => b.payout)),
      countedBets: big.length,
      countedStakes: sumOf(big.map((b) => b.stake)),
      countedPayouts: sumOf(big.map((b) => b.payout)),
    };
  });

const rate = fc.integer({ min: 0, max: 10_000 });
/** Bets that lose, push (payout = stake: a member breaking even pays the loss rate), win a multiple, or pay anything. */
const bets = fc.array(
  fc
    .record({
      memberId: fc.integer({ min: 1, max: 8 }),
      stake: fc.integer({ min: 1, max: 5_000_000_00 }),
      outcome: fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 2, max: 10 }), fc.double({ min: 0, max: 5, noNaN: true })),
    })
    .map(({ memberId, stake, outcome }) => ({ memberId, stake, payout: Math.floor(stake * outcome) })),
  { maxLength: 40 },
);

/** Tiers as an offer must state them: thresholds rising, rates never falling. */
const rising = (length: { min: number; max: number }) =>
  fc
    .array(fc.tuple(fc.integer({ min: 0, max: 10_000_000_00 }), rate), { minLength: length.min, maxLength: length.max })
    .map((pairs) => {
      const thresholds = [...new Set(pairs.map(([t]) => t))].sort((a, b) => a - b);
      const rates = pairs.map(([, r]) => r).sort((a, b) => a - b);
      return thresholds.map((betAmount, i) => ({ betAmount, rate: rates[i]! }));
    });

const realtimeTerms = fc.record({ kind: fc.constant('REALTIME' as const), profitRate: rate, lossRate: rate, singleBet: fc.integer({ min: 0, max: 1_000_00 }) });
const dailyTerms = fc.record({ kind: fc.constant('DAILY' as const), tiers: rising({ min: 1, max: 5 }) });
const hourlyTerms = fc.record({ kind: fc.constant('HOURLY' as const), tiers: rising({ min: 1, max: 5 }), activeMembers: fc.integer({ min: 1, max: 10 }) });
const dividendTerms = fc
  .record({
    period: fc.constantFrom('D' as const, 'W' as const, 'H' as const, 'M' as const),
    tiers: rising({ min: 1, max: 5 }),
    losses: fc.array(fc.integer({ min: 0, max: 1_000_000_00 }), { minLength: 5, maxLength: 5 }),
    members: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ period, tiers, losses, members }): TermsOf<'DIVIDEND'> => {
    const sortedLosses = [...losses].sort((a, b) => a - b);
    const sortedMembers = [...members].sort((a, b) => a - b);
    return { kind: 'DIVIDEND', period, tiers: tiers.map((t, i) => ({ validBet: t.betAmount, loss: sortedLosses[i]!, activeMembers: sortedMembers[i]!, rate: t.rate })) };
  });
const anyTerms: fc.Arbitrary<Terms> = fc.oneof(realtimeTerms, dailyTerms, hourlyTerms, dividendTerms);

const counted = (terms: Terms) => (terms.kind === 'REALTIME' ? terms.singleBet : 0);

describe('settlement formulas against the rule book', () => {
  it('[AGENT-21] [AGENT-16] [AGENT-15] each kind pays what its formula gives, to the cent, for any team and terms', () => {
    fc.assert(
      fc.property(anyTerms, bets, (terms, raw) => {
        expect(settle(terms, aggregate(raw, counted(terms))).pay).toBe(modelPay(terms, raw));
      }),
      { numRuns: 2_000 },
    );
  });

  it('[AGENT-21] a real-time window pays the members who profited at the profit rate and the others at the loss rate, bets below the single bet amount aside', () => {
    fc.assert(
      fc.property(realtimeTerms, bets, (terms, raw) => {
        const result = settle(terms, aggregate(raw, terms.singleBet));
        const counted = raw.filter((b) => b.stake >= terms.singleBet);
        expect(result.validBet).toBe(sumOf(counted.map((b) => b.stake)));
        expect(result.profitLoss).toBe(sumOf(counted.map((b) => b.payout - b.stake)));
        expect(sumOf(result.shares.map((s) => s.validBet))).toBe(result.validBet);
        for (const share of result.shares) expect(share.rate).toBe(share.profitLoss > 0 ? terms.profitRate : terms.lossRate);
        // Rounded once per window: never more than the exact amount, never a cent less than its floor.
        const exact = sumOf(result.shares.map((s) => (s.validBet * s.rate) / 10_000));
        expect(result.pay).toBeLessThanOrEqual(exact + 1e-6);
        expect(result.pay).toBeGreaterThan(exact - 1 - 1e-6);
      }),
      { numRuns: 1_000 },
    );
  });

  it('nothing bet pays nothing, and a bill of nothing names no rate for tiered kinds', () => {
    fc.assert(
      fc.property(anyTerms, (terms) => {
        const result = settle(terms, []);
        expect(result).toMatchObject({ pay: 0, validBet: 0, profitLoss: 0, activeMembers: 0 });
        if (terms.kind === 'DIVIDEND') expect(result.rate).toBeNull();
      }),
    );
  });

  it('[AGENT-19] an offer within the upline\'s own salary contract never pays the downline more than the upline earns on a team that contains it', () => {
    const team = fc.record({ downline: bets, others: bets });
    for (const kind of ['DAILY', 'HOURLY'] as const) {
      const terms = kind === 'DAILY' ? dailyTerms : hourlyTerms;
      fc.assert(
        fc.property(terms, terms, team, (own, offered, { downline, others }) => {
          fc.pre(!exceedsLimit(offered, own));
          // The upline's team is the downline's team plus others (their member ids kept apart).
          const upline = [...downline, ...others.map((b) => ({ ...b, memberId: b.memberId + 100 }))];
          expect(modelPay(own, upline)).toBeGreaterThanOrEqual(modelPay(offered, downline));
        }),
        { numRuns: 500 },
      );
    }
  });

  it('[AGENT-19] the limit: an offer is within the offerer\'s contract exactly when no rate is above it (and the real-time single bet not below it)', () => {
    fc.assert(
      fc.property(realtimeTerms, realtimeTerms, (own, offered) => {
        const within = offered.profitRate <= own.profitRate && offered.lossRate <= own.lossRate && offered.singleBet >= own.singleBet;
        expect(exceedsLimit(offered, own)).toBe(!within);
      }),
    );
    fc.assert(
      fc.property(anyTerms, (terms) => {
        expect(exceedsLimit(terms, terms)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(anyTerms, (terms) => {
        expect(exceedsLimit(terms, null)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(dividendTerms, (own) => {
        const otherPeriod = own.period === 'M' ? 'W' : 'M';
        expect(exceedsLimit({ ...own, period: otherPeriod }, own)).toBe(true);
        const raised = { ...own, tiers: own.tiers.map((t, i) => (i === own.tiers.length - 1 ? { ...t, rate: t.rate + 1 } : t)) };
        expect(exceedsLimit(raised, own)).toBe(true);
      }),
    );
  });
});

describe('settlement windows', () => {
  const clock = { timeZone: 'Asia/Ho_Chi_Minh', realtimeSeconds: 300 };
  const instant = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-01-01T00:00:00Z'), noInvalidDate: true });
  const localParts = (d: Date) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: clock.timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'short' })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    );

  it('[AGENT-17] [AGENT-21] every instant falls in exactly one window, and each window starts where the one before ends', () => {
    fc.assert(
      fc.property(anyTerms, instant, (terms, at) => {
        const w = windowAt(terms, at, clock);
        expect(w.start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(w.end.getTime()).toBeGreaterThan(at.getTime());
        expect(windowAt(terms, w.start, clock)).toEqual(w);
        expect(nextWindow(terms, w, clock).start).toEqual(w.end);
      }),
      { numRuns: 1_000 },
    );
  });

  it('[AGENT-17] [AGENT-21] windows are 5 minutes, clock hours, local days, Monday weeks, half months and months', () => {
    const sample = (terms: Terms) => fc.sample(instant, { numRuns: 200, seed: 7 }).map((at) => windowAt(terms, at, clock));
    for (const w of sample({ kind: 'REALTIME', profitRate: 0, lossRate: 0, singleBet: 0 })) expect(w.end.getTime() - w.start.getTime()).toBe(300_000);
    for (const w of sample({ kind: 'HOURLY', tiers: [], activeMembers: 1 })) expect(localParts(w.start).minute).toBe('00');
    for (const w of sample({ kind: 'DAILY', tiers: [] })) {
      expect(localParts(w.start)).toMatchObject({ hour: '00', minute: '00' });
      expect(w.end.getTime() - w.start.getTime()).toBe(86_400_000);
    }
    const dividend = (period: 'W' | 'H' | 'M'): Terms => ({ kind: 'DIVIDEND', period, tiers: [] });
    for (const w of sample(dividend('W'))) expect(localParts(w.start)).toMatchObject({ weekday: 'Mon', hour: '00' });
    for (const w of sample(dividend('H'))) expect(['01', '16']).toContain(localParts(w.start).day);
    for (const w of sample(dividend('M'))) expect([localParts(w.start).day, localParts(w.end).day]).toEqual(['01', '01']);
  });
});
