import type { ResponseOf } from '@shared/contract/http';
import type { TeamFigures } from '@shared/contract/agent';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { createFakeBus, type FakeBus } from '../../../helpers/fake-bus';
import { renderMemberCenter, type MemberCenterApp } from '../../../helpers/member-center';
import { AGENT, type RenderAppOptions } from '../../../helpers/render-app';

/** The agent pages load as lazy chunks; each test file transforms them once up front. */
let pagesLoaded: Promise<unknown> | null = null;
const loadPages = () =>
  (pagesLoaded ??= Promise.all([
    import('@client/app/routes/agent-home'),
    import('@client/features/agent/pages/agentTeamOverview'),
    import('@client/app/pages/register-center'),
    import('@client/features/agent/pages/downlineManagmentView'),
    import('@client/features/agent/pages/personalHistoryCopy'),
    import('@client/features/agent/pages/palStatementsAgentCopy'),
    import('@client/features/agent/pages/agentRevenueReport'),
    import('@client/features/agent/pages/agentDownlineTransactionDetailsCopy'),
    import('@client/features/agent/pages/agentAnnouncement'),
    import('@client/features/agent/pages/agentHourSalary'),
    import('@client/features/agent/pages/agentRealtimeSalary'),
    import('@client/features/agent/pages/agentDailyWages2'),
    import('@client/features/agent/pages/agentDividendRecordCopy2'),
    import('@client/features/agent/pages/member/transferUpline'),
    import('@client/features/agent/pages/member/referral'),
  ]));

export const paged = <T,>(list: T[], over: { pageNum?: number; totalPages?: number; total?: number } = {}) => ({
  list,
  pageNum: over.pageNum ?? 1,
  totalPages: over.totalPages ?? 1,
  total: over.total ?? list.length,
});

export const figures = (over: Partial<TeamFigures> = {}): TeamFigures => ({
  teamSize: 8,
  newMembers: 1,
  activeMembers: 5,
  deposits: 1500,
  withdrawals: 200,
  validBets: 900,
  profitLoss: -120.5,
  ...over,
});

export const contractInfo = (menu: Partial<ResponseOf<'consolidatedContractInfo'>['menu']> = {}): ResponseOf<'consolidatedContractInfo'> => ({
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  contracts: [],
  menu: { enableCt: false, salary: false, hourSalary: false, agentRealtimeSalary: false, ...menu },
});

/** What the agent center asks for around the page under test, answered plainly. */
const agentHandlers = (over: FakeHandlers): FakeHandlers => ({
  consolidatedContractInfo: () => contractInfo(),
  ...over,
});

export const agentPath = (page: string) => `/agentHome?page=${page}`;

/**
 * The whole client at an agent-center page on a fake bus, the agent `AGENT` logged in (main wallet 1,234.50 from the balance call).
 */
export const renderAgentCenter = async (options: RenderAppOptions & { bus?: FakeBus } = {}): Promise<MemberCenterApp> => {
  await loadPages();
  const bus = options.bus ?? createFakeBus();
  return renderMemberCenter({ member: AGENT, ...options, bus, handlers: agentHandlers(options.handlers ?? {}) });
};
