import { RATE_SCALE, type Terms, type TermsOf } from './terms';

/**
 * The settlement formulas of docs/contracts.md, as pure integer arithmetic over one window's
 * figures. The settlement job feeds them from the database; the property tests compare them with a
 * plain model of the rule book.
 */

/** One team member's settled bets in the window (cents). `counted*`: only its bets that count (real-time: stake at least the single bet amount). */
export interface MemberWindow {
  memberId: number;
  stakes: number;
  payouts: number;
  countedBets: number;
  countedStakes: number;
  countedPayouts: number;
}

export interface MemberShare {
  memberId: number;
  validBet: number;
  profitLoss: number;
  rate: number;
}

export interface Settlement {
  validBet: number;
  /** Payouts minus stakes, the players' side: negative when the team lost. */
  profitLoss: number;
  activeMembers: number;
  /** The tier rate applied (basis points); null for real-time salary and when no tier was reached. */
  rate: number | null;
  pay: number;
  /** Real-time salary: each member with counted bets; empty otherwise. */
  shares: MemberShare[];
}

/** ⌊amount × rate / 10 000⌋ and friends, exactly: the products leave the safe-integer range long before the amounts do. */
const floorDiv = (numerator: bigint, denominator: bigint): number => Number(numerator / denominator);

const sum = (members: readonly MemberWindow[], pick: (m: MemberWindow) => number) => members.reduce((total, m) => total + pick(m), 0);

const teamFigures = (members: readonly MemberWindow[]) => {
  const validBet = sum(members, (m) => m.countedStakes);
  const payouts = sum(members, (m) => m.countedPayouts);
  return { validBet, profitLoss: payouts - validBet, activeMembers: members.filter((m) => m.countedBets > 0).length };
};

/** The highest rate among the tiers the figures qualify for, or null. */
const bestRate = <T extends { rate: number }>(tiers: readonly T[], qualifies: (tier: T) => boolean): number | null => {
  const rates = tiers.filter(qualifies).map((t) => t.rate);
  return rates.length ? Math.max(...rates) : null;
};

const dividend = (terms: TermsOf<'DIVIDEND'>, members: readonly MemberWindow[]): Settlement => {
  const team = teamFigures(members);
  const teamLoss = Math.max(0, -team.profitLoss);
  const rate = teamLoss > 0 ? bestRate(terms.tiers, (t) => team.validBet >= t.validBet && teamLoss >= t.loss && team.activeMembers >= t.activeMembers) : null;
  const pay = rate === null ? 0 : floorDiv(BigInt(teamLoss) * BigInt(rate), BigInt(RATE_SCALE));
  return { ...team, rate, pay, shares: [] };
};

const daily = (terms: TermsOf<'DAILY'>, members: readonly MemberWindow[]): Settlement => {
  const team = teamFigures(members);
  const rate = bestRate(terms.tiers, (t) => team.validBet >= t.betAmount);
  const pay = rate === null ? 0 : floorDiv(BigInt(team.validBet) * BigInt(rate), BigInt(RATE_SCALE));
  return { ...team, rate, pay, shares: [] };
};

const hourly = (terms: TermsOf<'HOURLY'>, members: readonly MemberWindow[]): Settlement => {
  const team = teamFigures(members);
  const rate = bestRate(terms.tiers, (t) => team.validBet >= t.betAmount);
  const required = Math.max(1, terms.activeMembers);
  const pay =
    rate === null
      ? 0
      : floorDiv(BigInt(team.validBet) * BigInt(rate) * BigInt(Math.min(team.activeMembers, required)), BigInt(required) * BigInt(RATE_SCALE));
  return { ...team, rate, pay, shares: [] };
};

const realtime = (terms: TermsOf<'REALTIME'>, members: readonly MemberWindow[]): Settlement => {
  const shares = members
    .filter((m) => m.countedBets > 0)
    .map((m) => {
      const profitLoss = m.countedPayouts - m.countedStakes;
      return { memberId: m.memberId, validBet: m.countedStakes, profitLoss, rate: profitLoss > 0 ? terms.profitRate : terms.lossRate };
    });
  // Summed in exact integers and rounded once per window.
  const weighted = shares.reduce((total, s) => total + BigInt(s.validBet) * BigInt(s.rate), 0n);
  return { ...teamFigures(members), rate: null, pay: floorDiv(weighted, BigInt(RATE_SCALE)), shares };
};

/** What one window of a contract pays, from its team's figures. */
export const settle = (terms: Terms, members: readonly MemberWindow[]): Settlement => {
  switch (terms.kind) {
    case 'DIVIDEND':
      return dividend(terms, members);
    case 'DAILY':
      return daily(terms, members);
    case 'HOURLY':
      return hourly(terms, members);
    case 'REALTIME':
      return realtime(terms, members);
  }
};

/** Bets below this stake do not count (real-time salary's single bet amount; every bet counts otherwise). */
export const countedFrom = (terms: Terms): number => (terms.kind === 'REALTIME' ? terms.singleBet : 0);
