import { fromPromise } from 'xstate';
import { balanceMachine } from '@machines/wallet/balance.machine';
import type { Balance } from '@shared/contract/wallet';
import type { AppApi } from '@client/lib/api-client';

/**
 * The main balance from the balance call (API-20), for the header; the live machine runs it. A read takes the answer of
 * one asked for earlier when `takeEarlyRead` hands one over (the balance asked for beside the session's first member info).
 */
export const createBalanceLogic = (api: AppApi, takeEarlyRead: () => Promise<Balance> | null) =>
  balanceMachine.provide({
    actors: { fetchBalance: fromPromise(() => takeEarlyRead() ?? api.call('balance')) },
  });
