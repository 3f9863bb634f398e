import { fromPromise } from 'xstate';
import { balanceMachine } from '@machines/wallet/balance.machine';
import type { AppApi } from '@client/lib/api-client';

/** The main balance from the balance call (API-20), for the header; the live machine runs it. */
export const createBalanceLogic = (api: AppApi) =>
  balanceMachine.provide({
    actors: { fetchBalance: fromPromise(() => api.call('balance')) },
  });
