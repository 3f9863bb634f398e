import type { QueryClient } from '@tanstack/react-query';
import type { Contract, ContractAnswer, ContractKind, ContractStatus } from '@shared/contract/contracts';
import type { EndpointKey } from '@shared/contract/http';
import type { AppApi } from '@client/lib/api-client';
import { CONTRACT_READS } from './contract-reads';

/** Each kind's processing calls (API-44..47) and the consolidated count that says whether to ask them (API-48). */
export const PROCESSING = {
  DIVIDEND: { list: 'dividendContractProcessing', answer: 'dividendContractAnswer', waiting: 'divtypereq' },
  DAILY: { list: 'dailySalaryContractProcessing', answer: 'dailySalaryContractAnswer', waiting: 'dailysalreqtype' },
  HOURLY: { list: 'hourlySalaryContractProcessing', answer: 'hourlySalaryContractAnswer', waiting: 'contracthoursalreq' },
  REALTIME: { list: 'realtimeSalaryContractProcessing', answer: 'realtimeSalaryContractAnswer', waiting: 'realtimesalreqtype' },
} as const satisfies Record<ContractKind, { list: EndpointKey; answer: EndpointKey; waiting: string }>;

/** Marks every contract read stale: the menu's contract info and the contract pages. */
export const refreshContractReads = (queryClient: QueryClient): void => {
  for (const key of CONTRACT_READS) void queryClient.invalidateQueries({ queryKey: [key] });
};

/**
 * One answer on a contract's processing call, from either side (docs/contracts.md, Lifecycle): the
 * holder accepts (A) or rejects (R) an offer; the offerer withdraws its offer (C); either asks to
 * end a contract in force (C) and the other confirms (C) or refuses (R).
 */
export const answerContract = async (api: AppApi, queryClient: QueryClient, input: { kind: ContractKind; contractId: string; status: ContractAnswer; answering: ContractStatus }): Promise<Contract> => {
  // The four answer calls take the same body; the union of their keys does not let TypeScript see that.
  const contract = (await api.call(PROCESSING[input.kind].answer as 'realtimeSalaryContractAnswer', { body: { contractId: input.contractId, status: input.status, answering: input.answering } })) as Contract;
  refreshContractReads(queryClient);
  return contract;
};
