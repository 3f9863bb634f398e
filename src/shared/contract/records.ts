import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money } from './envelope';
import { pageQuery, TotalPages } from './paging';
import { text } from './auth';
import { DepositOrder, DepositStatus, WithdrawalOrder, WithdrawalStatus } from './wallet-payments';

/** Ledger entry types (DESIGN.md, The ledger); one per journal transaction. */
export const ENTRY_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL_PAID',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'BET',
  'PAYOUT',
  'ROLLBACK',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'SALARY',
  'DIVIDEND',
  'REBATE',
  'PROMOTION_BONUS',
  'RED_ENVELOPE',
  'POINTS_CONVERSION',
  'OPERATOR_ADJUSTMENT',
  // the cash part of a points-mall redeem, and its return when the redeem is rejected
  'POINTS_REDEEM',
  'POINTS_REDEEM_REFUND',
] as const;
export const EntryType = z.enum(ENTRY_TYPES);
export type EntryType = z.infer<typeof EntryType>;

/** The entry types the bonusDetails page lists. */
export const BONUS_ENTRY_TYPES = ['PROMOTION_BONUS', 'RED_ENVELOPE', 'SALARY', 'DIVIDEND', 'REBATE'] as const satisfies readonly EntryType[];

export const BET_STATUSES = ['OPEN', 'SETTLED', 'ROLLED_BACK'] as const;
export const BetStatus = z.enum(BET_STATUSES);
export type BetStatus = z.infer<typeof BetStatus>;

/** Longest range one record query may span. */
export const RECORD_MAX_RANGE_DAYS = 92;

/**
 * A time range (ISO 8601 with offset; the client computes the presets of CONST-04 in local time)
 * plus paging. Default: the last 7 days. An end before the start, or a range longer than
 * RECORD_MAX_RANGE_DAYS, is VALIDATION.
 */
export const recordQuery = {
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
  ...pageQuery(10, 100),
};

const paged = <T extends z.ZodType>(item: T) => ({
  list: z.array(item),
  pageNum: z.number().int().positive(),
  totalPages: TotalPages,
  total: z.number().int().nonnegative(),
});

export const AccountRecord = z.object({
  transactionId: z.number().int(),
  time: z.string(),
  type: EntryType,
  wallet: z.string(),
  amount: Money.describe('signed: positive credits the wallet'),
  balanceAfter: Money,
  remark: z.string(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

export const BetRecord = z.object({
  betId: z.string(),
  vendor: z.string(),
  gameType: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  stake: Money,
  payout: Money,
  profitLoss: Money.describe('payout minus stake, for the player'),
  status: BetStatus,
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetRecord = z.infer<typeof BetRecord>;

export const BonusRecord = z.object({
  transactionId: z.number().int(),
  time: z.string(),
  type: EntryType,
  amount: Money,
  remark: z.string(),
});

export const ProfitLoss = z.object({
  betCount: z.number().int().nonnegative(),
  totalStake: Money,
  totalPayout: Money,
  profitLoss: Money.describe('payout minus stake of settled bets'),
  deposits: Money,
  withdrawals: Money,
  bonuses: Money,
  rebates: Money,
  byVendor: z.array(
    z.object({ vendor: z.string(), betCount: z.number().int().nonnegative(), totalStake: Money, totalPayout: Money, profitLoss: Money }),
  ),
});

export const recordsEndpoints = {
  accountRecord: endpoint({
    method: 'GET',
    path: '/wps/relay/RPT_accountRecord',
    token: 'member',
    audience: 'real',
    query: z.object({ ...recordQuery, type: EntryType.optional(), wallet: z.string().regex(/^[A-Z0-9_]{2,32}$/).optional() }),
    response: z.object(paged(AccountRecord)),
    summary: "The caller's account transactions (ledger postings), newest first",
    reqs: ['WALLET-08', 'CONST-04'],
  }),
  bettingRecord: endpoint({
    method: 'GET',
    path: '/wps/relay/RPT_bettingRecord',
    token: 'member',
    audience: 'real',
    query: z.object({ ...recordQuery, status: BetStatus.optional(), vendor: text().max(32).optional() }),
    response: z.object({ ...paged(BetRecord), totalStake: Money, totalPayout: Money, totalProfitLoss: Money }),
    summary: "The caller's bets, newest first, with totals over the whole filter",
    reqs: ['WALLET-07', 'CONST-04'],
  }),
  profitLoss: endpoint({
    method: 'GET',
    path: '/wps/relay/RPT_profitLoss',
    token: 'member',
    audience: 'real',
    query: z.object({ startTime: recordQuery.startTime, endTime: recordQuery.endTime }),
    response: ProfitLoss,
    summary: "The caller's profit and loss over a range",
    reqs: ['WALLET-10', 'CONST-04'],
  }),
  depositRecord: endpoint({
    method: 'GET',
    path: '/wps/relay/RPT_depositRecord',
    token: 'member',
    audience: 'real',
    query: z.object({ ...recordQuery, status: DepositStatus.optional() }),
    response: z.object(paged(DepositOrder)),
    summary: "The caller's deposits, newest first",
    reqs: ['WALLET-09', 'CONST-04'],
  }),
  withdrawalRecord: endpoint({
    method: 'GET',
    path: '/wps/relay/RPT_withdrawalRecord',
    token: 'member',
    audience: 'real',
    query: z.object({ ...recordQuery, status: WithdrawalStatus.optional() }),
    response: z.object(paged(WithdrawalOrder)),
    summary: "The caller's withdrawals, newest first",
    reqs: ['WALLET-12', 'WALLET-14', 'CONST-04'],
  }),
  bonusDetails: endpoint({
    method: 'GET',
    path: '/wps/relay/RPT_bonusDetails',
    token: 'member',
    audience: 'real',
    query: z.object({ ...recordQuery, type: z.enum(BONUS_ENTRY_TYPES).optional() }),
    response: z.object({ ...paged(BonusRecord), totalAmount: Money }),
    summary: "The caller's bonuses (promotion, red envelope, salary, dividend, rebate), newest first",
    reqs: ['WALLET-11', 'CONST-04'],
  }),
  manualRebateRecord: endpoint({
    method: 'GET',
    path: '/wps/relay/RPT_manualRebate',
    token: 'member',
    audience: 'real',
    query: z.object(recordQuery),
    response: z.object({ ...paged(BonusRecord), totalAmount: Money }),
    summary: "The caller's claimed rebates, newest first",
    reqs: ['MEMBER-03', 'CONST-04'],
  }),
} as const;
