import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { Contract, ContractKind } from '@shared/contract/contracts';
import { contractMachine } from '@machines/contracts/contract.machine';
import type { AnswerContractInput, OfferContractInput } from '@machines/contracts/contract.types';
import type { AppApi } from '@client/lib/api-client';
import { answerContract, refreshContractReads } from '@client/state/contract-calls';

/** The agent's contract with one direct member, read again by its id among that member's contracts. */
const loadHeldContract = async (api: AppApi, memberId: number, kind: ContractKind, contractId: string): Promise<Contract> => {
  const page = await api.call('agentContracts', { query: { memberId, kind, pageSize: 100 } });
  const found = page.list.find((contract) => contract.contractId === contractId);
  if (!found) throw Object.assign(new Error('The contract is no longer listed'), { code: 'NOT_FOUND' });
  return found;
};

/**
 * The contract machine from the agent's side (AGENT-18): the agent offers its direct member a
 * contract, withdraws a pending offer, asks to end one in force, and confirms or refuses a
 * termination the member asked for, over the offer call and the kinds' processing calls.
 * `onOffered` hears each offer the server took.
 */
export const createUplineContractLogic = (api: AppApi, queryClient: QueryClient, memberId: number, onOffered: (contract: Contract) => void = () => undefined) =>
  contractMachine.provide({
    actors: {
      offerContract: fromPromise<Contract, OfferContractInput>(async ({ input }) => {
        const contract = await api.call('agentContractOffer', { body: { ...input.offer, memberId: input.memberId } });
        refreshContractReads(queryClient);
        onOffered(contract);
        return contract;
      }),
      answerContract: fromPromise<Contract, AnswerContractInput>(({ input }) => answerContract(api, queryClient, input)),
      loadContract: fromPromise<Contract, { kind: ContractKind; contractId: string }>(({ input }) => loadHeldContract(api, memberId, input.kind, input.contractId)),
    },
  });

/** A contract the agent holds, read again by its id among the contracts the consolidated info lists. */
const loadOwnContract = async (api: AppApi, contractId: string): Promise<Contract> => {
  const info = await api.call('consolidatedContractInfo');
  const found = info.contracts.find((contract) => contract.contractId === contractId);
  if (!found) throw Object.assign(new Error('The contract is no longer listed'), { code: 'NOT_FOUND' });
  return found;
};

/**
 * The contract machine from the holder's side (AGENT-18): the agent asks to end a contract it
 * holds, and confirms or refuses its upline's request to end one, over the kinds' processing calls.
 */
export const createHolderContractLogic = (api: AppApi, queryClient: QueryClient) =>
  contractMachine.provide({
    actors: {
      answerContract: fromPromise<Contract, AnswerContractInput>(({ input }) => answerContract(api, queryClient, input)),
      loadContract: fromPromise<Contract, { kind: ContractKind; contractId: string }>(({ input }) => loadOwnContract(api, input.contractId)),
    },
  });
