import type { ContractMenuMarker } from '@shared/contract/contracts';
import { useApiQuery } from '@client/state/queries';
import { AGENT_PAGES, type AgentPage } from '@client/config/center-pages';

/** The contract entries of the agent menu and the type marker behind each (AGENT-06). */
export const CONTRACT_PAGE_MARKERS = {
  agentDividendRecordCopy2: 'enableCt',
  agentDailyWages2: 'salary',
  agentHourSalary: 'hourSalary',
  agentRealtimeSalary: 'agentRealtimeSalary',
} as const satisfies Partial<Record<AgentPage, ContractMenuMarker>>;

type ContractPage = keyof typeof CONTRACT_PAGE_MARKERS;
const isContractPage = (page: AgentPage): page is ContractPage => Object.hasOwn(CONTRACT_PAGE_MARKERS, page);

/**
 * The agent menu's entries in order: every page, the contract ones only where the server's rule
 * shows them (consolidatedContractInfo `menu`); until it answers, or when it fails, they stay hidden.
 */
export const useAgentMenuPages = (): AgentPage[] => {
  const info = useApiQuery('consolidatedContractInfo');
  const menu = info.data?.menu;
  return AGENT_PAGES.filter((page) => !isContractPage(page) || menu?.[CONTRACT_PAGE_MARKERS[page]] === true);
};
