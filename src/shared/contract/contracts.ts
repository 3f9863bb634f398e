import { z } from 'zod';
import { endpoint } from './endpoint';
import { MAX_ROW_ID, Money, RowIdParam } from './envelope';
import { pagedOf, pageQuery } from './paging';
import { text } from './auth';

/**
 * Agents' contracts and salaries (spec sections 2-4 and 9, AGENT-14..24, API-44..48; the rules are
 * docs/contracts.md). A contract is between an offerer (the holder's direct upline, or the platform
 * for a top-level agent) and a holder; it pays the holder per window from the holder's team's
 * settled bets, and each window gets one bill. Rates travel as percents with 2 places (the database
 * keeps basis points of a percent), amounts as decimals with 2 places.
 */

export const CONTRACT_KINDS = ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'] as const;
export const ContractKind = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof ContractKind>;

/** Dividend periods: D daily, W weekly (Monday to Sunday), H semi-monthly, M monthly (AGENT-17). */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M'] as const;
export const ContractPeriod = z.enum(CONTRACT_PERIODS);
export type ContractPeriod = z.infer<typeof ContractPeriod>;

/**
 * requested: offered, waiting for the holder; valid: in force; terminationRequested: in force, one
 * party asked to end it and the other has to confirm; rejected, terminated, expired: ended.
 */
export const CONTRACT_STATUSES = ['requested', 'valid', 'terminationRequested', 'rejected', 'terminated', 'expired'] as const;
export const ContractStatus = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof ContractStatus>;

/** Why a contract ended (docs/contracts.md, Lifecycle and Cascade). */
export const CONTRACT_END_REASONS = [
  'REJECTED',
  'OFFER_EXPIRED',
  'WITHDRAWN',
  'REPLACED',
  'AGREED',
  'TERMINATION_UNANSWERED',
  'UPLINE_RATE_LOWERED',
  'UPLINE_CONTRACT_ENDED',
] as const;
export const ContractEndReason = z.enum(CONTRACT_END_REASONS);
export type ContractEndReason = z.infer<typeof ContractEndReason>;

/** What a contract waits for from the caller: agree to an offer, or to end it. */
export const ContractAction = z.enum(['NEW', 'TERMINATE']);
export type ContractAction = z.infer<typeof ContractAction>;
export const ContractPayer = z.enum(['PLATFORM', 'UPLINE']);
export type ContractPayer = z.infer<typeof ContractPayer>;
export const ContractParty = z.enum(['UPLINE', 'DOWNLINE']);
export type ContractParty = z.infer<typeof ContractParty>;

/**
 * An answer, one status letter as on the original platform: A accept an offer, R reject an offer
 * or refuse a termination, C ask to end a valid contract or confirm a termination the other party
 * asked for (the offerer's C on its own pending offer withdraws it).
 */
export const ContractAnswer = z.enum(['A', 'R', 'C']);
export type ContractAnswer = z.infer<typeof ContractAnswer>;

export const MAX_CONTRACT_TIERS = 10;
const MAX_THRESHOLD = 1_000_000_000;
const MAX_MEMBER_COUNT = 100_000;

export const Rate = z.number().min(0).max(100).multipleOf(0.01).describe('percent, 2 places');
const Threshold = Money.min(0).max(MAX_THRESHOLD);
const MemberCount = z.number().int().min(0).max(MAX_MEMBER_COUNT);

/**
 * Tiers are ordered by their thresholds, each threshold never falling and at least one rising from
 * tier to tier, and a rate never falls as the tier rises (agent-economics: "a rate must not fall as
 * the bet volume tier rises").
 */
const orderedTiers = <T extends z.ZodObject>(tier: T, thresholds: readonly (keyof z.infer<T> & string)[]) =>
  z
    .array(tier)
    .min(1)
    .max(MAX_CONTRACT_TIERS)
    .superRefine((tiers, issue) => {
      for (let i = 1; i < tiers.length; i += 1) {
        const before = tiers[i - 1] as Record<string, number>;
        const after = tiers[i] as Record<string, number>;
        const falls = thresholds.some((key) => after[key]! < before[key]!);
        const rises = thresholds.some((key) => after[key]! > before[key]!);
        if (falls || !rises) issue.addIssue({ code: 'custom', path: [i], message: `each tier must need more than the one before it (${thresholds.join(', ')})` });
        if (after.rate! < before.rate!) issue.addIssue({ code: 'custom', path: [i, 'rate'], message: 'a rate must not fall as the tier rises' });
      }
    });

export const DividendTier = z.object({
  periodValidBet: Threshold.describe("the team's valid bets over the period the tier needs"),
  periodProfitLoss: Threshold.describe("the team's loss over the period the tier needs (stakes minus payouts, a positive amount)"),
  activeMemberCount: MemberCount.describe('members with a settled bet in the period the tier needs'),
  rate: Rate.describe("percent of the team's loss"),
});
export const DailySalaryTier = z.object({ dailyBetAmount: Threshold.describe("the team's valid bets over the day the tier needs"), rate: Rate.describe('percent of the valid bets') });
export const HourlySalaryTier = z.object({ hourlyBetAmount: Threshold.describe("the team's valid bets over the hour the tier needs"), rate: Rate.describe('percent of the valid bets') });

export const DividendTerms = z.object({ period: ContractPeriod, tiers: orderedTiers(DividendTier, ['periodValidBet', 'periodProfitLoss', 'activeMemberCount']) });
export const DailySalaryTerms = z.object({ tiers: orderedTiers(DailySalaryTier, ['dailyBetAmount']) });
export const HourlySalaryTerms = z.object({
  tiers: orderedTiers(HourlySalaryTier, ['hourlyBetAmount']),
  activeMemberCount: MemberCount.min(1).describe('active members the full rate needs; fewer scale the pay down'),
});
export const RealtimeSalaryTerms = z.object({
  profitRate: Rate.describe('percent of the stakes of a member who profited in the window'),
  lossRate: Rate.describe('percent of the stakes of a member who lost (or broke even) in the window'),
  singleBetAmount: Threshold.describe('bets below this stake do not count'),
});

export type DividendTerms = z.infer<typeof DividendTerms>;
export type DailySalaryTerms = z.infer<typeof DailySalaryTerms>;
export type HourlySalaryTerms = z.infer<typeof HourlySalaryTerms>;
export type RealtimeSalaryTerms = z.infer<typeof RealtimeSalaryTerms>;

/** An offer's terms, by kind, with the fields that name its holder. */
const offerOf = <S extends z.ZodRawShape>(holder: S) =>
  z.discriminatedUnion('kind', [
    DividendTerms.extend({ kind: z.literal('DIVIDEND'), ...holder }),
    DailySalaryTerms.extend({ kind: z.literal('DAILY'), ...holder }),
    HourlySalaryTerms.extend({ kind: z.literal('HOURLY'), ...holder }),
    RealtimeSalaryTerms.extend({ kind: z.literal('REALTIME'), ...holder }),
  ]);
export const ContractOffer = offerOf({});
export type ContractOffer = z.infer<typeof ContractOffer>;

const contractBase = {
  contractId: z.string(),
  status: ContractStatus,
  action: ContractAction.nullable().describe('what the contract waits for from the caller; null: nothing'),
  uplineAccount: z.string().nullable().describe('the offerer; null: the platform'),
  downlineAccount: z.string().describe('the holder'),
  downlineMemberId: z.number().int(),
  payer: ContractPayer.describe('PLATFORM: the platform pays; UPLINE: the offerer pays from its own balance'),
  requestedAt: z.string().describe('when it was offered'),
  answerBy: z.string().nullable().describe('when an unanswered offer expires, or an unanswered termination request takes effect'),
  terminationRequestedBy: ContractParty.nullable(),
  validFrom: z.string().nullable().describe('when it was accepted; only bets settled from then on count'),
  endedAt: z.string().nullable(),
  endReason: ContractEndReason.nullable(),
};

export const DividendContract = z.object({ ...contractBase, kind: z.literal('DIVIDEND'), ...DividendTerms.shape });
export const DailySalaryContract = z.object({ ...contractBase, kind: z.literal('DAILY'), ...DailySalaryTerms.shape });
export const HourlySalaryContract = z.object({ ...contractBase, kind: z.literal('HOURLY'), ...HourlySalaryTerms.shape });
export const RealtimeSalaryContract = z.object({ ...contractBase, kind: z.literal('REALTIME'), ...RealtimeSalaryTerms.shape });
export const Contract = z.discriminatedUnion('kind', [DividendContract, DailySalaryContract, HourlySalaryContract, RealtimeSalaryContract]);
export type Contract = z.infer<typeof Contract>;
export type ContractOfKind<K extends ContractKind> = Extract<Contract, { kind: K }>;

/** ISSUED: paid; NOT_REACHED: nothing to pay; INSUFFICIENT: the paying upline's balance was short, nothing paid. */
export const BILL_STATES = ['ISSUED', 'NOT_REACHED', 'INSUFFICIENT'] as const;
export const BillState = z.enum(BILL_STATES);
export type BillState = z.infer<typeof BillState>;

export const ContractBill = z.object({
  billId: z.string(),
  contractId: z.string(),
  kind: ContractKind,
  downlineAccount: z.string().describe('the holder, who is paid'),
  payer: ContractPayer,
  payerAccount: z.string().nullable().describe('the paying upline; null: the platform'),
  windowStart: z.string(),
  windowEnd: z.string().describe('exclusive'),
  validBet: Money.describe("stakes of the team's bets settled in the window (for real-time salary: of the bets that count)"),
  profitLoss: Money.describe("the team's payouts minus stakes over the same bets (negative: the team lost)"),
  activeMembers: z.number().int().nonnegative(),
  rate: Rate.nullable().describe('the tier rate applied; null for real-time salary and when no tier was reached'),
  pay: Money,
  state: BillState,
  transactionId: z.number().int().nullable().describe('the ledger transaction that paid it'),
  settledAt: z.string(),
});
export type ContractBill = z.infer<typeof ContractBill>;

/** One member's part of a real-time salary window. */
export const RealtimeMemberShare = z.object({
  memberId: z.number().int(),
  account: z.string(),
  validBet: Money.describe('stakes of its counted bets'),
  profitLoss: Money,
  rate: Rate.describe('the profit rate when it profited, otherwise the loss rate'),
});

export const ContractBillDetail = ContractBill.extend({
  members: z.array(RealtimeMemberShare).describe('real-time salary: each member with counted bets; empty for the other kinds'),
});
export type ContractBillDetail = z.infer<typeof ContractBillDetail>;

/**
 * A real-time salary window still running (docs/contracts.md, The running window): the team's counted bets
 * settled in it so far and the pay the agreement's rates give them. Not settled: nothing is paid until
 * the window ends and its bill arrives (salary:settled).
 */
export const RunningWindow = ContractBill.pick({
  contractId: true,
  downlineAccount: true,
  payer: true,
  payerAccount: true,
  windowStart: true,
  windowEnd: true,
  validBet: true,
  profitLoss: true,
  activeMembers: true,
  pay: true,
}).extend({ asOf: z.string().describe('the moment these figures were read') });
export type RunningWindow = z.infer<typeof RunningWindow>;

export const BillTotals = z.object({ totalValidBet: Money, totalProfitLoss: Money, totalPay: Money });

/** Which agent menu entries show (AGENT-06), by their type markers. */
export const CONTRACT_MENU_MARKERS = { enableCt: 'DIVIDEND', salary: 'DAILY', hourSalary: 'HOURLY', agentRealtimeSalary: 'REALTIME' } as const satisfies Record<
  string,
  ContractKind
>;
export type ContractMenuMarker = keyof typeof CONTRACT_MENU_MARKERS;
const MenuFlags = z.object({ enableCt: z.boolean(), salary: z.boolean(), hourSalary: z.boolean(), agentRealtimeSalary: z.boolean() });

/**
 * The configurable condition behind each marker: ALWAYS shows the entry to every agent, HIDDEN to
 * none, WITH_CONTRACT to an agent that holds a contract of that kind (offered or in force) or has
 * bills of it.
 */
export const MenuRule = z.enum(['ALWAYS', 'WITH_CONTRACT', 'HIDDEN']);
export const ContractSettings = z.object({
  menu: z.object({ enableCt: MenuRule, salary: MenuRule, hourSalary: MenuRule, agentRealtimeSalary: MenuRule }),
});
export type ContractSettings = z.infer<typeof ContractSettings>;

export const ConsolidatedContractInfo = z.object({
  dailysalreqtype: z.number().int().nonnegative().describe('daily salary contracts awaiting the caller'),
  divtypereq: z.number().int().nonnegative().describe('dividend contracts awaiting the caller'),
  contracthoursalreq: z.number().int().nonnegative().describe('hourly salary contracts awaiting the caller'),
  realtimesalreqtype: z.number().int().nonnegative().describe('real-time salary agreements awaiting the caller'),
  contracts: z.array(Contract).describe("the caller's own contracts that are offered or in force"),
  menu: MenuFlags.describe('which agent menu entries show (AGENT-06); all false for a member who is not an agent'),
});

const ContractIdField = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .refine((id) => Number(id) <= MAX_ROW_ID, `at most ${MAX_ROW_ID}`)
  .describe('a contractId');
export const ContractAnswerRequest = z.object({
  contractId: ContractIdField,
  status: ContractAnswer,
  answering: ContractStatus.optional().describe(
    "the contract's status the answer is meant for, as the caller last saw it: a contract that has changed since is refused (INVALID_STATE), so a C meant to confirm an end never asks for one on a contract back in force",
  ),
});
export type ContractAnswerRequest = z.infer<typeof ContractAnswerRequest>;

export const AgentContractOfferRequest = offerOf({
  memberId: z.number().int().positive().max(MAX_ROW_ID).describe('a direct member of the caller'),
});
export const OpsContractOfferRequest = offerOf({ account: text().trim().min(1).max(64).describe('a top-level agent (an agent with no upline)') });

const billRange = {
  startTime: z.iso.datetime({ offset: true }).optional().describe('bills whose window starts at or after this'),
  endTime: z.iso.datetime({ offset: true }).optional().describe('bills whose window starts before this'),
};
const holderFilter = {
  memberId: RowIdParam.optional().describe("the holder: the caller (unset) or a member of the caller's downline (403 for anyone else)"),
};
export const BillRecordsQuery = z.object({ ...holderFilter, ...billRange, ...pageQuery(10, 100) });
/** A records page: the holder's contract of that kind (the newest one, whatever its status), and its bills, newest first. */
export const BillRecords = <C extends z.ZodType>(contract: C) =>
  pagedOf(ContractBill).extend({ contract: contract.nullable(), ...BillTotals.shape });

/** Most real-time windows one read returns: a day of 5-minute windows. */
export const MAX_REALTIME_WINDOWS = 288;
export const RealtimeSalaryView = z.object({
  contract: RealtimeSalaryContract.nullable().describe("the holder's agreement in force, or its last one"),
  windowSeconds: z.number().int().positive().describe('REALTIME_SALARY_WINDOW_SECONDS'),
  nextSettlementAt: z.string().describe('the end of the window now running; its bill follows within moments'),
  running: RunningWindow.nullable().describe('the window now running, not settled yet; null without an agreement in force; the totals leave it out'),
  windows: z.array(ContractBill).describe('the last windows, newest first'),
  ...BillTotals.shape,
});

const ANSWER_SUMMARY = 'answers one of the caller\'s contracts of this kind with A (accept an offer), R (reject an offer or refuse a termination) or C (ask to end a valid contract, confirm a termination, or withdraw the caller\'s own offer)';

const processing = <C extends z.ZodType>(name: string, contract: C, req: string, flowReq: string, label: string) =>
  ({
    list: endpoint({
      method: 'GET',
      path: `/wps/relay/ACS_${name}ContractProcessing`,
      token: 'member',
      audience: 'real',
      response: z.array(contract),
      summary: `${label} waiting for the caller to accept or reject an offer, or to confirm or refuse a termination (the contract popup)`,
      reqs: [req, flowReq, 'AGENT-20'],
    }),
    answer: endpoint({
      method: 'POST',
      path: `/wps/relay/ACS_${name}ContractProcessing`,
      token: 'member',
      audience: 'real',
      body: ContractAnswerRequest,
      response: contract,
      summary: `${label}: ${ANSWER_SUMMARY}; a contract that is not the caller's is 403 whether or not it exists`,
      reqs: [req, 'AGENT-18', 'AGENT-19'],
    }),
  }) as const;

const dividend = processing('dividend', DividendContract, 'API-44', 'AGENT-15', 'Dividend contracts');
const daily = processing('dailySalary', DailySalaryContract, 'API-45', 'AGENT-16', 'Daily salary contracts');
const hourly = processing('hourlySalary', HourlySalaryContract, 'API-46', 'AGENT-16', 'Hourly salary contracts');
const realtime = processing('realtimeSalary', RealtimeSalaryContract, 'API-47', 'AGENT-16', 'Real-time salary agreements');

export const contractsEndpoints = {
  dividendContractProcessing: dividend.list,
  dividendContractAnswer: dividend.answer,
  dailySalaryContractProcessing: daily.list,
  dailySalaryContractAnswer: daily.answer,
  hourlySalaryContractProcessing: hourly.list,
  hourlySalaryContractAnswer: hourly.answer,
  realtimeSalaryContractProcessing: realtime.list,
  realtimeSalaryContractAnswer: realtime.answer,
  consolidatedContractInfo: endpoint({
    method: 'GET',
    path: '/wps/relay/ACS_consolidatedContractInfo',
    token: 'member',
    audience: 'real',
    response: ConsolidatedContractInfo,
    summary: "Counts of the caller's contracts of each kind awaiting its answer, its contracts offered or in force, and which agent menu entries show",
    reqs: ['API-48', 'AGENT-24', 'AGENT-06'],
  }),

  agentContractOffer: endpoint({
    method: 'POST',
    path: '/wps/agent/contracts/offer',
    token: 'agent',
    downlineScoped: true,
    body: AgentContractOfferRequest,
    response: Contract,
    summary:
      'Offers a direct member a contract (a plain member only a real-time salary agreement), at most what the caller holds of that kind (CONTRACT_LIMIT otherwise); accepted, it replaces the member\'s contract of that kind',
    reqs: ['AGENT-18', 'AGENT-14', 'AGENT-15', 'AGENT-16', 'AGENT-17', 'AGENT-23'],
  }),
  agentContracts: endpoint({
    method: 'GET',
    path: '/wps/agent/contracts',
    token: 'agent',
    downlineScoped: true,
    query: z.object({ ...holderFilter, kind: ContractKind.optional(), status: ContractStatus.optional(), ...pageQuery(10, 100) }),
    response: pagedOf(Contract),
    summary: "Contracts held by the caller or by members of its downline (or by one of them), newest first",
    reqs: ['AGENT-14', 'AGENT-18'],
  }),
  agentDividendRecords: endpoint({
    method: 'GET',
    path: '/wps/agent/contracts/dividend/records',
    token: 'agent',
    downlineScoped: true,
    query: BillRecordsQuery,
    response: BillRecords(DividendContract),
    summary: 'Dividend records (agentDividendRecordCopy2): the dividend contract and its bills per period, with totals',
    reqs: ['AGENT-05', 'AGENT-15', 'AGENT-17'],
  }),
  agentDailyWages: endpoint({
    method: 'GET',
    path: '/wps/agent/contracts/daily/records',
    token: 'agent',
    downlineScoped: true,
    query: BillRecordsQuery,
    response: BillRecords(DailySalaryContract),
    summary: 'Daily wages (agentDailyWages2): the daily salary contract and its bills per day, with totals',
    reqs: ['AGENT-05', 'AGENT-16', 'AGENT-22'],
  }),
  agentHourlySalary: endpoint({
    method: 'GET',
    path: '/wps/agent/contracts/hourly/records',
    token: 'agent',
    downlineScoped: true,
    query: BillRecordsQuery,
    response: BillRecords(HourlySalaryContract),
    summary: 'Hourly salary (agentHourSalary): the hourly salary contract and its bills per hour, with totals',
    reqs: ['AGENT-05', 'AGENT-16'],
  }),
  agentRealtimeSalary: endpoint({
    method: 'GET',
    path: '/wps/agent/contracts/realtime',
    token: 'agent',
    downlineScoped: true,
    query: z.object({ ...holderFilter, windows: z.coerce.number().int().min(1).max(MAX_REALTIME_WINDOWS).default(12) }),
    response: RealtimeSalaryView,
    summary: 'Real-time salary (agentRealtimeSalary): the agreement, the running window so far (updated by salary:running) and when it settles, and the last windows; each new window arrives as salary:settled',
    reqs: ['AGENT-05', 'AGENT-16', 'AGENT-21'],
  }),
  agentContractBill: endpoint({
    method: 'GET',
    path: '/wps/agent/contracts/bill',
    token: 'agent',
    downlineScoped: true,
    query: z.object({ billId: RowIdParam }),
    response: ContractBillDetail,
    summary: "One bill of the caller's or its downline's contracts, with each member's part of a real-time window (403 for any other bill)",
    reqs: ['AGENT-21'],
  }),

  opsContracts: endpoint({
    method: 'GET',
    path: '/ops/contracts',
    token: 'operator',
    query: z.object({
      account: text().trim().min(1).max(64).optional().describe('the holder'),
      kind: ContractKind.optional(),
      status: ContractStatus.optional(),
      ...pageQuery(20, 100),
    }),
    response: pagedOf(Contract),
    summary: "Every contract, newest first; `action` is what a platform contract waits for from the operator",
  }),
  opsContractOffer: endpoint({
    method: 'POST',
    path: '/ops/contracts/offer',
    token: 'operator',
    body: OpsContractOfferRequest,
    response: Contract,
    summary: 'Offers a top-level agent a contract paid by the platform (audited); accepted, it replaces its contract of that kind',
    reqs: ['AGENT-18', 'AGENT-23'],
  }),
  opsContractAnswer: endpoint({
    method: 'POST',
    path: '/ops/contracts/answer',
    token: 'operator',
    body: ContractAnswerRequest.extend({ status: ContractAnswer.exclude(['A']) }),
    response: Contract,
    summary:
      "The platform's side of its contracts (audited): C asks to end a valid one, confirms a termination the agent asked for, or withdraws a pending offer; R refuses a termination",
    reqs: ['AGENT-18'],
  }),
  opsContractSettings: endpoint({
    method: 'GET',
    path: '/ops/contracts/settings',
    token: 'operator',
    response: ContractSettings,
    summary: 'The condition behind each contract menu entry of the agent center (AGENT-06)',
    reqs: ['AGENT-06'],
  }),
  opsSetContractSettings: endpoint({
    method: 'PUT',
    path: '/ops/contracts/settings',
    token: 'operator',
    body: ContractSettings,
    response: ContractSettings,
    summary: 'Sets the condition behind each contract menu entry (audited; applies at once)',
    reqs: ['AGENT-06'],
  }),
} as const;
