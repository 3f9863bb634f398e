import { ContractOffer, MAX_CONTRACT_TIERS, type Contract, type ContractKind, type ContractPeriod } from '@shared/contract/contracts';
import { parseMoneyInput } from '@client/lib/money';

/** The columns of each tiered kind's tiers, in the spec's order (AGENT-15, AGENT-16). */
export const TIER_FIELDS = {
  DIVIDEND: ['periodValidBet', 'periodProfitLoss', 'activeMemberCount', 'rate'],
  DAILY: ['dailyBetAmount', 'rate'],
  HOURLY: ['hourlyBetAmount', 'rate'],
} as const;
export type TieredKind = keyof typeof TIER_FIELDS;
export type TierField = (typeof TIER_FIELDS)[TieredKind][number];
export type TierDraft = Partial<Record<TierField, string>>;

/** An offer as the agent types it: every figure is text until it is sent. */
export interface OfferDraft {
  kind: ContractKind;
  period: ContractPeriod;
  tiers: TierDraft[];
  /** Hourly salary: the active members the full rate needs. */
  activeMemberCount: string;
  profitRate: string;
  lossRate: string;
  singleBetAmount: string;
}

/** What is wrong with one field, as a key of `agent:contracts.offer.errors`. */
export type DraftProblem = 'required' | 'amount' | 'rate' | 'count' | 'tierOrder' | 'rateFalls';
/** Problems by field path: `tiers.<i>.<field>`, `tiers.<i>` (the tier as a whole) or a term's name. */
export type DraftProblems = Record<string, DraftProblem>;

const isTiered = (kind: ContractKind): kind is TieredKind => kind !== 'REALTIME';
const money = (n: number) => n.toFixed(2);
const rate = (n: number) => n.toFixed(2);

/**
 * A new offer of a kind, filled in with the agent's own contract of that kind: that is the most it
 * may offer (the cascade rule, docs/contracts.md), so the agent lowers from there.
 */
export const draftFrom = (kind: ContractKind, own: Contract | undefined): OfferDraft => {
  const draft: OfferDraft = { kind, period: 'D', tiers: [{}], activeMemberCount: '1', profitRate: '', lossRate: '', singleBetAmount: '' };
  if (!own || own.kind !== kind) return draft;
  switch (own.kind) {
    case 'DIVIDEND':
      return {
        ...draft,
        period: own.period,
        tiers: own.tiers.map((t) => ({ periodValidBet: money(t.periodValidBet), periodProfitLoss: money(t.periodProfitLoss), activeMemberCount: String(t.activeMemberCount), rate: rate(t.rate) })),
      };
    case 'DAILY':
      return { ...draft, tiers: own.tiers.map((t) => ({ dailyBetAmount: money(t.dailyBetAmount), rate: rate(t.rate) })) };
    case 'HOURLY':
      return { ...draft, activeMemberCount: String(own.activeMemberCount), tiers: own.tiers.map((t) => ({ hourlyBetAmount: money(t.hourlyBetAmount), rate: rate(t.rate) })) };
    case 'REALTIME':
      return { ...draft, profitRate: rate(own.profitRate), lossRate: rate(own.lossRate), singleBetAmount: money(own.singleBetAmount) };
  }
};

export const canAddTier = (draft: OfferDraft) => isTiered(draft.kind) && draft.tiers.length < MAX_CONTRACT_TIERS;

const RATE_TEXT = /^\d{1,3}(\.\d{1,2})?$/;
const COUNT_TEXT = /^\d{1,6}$/;

type Parsed = { ok: true; value: number } | { ok: false; problem: DraftProblem };

const parseField = (field: string, text: string | undefined): Parsed => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  if (field === 'rate' || field === 'profitRate' || field === 'lossRate') {
    return RATE_TEXT.test(trimmed) && Number(trimmed) <= 100 ? { ok: true, value: Number(trimmed) } : { ok: false, problem: 'rate' };
  }
  if (field === 'activeMemberCount') return COUNT_TEXT.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false, problem: 'count' };
  const amount = parseMoneyInput(trimmed);
  return amount === null || Number.isNaN(amount) ? { ok: false, problem: 'amount' } : { ok: true, value: amount };
};

/**
 * The draft as the offer call's body, or what is wrong with it, field by field. The shared schema
 * decides the rest (tiers that need more each time, rates that never fall), so the agent hears it
 * before the call; the cascade limit is the server's to check (CONTRACT_LIMIT).
 */
export const parseDraft = (draft: OfferDraft): { offer: ContractOffer } | { problems: DraftProblems } => {
  const problems: DraftProblems = {};
  const read = (path: string, field: string, text: string | undefined): number => {
    const parsed = parseField(field, text);
    if (parsed.ok) return parsed.value;
    problems[path] = parsed.problem;
    return 0;
  };
  let candidate: unknown;
  if (isTiered(draft.kind)) {
    const fields: readonly TierField[] = TIER_FIELDS[draft.kind];
    const tiers = draft.tiers.map((tier, i) => Object.fromEntries(fields.map((field) => [field, read(`tiers.${i}.${field}`, field, tier[field])])));
    candidate = {
      kind: draft.kind,
      tiers,
      ...(draft.kind === 'DIVIDEND' ? { period: draft.period } : {}),
      ...(draft.kind === 'HOURLY' ? { activeMemberCount: read('activeMemberCount', 'activeMemberCount', draft.activeMemberCount) } : {}),
    };
  } else {
    candidate = {
      kind: 'REALTIME',
      profitRate: read('profitRate', 'profitRate', draft.profitRate),
      lossRate: read('lossRate', 'lossRate', draft.lossRate),
      singleBetAmount: read('singleBetAmount', 'singleBetAmount', draft.singleBetAmount),
    };
  }
  if (Object.keys(problems).length > 0) return { problems };
  const checked = ContractOffer.safeParse(candidate);
  if (checked.success) return { offer: checked.data };
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    // The schema's own ordering rules name a tier (its order) or a tier's rate (a falling rate).
    problems[path] = issue.code === 'custom' ? (issue.path.at(-1) === 'rate' ? 'rateFalls' : 'tierOrder') : 'amount';
  }
  return { problems };
};
