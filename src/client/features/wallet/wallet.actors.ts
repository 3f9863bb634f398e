import { fromPromise } from 'xstate';
import type { WithdrawalConfirmRequest } from '@shared/contract/wallet-payments';
import { depositMachine } from '@machines/wallet/deposit.machine';
import { withdrawalConfirmationMachine } from '@machines/wallet/withdrawal-confirmation.machine';
import type { ConfirmWithdrawalInput, ProofCandidate } from '@machines/wallet/withdrawal-confirmation.types';
import type { AppApi } from '@client/lib/api-client';
import { readAsBase64 } from '@client/lib/read-as-base64';

export const createDepositLogic = (api: AppApi) =>
  depositMachine.provide({
    actors: {
      loadChannels: fromPromise(() => api.call('depositChannels')),
      submitDeposit: fromPromise(({ input }) => api.call('depositRequest', { body: input })),
    },
  });

const proofBytes = (proof: ProofCandidate): Promise<string> => {
  if (!(proof.source instanceof Blob)) return Promise.reject(new Error(`Proof ${proof.name} has no file to read`));
  return readAsBase64(proof.source);
};

/** Sends the answer with the proof images read from the picked files (WALLET-12, WALLET-13). */
export const createWithdrawalConfirmationLogic = (api: AppApi, onConfirmed: () => void) =>
  withdrawalConfirmationMachine.provide({
    actors: {
      confirmWithdrawal: fromPromise(async ({ input }: { input: ConfirmWithdrawalInput }) => {
        const body: WithdrawalConfirmRequest = {
          withdrawalId: input.withdrawalId,
          outcome: input.outcome,
          ...(input.receivedAmount !== undefined ? { receivedAmount: input.receivedAmount } : {}),
          ...(input.remark ? { remark: input.remark } : {}),
          proofImages: await Promise.all(input.proofs.map(proofBytes)),
        };
        const order = await api.call('withdrawalConfirm', { body });
        onConfirmed();
        return order;
      }),
    },
  });
