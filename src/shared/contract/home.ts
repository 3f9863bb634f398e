import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money } from './envelope';
import { LanguageCode } from './system';

/** Contract periods: D daily, W weekly, H semi-monthly, M monthly (AGENT-17). */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M'] as const;
export const ContractPeriod = z.enum(CONTRACT_PERIODS);
export const CONTRACT_STATUSES = ['requested', 'valid', 'rejected', 'terminated', 'expired'] as const;
export const ContractStatus = z.enum(CONTRACT_STATUSES);
/** What the pending contract asks of the caller: agree to a new contract, or to end one. */
export const ContractAction = z.enum(['NEW', 'TERMINATE']);
export const ContractPayer = z.enum(['PLATFORM', 'UPLINE']);
const Rate = z.number().min(0).max(100).describe('percent');

const contractBase = {
  contractId: z.string(),
  status: ContractStatus,
  action: ContractAction,
  uplineAccount: z.string(),
  downlineAccount: z.string(),
  payer: ContractPayer,
  requestedAt: z.string(),
};

export const DividendContract = z.object({
  ...contractBase,
  period: ContractPeriod,
  tiers: z.array(
    z.object({ periodValidBet: Money, periodProfitLoss: Money, activeMemberCount: z.number().int().nonnegative(), rate: Rate }),
  ),
});
export const DailySalaryContract = z.object({ ...contractBase, tiers: z.array(z.object({ dailyBetAmount: Money, rate: Rate })) });
export const HourlySalaryContract = z.object({ ...contractBase, tiers: z.array(z.object({ hourlyBetAmount: Money, rate: Rate })) });
export const RealtimeSalaryContract = z.object({
  ...contractBase,
  tiers: z.array(z.object({ profitRate: Rate, lossRate: Rate, singleBetAmount: Money })),
});

export const WinnerRecord = z.object({
  recordId: z.string(),
  gameName: z.string(),
  customerName: z.string().describe('masked player name'),
  winAmount: Money,
  iconUrl: z.string(),
});
export type WinnerRecord = z.infer<typeof WinnerRecord>;

export const homeEndpoints = {
  dividendContractProcessing: endpoint({
    method: 'GET',
    path: '/wps/relay/ACS_dividendContractProcessing',
    token: 'member',
    response: z.array(DividendContract),
    summary: 'Dividend contracts waiting for the caller to accept or reject',
    reqs: ['API-44', 'AGENT-15', 'AGENT-20'],
  }),
  dailySalaryContractProcessing: endpoint({
    method: 'GET',
    path: '/wps/relay/ACS_dailySalaryContractProcessing',
    token: 'member',
    response: z.array(DailySalaryContract),
    summary: 'Daily salary contracts waiting for the caller to accept or reject',
    reqs: ['API-45', 'AGENT-16', 'AGENT-20'],
  }),
  hourlySalaryContractProcessing: endpoint({
    method: 'GET',
    path: '/wps/relay/ACS_hourlySalaryContractProcessing',
    token: 'member',
    response: z.array(HourlySalaryContract),
    summary: 'Hourly salary contracts waiting for the caller to accept or reject',
    reqs: ['API-46', 'AGENT-16', 'AGENT-20'],
  }),
  realtimeSalaryContractProcessing: endpoint({
    method: 'GET',
    path: '/wps/relay/ACS_realtimeSalaryContractProcessing',
    token: 'member',
    response: z.array(RealtimeSalaryContract),
    summary: 'Real-time salary agreements waiting for the caller to accept or reject',
    reqs: ['API-47', 'AGENT-16', 'AGENT-20'],
  }),
  consolidatedContractInfo: endpoint({
    method: 'GET',
    path: '/wps/relay/ACS_consolidatedContractInfo',
    token: 'member',
    response: z.object({
      dailysalreqtype: z.number().int().nonnegative().describe('daily salary contracts awaiting the caller'),
      divtypereq: z.number().int().nonnegative().describe('dividend contracts awaiting the caller'),
      contracthoursalreq: z.number().int().nonnegative().describe('hourly salary contracts awaiting the caller'),
      realtimesalreqtype: z.number().int().nonnegative().describe('real-time salary agreements awaiting the caller'),
    }),
    summary: 'Counts of contracts of each kind awaiting the caller',
    reqs: ['API-48', 'AGENT-24'],
  }),
  winnerRankList: endpoint({
    method: 'GET',
    path: '/wps/relay/GLS_winnerRankList',
    token: 'none',
    query: z.object({
      gameCategory: z.string().regex(/^[A-Z_]{2,16}$/).default('ALL'),
      language: LanguageCode.optional(),
      limitNum: z.coerce.number().int().min(1).max(20).default(20),
    }),
    response: z.object({ list: z.array(z.object({ vo: WinnerRecord })) }),
    summary: 'Recent big wins, largest first',
    reqs: ['API-50', 'LOBBY-16', 'LOBBY-19', 'LOBBY-20'],
  }),
  raffleClaim: endpoint({
    method: 'POST',
    path: '/wps/relay/PRM_raffleClaim',
    token: 'member',
    body: z.object({ promotionId: z.number().int().positive() }),
    response: z.object({ prizeName: z.string(), amount: Money, balance: Money }),
    summary: 'Claims the prize of a raffle promotion',
    reqs: ['API-51', 'MEMBER-14'],
  }),
  missionSummary: endpoint({
    method: 'GET',
    path: '/wps/relay/MSN_missionSummary',
    token: 'member',
    response: z.object({
      totalMissions: z.number().int().nonnegative(),
      completedMissions: z.number().int().nonnegative(),
      claimableRewards: z.number().int().nonnegative().describe('count shown on the missionLeaderboard badge'),
    }),
    summary: "The caller's mission progress",
    reqs: ['API-54', 'MEMBER-04', 'MEMBER-17'],
  }),
  missionLeaderboard: endpoint({
    method: 'GET',
    path: '/wps/relay/MSN_missionLeaderboard',
    token: 'optional',
    query: z.object({ limitNum: z.coerce.number().int().min(1).max(100).default(20) }),
    response: z.object({
      list: z.array(z.object({ rank: z.number().int().positive(), customerName: z.string(), score: z.number() })),
      self: z.object({ rank: z.number().int().positive(), score: z.number() }).nullable(),
    }),
    summary: "Mission leaderboard, with the caller's own place when signed in",
    reqs: ['API-55', 'MEMBER-17'],
  }),
} as const;
