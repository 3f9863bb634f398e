import type { ContractKind, ContractOffer, ContractPeriod } from '@shared/contract/contracts';
import { toCents, toMoney } from '../ledger/money';

/**
 * A contract's terms as stored and computed with: amounts in integer cents, rates in integer basis
 * points of a percent (1 % = 100), so every formula of docs/contracts.md runs on integers.
 */
export interface DividendTier {
  validBet: number;
  loss: number;
  activeMembers: number;
  rate: number;
}
export interface VolumeTier {
  betAmount: number;
  rate: number;
}
export type Terms =
  | { kind: 'DIVIDEND'; period: ContractPeriod; tiers: DividendTier[] }
  | { kind: 'DAILY'; tiers: VolumeTier[] }
  | { kind: 'HOURLY'; tiers: VolumeTier[]; activeMembers: number }
  | { kind: 'REALTIME'; profitRate: number; lossRate: number; singleBet: number };
export type TermsOf<K extends ContractKind> = Extract<Terms, { kind: K }>;

/** Basis points in 100 %: `amount × rate / RATE_SCALE`. */
export const RATE_SCALE = 10_000;

const toBasisPoints = (percent: number): number => Math.round(percent * 100);
const toPercent = (basisPoints: number): number => basisPoints / 100;

/** An offer as the API states it, in stored units. */
export const termsOfOffer = (offer: ContractOffer): Terms => {
  switch (offer.kind) {
    case 'DIVIDEND':
      return {
        kind: 'DIVIDEND',
        period: offer.period,
        tiers: offer.tiers.map((t) => ({
          validBet: toCents(t.periodValidBet),
          loss: toCents(t.periodProfitLoss),
          activeMembers: t.activeMemberCount,
          rate: toBasisPoints(t.rate),
        })),
      };
    case 'DAILY':
      return { kind: 'DAILY', tiers: offer.tiers.map((t) => ({ betAmount: toCents(t.dailyBetAmount), rate: toBasisPoints(t.rate) })) };
    case 'HOURLY':
      return {
        kind: 'HOURLY',
        tiers: offer.tiers.map((t) => ({ betAmount: toCents(t.hourlyBetAmount), rate: toBasisPoints(t.rate) })),
        activeMembers: offer.activeMemberCount,
      };
    case 'REALTIME':
      return { kind: 'REALTIME', profitRate: toBasisPoints(offer.profitRate), lossRate: toBasisPoints(offer.lossRate), singleBet: toCents(offer.singleBetAmount) };
  }
};

/** The terms' fields as the API shows them on a contract of their kind. */
export const offerFieldsOf = (terms: Terms) => {
  switch (terms.kind) {
    case 'DIVIDEND':
      return {
        kind: terms.kind,
        period: terms.period,
        tiers: terms.tiers.map((t) => ({
          periodValidBet: toMoney(t.validBet),
          periodProfitLoss: toMoney(t.loss),
          activeMemberCount: t.activeMembers,
          rate: toPercent(t.rate),
        })),
      };
    case 'DAILY':
      return { kind: terms.kind, tiers: terms.tiers.map((t) => ({ dailyBetAmount: toMoney(t.betAmount), rate: toPercent(t.rate) })) };
    case 'HOURLY':
      return {
        kind: terms.kind,
        tiers: terms.tiers.map((t) => ({ hourlyBetAmount: toMoney(t.betAmount), rate: toPercent(t.rate) })),
        activeMemberCount: terms.activeMembers,
      };
    case 'REALTIME':
      return { kind: terms.kind, profitRate: toPercent(terms.profitRate), lossRate: toPercent(terms.lossRate), singleBetAmount: toMoney(terms.singleBet) };
  }
};

export const rateToPercent = toPercent;

/** The highest rate of the tiers a volume reaches (0 when it reaches none). */
const volumeRateAt = (tiers: readonly VolumeTier[], betAmount: number): number =>
  Math.max(0, ...tiers.filter((t) => t.betAmount <= betAmount).map((t) => t.rate));

/** The highest rate of the dividend tiers whose three thresholds a tier's thresholds all reach. */
const dividendRateAt = (tiers: readonly DividendTier[], at: DividendTier): number =>
  Math.max(0, ...tiers.filter((t) => t.validBet <= at.validBet && t.loss <= at.loss && t.activeMembers <= at.activeMembers).map((t) => t.rate));

/**
 * Whether `offered` gives more than `own` (docs/contracts.md, Cascade): at every tier's thresholds
 * the offered rate must not exceed the rate the own contract pays there, and the real-time rates
 * must not exceed the own ones with a single bet amount at least the own one. A dividend must keep
 * the own period, and an hourly salary at least the own active-member requirement. Holding no
 * contract of the kind (`own` null) covers nothing.
 */
export const exceedsLimit = (offered: Terms, own: Terms | null): boolean => {
  if (!own || own.kind !== offered.kind) return true;
  switch (offered.kind) {
    case 'DIVIDEND': {
      const limit = own as TermsOf<'DIVIDEND'>;
      return offered.period !== limit.period || offered.tiers.some((t) => t.rate > dividendRateAt(limit.tiers, t));
    }
    case 'DAILY':
      return offered.tiers.some((t) => t.rate > volumeRateAt((own as TermsOf<'DAILY'>).tiers, t.betAmount));
    case 'HOURLY': {
      const limit = own as TermsOf<'HOURLY'>;
      return offered.activeMembers < limit.activeMembers || offered.tiers.some((t) => t.rate > volumeRateAt(limit.tiers, t.betAmount));
    }
    case 'REALTIME': {
      const limit = own as TermsOf<'REALTIME'>;
      return offered.profitRate > limit.profitRate || offered.lossRate > limit.lossRate || offered.singleBet < limit.singleBet;
    }
  }
};
