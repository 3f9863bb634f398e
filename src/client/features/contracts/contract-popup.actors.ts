import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { fromPromise } from 'xstate';
import type { Contract, ContractKind } from '@shared/contract/contracts';
import { answerContract, PROCESSING } from '@client/state/contract-calls';
import { contractPopupMachine } from '@machines/contracts/contract-popup.machine';
import type { AnswerContractInput } from '@machines/contracts/contract.types';
import type { AppApi } from '@client/lib/api-client';
import { showToast } from '@client/state/ui-state';

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

/**
 * The contract popup over the API; the live machine runs it while a real member is logged in. An
 * answer the server no longer takes is told in a toast: the popup may have closed on it.
 */
export const createContractPopupLogic = (api: AppApi, queryClient: QueryClient) =>
  contractPopupMachine.provide({
    actors: {
      loadPendingContracts: fromPromise(() => loadPendingContracts(api)),
      answerContract: fromPromise<Contract, AnswerContractInput>(({ input }) => answerContract(api, queryClient, input)),
    },
    actions: {
      announceGone: (_, { question, error }) =>
        void showToast(i18next.t(`agent:contracts.popup.gone.${question}`, { reason: i18next.t(`errors:${error.code}`) }), 'error'),
    },
  });
