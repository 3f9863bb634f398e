import { z } from 'zod';
import { Announcement } from './messages';
import { endpoint } from './endpoint';
import { Money } from './envelope';
import { MESSAGE_PAGE_SIZE } from './messages';
import { pagedOf, pageQuery } from './paging';
import { AccountRecord, BetRecord, BetStatus, EntryType, recordQuery } from './records';
import { RegisterRequest } from './registration';
import { text } from './auth';

/**
 * The agent center (spec section 2, AGENT-09..13). Every `agent` call takes the agent from the
 * session: a guest gets 401, a trial account 403 TRIAL_ACCOUNT, any other non-agent 403 NOT_AGENT;
 * a member id outside the caller's own downline is 403 FORBIDDEN whether or not it exists.
 * Amounts are decimals with 2 places; "team" means the caller's whole downline (every level),
 * never the caller itself.
 */

/** A downline member is either a plain member or a sub-agent (account types 1, 2, 41, 42). */
export const DOWNLINE_KINDS = ['MEMBER', 'AGENT'] as const;
export const DownlineKind = z.enum(DOWNLINE_KINDS);
export type DownlineKind = z.infer<typeof DownlineKind>;

/** ACTIVE accounts can log in; DISABLED ones were closed or suspended by an operator. */
export const ACCOUNT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

/** The team overview's periods; the client turns each into startTime/endTime in the viewer's time zone. */
export const OVERVIEW_PERIODS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'custom'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

/** The deepest level a filter may name; the tree itself has no depth limit. */
export const MAX_FILTER_LEVEL = 100;

const MemberId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const Level = z.coerce.number().int().min(1).max(MAX_FILTER_LEVEL).describe('1 = direct members, 2 = their members, ...');
const AccountSearch = text().trim().min(1).max(64).describe('part of the account name or nickname, case-insensitive');

export const TeamFigures = z.object({
  teamSize: z.number().int().nonnegative().describe('downline accounts registered by the end of the period'),
  newMembers: z.number().int().nonnegative().describe('downline accounts registered in the period'),
  activeMembers: z.number().int().nonnegative().describe('downline accounts with at least one bet placed in the period'),
  deposits: Money.describe('DEPOSIT ledger entries of the downline'),
  withdrawals: Money.describe('WITHDRAWAL_PAID ledger entries of the downline (paid out)'),
  validBets: Money.describe('stakes of settled bets placed in the period'),
  profitLoss: Money.describe("the team's result on settled bets: payout minus stake (negative: the team lost)"),
});
export type TeamFigures = z.infer<typeof TeamFigures>;

export const TeamOverview = z.object({
  startTime: z.string(),
  endTime: z.string(),
  utcOffset: z.string().describe('the offset days are counted in, taken from startTime, e.g. +07:00'),
  directMembers: z.number().int().nonnegative(),
  subAgents: z.number().int().nonnegative().describe('agents anywhere in the downline'),
  totals: TeamFigures,
  days: z.array(TeamFigures.extend({ date: z.string().describe('yyyy-MM-dd') })).describe('one row per day of the period, oldest first'),
});
export type TeamOverview = z.infer<typeof TeamOverview>;

export const DownlineMember = z.object({
  memberId: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  kind: DownlineKind,
  level: z.number().int().positive().describe("distance from the caller: 1 for a direct member"),
  uplineAccount: z.string(),
  status: AccountStatus,
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  balance: Money.describe('main wallet'),
  teamSize: z.number().int().nonnegative().describe("the member's own downline (0 for plain members)"),
});
export type DownlineMember = z.infer<typeof DownlineMember>;

export const MemberTotals = z.object({
  deposits: Money,
  withdrawals: Money,
  betCount: z.number().int().nonnegative(),
  validBets: Money,
  profitLoss: Money,
  transfersIn: Money.describe('received in upline or downline transfers'),
  transfersOut: Money.describe('sent in upline or downline transfers'),
});

export const DownlineMemberDetail = DownlineMember.extend({
  mobileNum: z.string().nullable().describe('masked: last 3 digits'),
  email: z.string().nullable().describe('masked'),
  directMembers: z.number().int().nonnegative(),
  path: z.array(z.object({ memberId: z.number().int(), account: z.string() })).describe('the members between the caller and this one, top first (the last is its upline); empty for a direct member'),
  totals: MemberTotals.describe('since registration'),
});
export type DownlineMemberDetail = z.infer<typeof DownlineMemberDetail>;

export const AgentRegisterRequest = RegisterRequest.omit({ login: true, affiliateCode: true }).extend({
  accountKind: DownlineKind.default('MEMBER').describe('MEMBER: a player; AGENT: a sub-agent (type 1) with its own invitation code'),
});
export type AgentRegisterRequest = z.input<typeof AgentRegisterRequest>;

const TeamRowRef = { memberId: z.number().int(), account: z.string(), level: z.number().int().positive() };

export const TeamBet = BetRecord.extend(TeamRowRef);
export const BetTotals = z.object({ totalStake: Money.describe('stakes not rolled back'), totalValidBet: Money, totalPayout: Money, totalProfitLoss: Money });

export const UserProfitLoss = z.object({
  ...TeamRowRef,
  betCount: z.number().int().nonnegative(),
  validBets: Money,
  payout: Money,
  profitLoss: Money,
  deposits: Money,
  withdrawals: Money,
});
export const UserProfitLossTotals = UserProfitLoss.omit({ memberId: true, account: true, level: true }).extend({ members: z.number().int().nonnegative() });

export const TeamTransaction = AccountRecord.extend(TeamRowRef).extend({ amount: Money.describe('signed: positive credits the member') });
export const FlowTotals = z.object({ totalIn: Money, totalOut: Money.describe('a positive number'), net: Money });

/** The agent's own income entries: transfers with its downline, and (with the contracts) salary and dividends. */
export const AGENT_INCOME_TYPES = ['UPLINE_TRANSFER', 'DOWNLINE_TRANSFER', 'SALARY', 'DIVIDEND'] as const satisfies readonly EntryType[];
export const IncomeEntry = z.object({
  transactionId: z.number().int(),
  time: z.string(),
  type: z.enum(AGENT_INCOME_TYPES),
  amount: Money.describe('signed: positive credits the agent'),
  balanceAfter: Money,
  counterparty: z.string().nullable().describe('the other member of a transfer'),
  remark: z.string(),
});

/** A report as CSV with the same filters (every page, with a totals line); at most CSV_MAX_ROWS rows. */
export const CSV_MAX_ROWS = 10_000;
export const CsvExport = z.object({
  fileName: z.string(),
  contentType: z.literal('text/csv'),
  content: z.string().describe('UTF-8 CSV, header line first, totals line last'),
  rowCount: z.number().int().nonnegative(),
  truncated: z.boolean().describe(`more than ${CSV_MAX_ROWS} rows matched; narrow the filters`),
});
export type CsvExport = z.infer<typeof CsvExport>;

const TransferAmount = Money.positive().max(100_000_000);
const TransferRemark = text().trim().max(200).optional();
const TransferRequestId = z.uuid().describe('idempotency key: the same id and body return the first result; another body is 409');

export const AgentTransferRequest = z.object({
  memberId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('any member of the caller\'s downline'),
  amount: TransferAmount,
  paymentPassword: text().min(1).max(64),
  requestId: TransferRequestId,
  remark: TransferRemark,
});
export const UplineTransferRequest = AgentTransferRequest.omit({ memberId: true });

export const TransferReceipt = z.object({
  transactionId: z.number().int(),
  entryType: z.enum(['DOWNLINE_TRANSFER', 'UPLINE_TRANSFER']),
  amount: Money,
  balance: Money.describe("the caller's main wallet after the transfer"),
  counterparty: z.object({ memberId: z.number().int(), account: z.string(), nickname: z.string() }),
  createdAt: z.string(),
});
export type TransferReceipt = z.infer<typeof TransferReceipt>;

export const UplineInfo = z.object({
  upline: z.object({ account: z.string(), nickname: z.string() }).nullable().describe('null: the account has no upline'),
  transfersEnabled: z.boolean(),
});

export const AgentReferral = z.object({
  affiliateCode: z.string(),
  link: z.string().describe('the registration page with the code; the QR code encodes this link'),
  directMembers: z.number().int().nonnegative(),
  registeredWithCode: z.number().int().nonnegative().describe('members who registered with this code'),
});
export const MemberReferral = z.object({
  referralCode: z.string(),
  link: z.string().describe('the registration page with the code as referralCode; the QR code encodes this link'),
  invited: z.number().int().nonnegative().describe('members who registered with this code'),
});

export const AgentSettings = z.object({
  transfersEnabled: z.boolean().describe('transfers between an agent and its downline (forbidden in some jurisdictions)'),
  referralEnabled: z.boolean().describe("the members' invite-friends link (the REFERRAL entry of availablePromo)"),
});
export type AgentSettings = z.infer<typeof AgentSettings>;

const rangeFilters = { startTime: recordQuery.startTime, endTime: recordQuery.endTime };
const scopeFilters = { account: AccountSearch.optional(), level: Level.optional() };
const teamBetsFilters = { ...rangeFilters, ...scopeFilters, status: BetStatus.optional(), vendor: text().max(32).optional() };
const userProfitLossFilters = { ...rangeFilters, ...scopeFilters };
const incomeFilters = { ...rangeFilters, type: z.enum(AGENT_INCOME_TYPES).optional() };
const transactionsFilters = { ...rangeFilters, ...scopeFilters, type: EntryType.optional() };
const reportPaging = pageQuery(10, 100);

const REPORT_REQS = ['AGENT-10', 'CONST-04'] as const;

export const agentEndpoints = {
  agentOverview: endpoint({
    method: 'GET',
    path: '/wps/agent/overview',
    token: 'agent',
    query: z.object(rangeFilters),
    response: TeamOverview,
    summary: "Team overview of a period (agentTeamOverview): team size, new and active members, deposits, withdrawals, valid bets, profit and loss, in total and per day",
    reqs: ['AGENT-09', 'AGENT-04'],
  }),
  agentRegister: endpoint({
    method: 'PUT',
    path: '/wps/agent/register',
    token: 'agent',
    encrypted: true,
    body: AgentRegisterRequest,
    response: DownlineMember,
    summary: 'Register center: registers a direct member or a sub-agent with the rules, bot-check and encryption of player registration',
    reqs: ['AGENT-09', 'API-08', 'VAL-31'],
  }),
  agentDownline: endpoint({
    method: 'GET',
    path: '/wps/agent/downline',
    token: 'agent',
    query: z.object({ ...scopeFilters, kind: DownlineKind.optional(), status: AccountStatus.optional(), ...pageQuery(10, 100) }),
    response: pagedOf(DownlineMember),
    summary: 'Downline management: the downline searched by name and filtered by level, kind and status, newest first',
    reqs: ['AGENT-09'],
  }),
  agentDownlineMember: endpoint({
    method: 'GET',
    path: '/wps/agent/downline/member',
    token: 'agent',
    downlineScoped: true,
    query: z.object({ memberId: MemberId }),
    response: DownlineMemberDetail,
    summary: 'One member of the downline: profile, balance, last login and totals (403 for anyone outside the downline)',
    reqs: ['AGENT-09'],
  }),
  agentTeamBets: endpoint({
    method: 'GET',
    path: '/wps/agent/report/teamBets',
    token: 'agent',
    query: z.object({ ...teamBetsFilters, ...reportPaging }),
    response: pagedOf(TeamBet).extend(BetTotals.shape),
    summary: "Team betting: the downline's bets, newest first, with totals over the whole filter",
    reqs: REPORT_REQS,
  }),
  agentTeamBetsExport: endpoint({
    method: 'GET',
    path: '/wps/agent/report/teamBets/export',
    token: 'agent',
    query: z.object(teamBetsFilters),
    response: CsvExport,
    summary: 'Team betting as CSV (same filters, every page, totals line)',
    reqs: REPORT_REQS,
  }),
  agentUserProfitLoss: endpoint({
    method: 'GET',
    path: '/wps/agent/report/userProfitLoss',
    token: 'agent',
    query: z.object({ ...userProfitLossFilters, ...reportPaging }),
    response: pagedOf(UserProfitLoss).extend({ totals: UserProfitLossTotals }),
    summary: 'User loss: profit and loss per downline member with bets or payments in the range, biggest loss first, with totals',
    reqs: REPORT_REQS,
  }),
  agentUserProfitLossExport: endpoint({
    method: 'GET',
    path: '/wps/agent/report/userProfitLoss/export',
    token: 'agent',
    query: z.object(userProfitLossFilters),
    response: CsvExport,
    summary: 'User loss as CSV (same filters, every page, totals line)',
    reqs: REPORT_REQS,
  }),
  agentIncome: endpoint({
    method: 'GET',
    path: '/wps/agent/report/income',
    token: 'agent',
    query: z.object({ ...incomeFilters, ...reportPaging }),
    response: pagedOf(IncomeEntry).extend(FlowTotals.shape),
    summary: "My income: the caller's own transfer, salary and dividend entries, newest first, with totals",
    reqs: ['AGENT-11', 'CONST-04'],
  }),
  agentIncomeExport: endpoint({
    method: 'GET',
    path: '/wps/agent/report/income/export',
    token: 'agent',
    query: z.object(incomeFilters),
    response: CsvExport,
    summary: 'My income as CSV (same filters, every page, totals line)',
    reqs: ['AGENT-11', 'CONST-04'],
  }),
  agentTransactions: endpoint({
    method: 'GET',
    path: '/wps/agent/report/transactions',
    token: 'agent',
    query: z.object({ ...transactionsFilters, ...reportPaging }),
    response: pagedOf(TeamTransaction).extend(FlowTotals.shape),
    summary: "Account details: the downline's ledger entries (held funds aside), newest first, with totals",
    reqs: REPORT_REQS,
  }),
  agentTransactionsExport: endpoint({
    method: 'GET',
    path: '/wps/agent/report/transactions/export',
    token: 'agent',
    query: z.object(transactionsFilters),
    response: CsvExport,
    summary: 'Account details as CSV (same filters, every page, totals line)',
    reqs: REPORT_REQS,
  }),
  agentAnnouncements: endpoint({
    method: 'GET',
    path: '/wps/agent/announcements',
    token: 'agent',
    query: z.object(pageQuery(MESSAGE_PAGE_SIZE, 50)),
    response: pagedOf(Announcement),
    summary: 'Announcements an operator published for agents, live now, newest first (9 per page)',
    reqs: ['AGENT-11'],
  }),
  agentTransfer: endpoint({
    method: 'POST',
    path: '/wps/agent/transfer',
    token: 'agent',
    downlineScoped: true,
    body: AgentTransferRequest,
    response: TransferReceipt,
    summary: 'Transfers from the caller to a member of its downline (payment password; idempotent by requestId); both open pages see the new balances',
    reqs: ['AGENT-12'],
  }),
  agentReferral: endpoint({
    method: 'GET',
    path: '/wps/agent/referral',
    token: 'agent',
    response: AgentReferral,
    summary: "The caller's referral link (registration with its invitation code) for the link and QR code",
    reqs: ['AGENT-13', 'AUTH-26'],
  }),
} as const;

/** Calls of the member center that belong to the agent area: the upline transfer and the invite-friends link. */
export const memberAgentEndpoints = {
  uplineInfo: endpoint({
    method: 'GET',
    path: '/wps/member/upline',
    token: 'member',
    audience: 'real',
    response: UplineInfo,
    summary: "The caller's upline (transferUpline page) and whether transfers are enabled",
  }),
  transferUpline: endpoint({
    method: 'POST',
    path: '/wps/member/upline/transfer',
    token: 'member',
    audience: 'real',
    body: UplineTransferRequest,
    response: TransferReceipt,
    summary: 'Transfers from the caller to its upline (payment password; idempotent by requestId); both open pages see the new balances',
  }),
  memberReferral: endpoint({
    method: 'GET',
    path: '/wps/member/referral',
    token: 'member',
    audience: 'real',
    response: MemberReferral,
    summary: "The caller's invite-friends link (referral page); FEATURE_DISABLED unless referral is enabled",
    reqs: ['SHELL-36'],
  }),
} as const;

/** The operator's switches of the agent area. */
export const operatorAgentEndpoints = {
  opsAgentSettings: endpoint({
    method: 'GET',
    path: '/ops/agent/settings',
    token: 'operator',
    response: AgentSettings,
    summary: 'Merchant settings of the agent area: transfers between upline and downline, and referral',
  }),
  opsSetAgentSettings: endpoint({
    method: 'PUT',
    path: '/ops/agent/settings',
    token: 'operator',
    body: AgentSettings.partial(),
    response: AgentSettings,
    summary: 'Turns transfers between upline and downline, or referral, on or off (audited; applies at once)',
  }),
} as const;
