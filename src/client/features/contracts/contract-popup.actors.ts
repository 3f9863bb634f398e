import { CONTRACT_READS } from '@client/state/contract-reads';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Contract, ContractKind } from '@shared/contract/contracts';
import type { EndpointKey } from '@shared/contract/http';
import { contractPopupMachine } from '@machines/contracts/contract-popup.machine';
import type { AnswerContractInput } from '@machines/contracts/contract.types';
import type { AppApi } from '@client/lib/api-client';

/** Each kind's processing calls (API-44..47) and the consolidated count that says whether to ask them (API-48). */
const PROCESSING = {
  DIVIDEND: { list: 'dividendContractProcessing', answer: 'dividendContractAnswer', waiting: 'divtypereq' },
  DAILY: { list: 'dailySalaryContractProcessing', answer: 'dailySalaryContractAnswer', waiting: 'dailysalreqtype' },
  HOURLY: { list: 'hourlySalaryContractProcessing', answer: 'hourlySalaryContractAnswer', waiting: 'contracthoursalreq' },
  REALTIME: { list: 'realtimeSalaryContractProcessing', answer: 'realtimeSalaryContractAnswer', waiting: 'realtimesalreqtype' },
} as const satisfies Record<ContractKind, { list: EndpointKey; answer: EndpointKey; waiting: string }>;


/**
 * Every contract waiting for the member's answer, oldest first: the consolidated info says how many
 * of each kind wait, and only those kinds' processing calls are asked.
 */
export const loadPendingContracts = async (api: AppApi): Promise<Contract[]> => {
  const info = await api.call('consolidatedContractInfo');
  const kinds = (Object.keys(PROCESSING) as ContractKind[]).filter((kind) => info[PROCESSING[kind].waiting] > 0);
  const lists = await Promise.all(kinds.map((kind) => api.call(PROCESSING[kind].list) as Promise<Contract[]>));
  return lists.flat().sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
};

const answerContract = async (api: AppApi, queryClient: QueryClient, { kind, contractId, status }: AnswerContractInput): Promise<Contract> => {
  // The four answer calls take the same body; the union of their keys does not let TypeScript see that.
  const contract = (await api.call(PROCESSING[kind].answer as 'realtimeSalaryContractAnswer', { body: { contractId, status } })) as Contract;
  for (const key of CONTRACT_READS) void queryClient.invalidateQueries({ queryKey: [key] });
  return contract;
};

/** The contract popup over the API; the live machine runs it while a real member is logged in. */
export const createContractPopupLogic = (api: AppApi, queryClient: QueryClient) =>
  contractPopupMachine.provide({
    actors: {
      loadPendingContracts: fromPromise(() => loadPendingContracts(api)),
      answerContract: fromPromise<Contract, AnswerContractInput>(({ input }) => answerContract(api, queryClient, input)),
    },
  });
