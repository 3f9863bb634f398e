/** Member center pages in menu order (MEMBER-03); securityCenter is the default (MEMBER-01). */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];
export const DEFAULT_MEMBER_PAGE: MemberPage = 'securityCenter';

/** Agent center pages in menu order (AGENT-05); agentTeamOverview is the default (AGENT-04). */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
] as const;
export type AgentPage = (typeof AGENT_PAGES)[number];
export const DEFAULT_AGENT_PAGE: AgentPage = 'agentTeamOverview';

/** The account-record filter that the side menu's deposit-record shortcut opens. */
export const DEPOSIT_RECORD_FILTER = 'deposit';
