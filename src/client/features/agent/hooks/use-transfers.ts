import { useQueryClient } from '@tanstack/react-query';
import type { TransferReceipt } from '@shared/contract/agent';
import { useApi } from '@client/state/api';
import type { TransferBody } from '../components/transfer-form';

/** The reads a transfer changes: balances and totals of both sides, and the agent's income. */
const TRANSFER_READS = ['agentDownline', 'agentDownlineMember', 'agentIncome', 'agentTransactions', 'consolidatedFunds', 'accountRecord'] as const;

const useAfterTransfer = () => {
  const queryClient = useQueryClient();
  return () => {
    for (const key of TRANSFER_READS) void queryClient.invalidateQueries({ queryKey: [key] });
  };
};

/** AGENT-12: the agent sends money to a member of its downline (agentTransfer). */
export const useDownlineTransfer = (memberId: number) => {
  const api = useApi();
  const refresh = useAfterTransfer();
  return async (body: TransferBody): Promise<TransferReceipt> => {
    const receipt = await api.call('agentTransfer', { body: { ...body, memberId } });
    refresh();
    return receipt;
  };
};

/** WALLET-06: a member sends money to its upline (transferUpline). */
export const useUplineTransfer = () => {
  const api = useApi();
  const refresh = useAfterTransfer();
  return async (body: TransferBody): Promise<TransferReceipt> => {
    const receipt = await api.call('transferUpline', { body });
    refresh();
    return receipt;
  };
};
