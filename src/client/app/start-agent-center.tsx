import type { ComponentType } from 'react';
import type { BusStreams } from '@machines/app/bus-bridge';
import { AGENT_PAGES, type AgentPage } from '@client/config/center-pages';
import { LiveAgentPage } from '@client/features/agent/live-agent-page';
import { screen } from './screen';
import { provideSlot } from './slots';

type PageModule = () => Promise<{ default: ComponentType }>;

/** Every agent-center page is its own chunk (SHELL-51), loaded when first opened; none is in the home bundle. */
const AGENT_PAGE_MODULES: Record<AgentPage, PageModule> = {
  agentAnnouncement: () => import('@client/features/agent/pages/agentAnnouncement'),
  agentTeamOverview: () => import('@client/features/agent/pages/agentTeamOverview'),
  registerCenter: () => import('@client/features/agent/pages/registerCenter'),
  downlineManagmentView: () => import('@client/features/agent/pages/downlineManagmentView'),
  personalHistoryCopy: () => import('@client/features/agent/pages/personalHistoryCopy'),
  palStatementsAgentCopy: () => import('@client/features/agent/pages/palStatementsAgentCopy'),
  agentRevenueReport: () => import('@client/features/agent/pages/agentRevenueReport'),
  agentDownlineTransactionDetailsCopy: () => import('@client/features/agent/pages/agentDownlineTransactionDetailsCopy'),
  agentDividendRecordCopy2: () => import('@client/features/agent/pages/agentDividendRecordCopy2'),
  agentDailyWages2: () => import('@client/features/agent/pages/agentDailyWages2'),
  agentHourSalary: () => import('@client/features/agent/pages/agentHourSalary'),
  agentRealtimeSalary: () => import('@client/features/agent/pages/agentRealtimeSalary'),
};

/** The member center's pages of the agent area: the transfer to the upline and the invite-friends link. */
const MEMBER_PAGE_MODULES = {
  transferUpline: () => import('@client/features/agent/pages/member/transferUpline'),
  referral: () => import('@client/features/agent/pages/member/referral'),
} as const satisfies Record<string, PageModule>;

/**
 * Starts the agent area at app start: its pages in the agent-center mount points, each kept live
 * by the bus, and its two member-center pages.
 */
export const startAgentCenter = ({ bus }: { bus: BusStreams }): void => {
  for (const page of AGENT_PAGES) {
    const Page = screen(AGENT_PAGE_MODULES[page]);
    provideSlot(`agent:${page}`, () => (
      <LiveAgentPage bus={bus}>
        <Page />
      </LiveAgentPage>
    ));
  }
  provideSlot('member:transferUpline', screen(MEMBER_PAGE_MODULES.transferUpline));
  provideSlot('member:referral', screen(MEMBER_PAGE_MODULES.referral));
};
