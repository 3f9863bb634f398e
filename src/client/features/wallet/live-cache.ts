import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, type EventObject } from 'xstate';
import type { ResponseOf } from '@shared/contract/http';
import { MAIN_WALLET } from '@shared/contract/wallet.values';
import type { LiveBusInput } from '@machines/app/bus-bridge';

type Funds = ResponseOf<'consolidatedFunds'>;

/** The wallet balances a push carries, put into the consolidated funds shown on the wallet page. */
export const applyPushedWallets = (funds: Funds, pushed: { wallet: string; balance: number }[]): Funds => {
  const byWallet = new Map(pushed.map((w) => [w.wallet, w.balance]));
  const mainBalance = byWallet.get(MAIN_WALLET) ?? funds.mainBalance;
  const wallets = funds.wallets.map((w) => ({ ...w, balance: byWallet.get(w.wallet) ?? w.balance }));
  const totalCents = wallets.reduce((sum, w) => sum + Math.round(w.balance * 100), Math.round(mainBalance * 100));
  return { mainBalance, wallets, totalBalance: totalCents / 100 };
};

/**
 * Keeps the cached reads of the open pages in step with the bus (no polling): pushed wallet
 * balances go straight into the wallet page's funds; a balance, deposit or withdrawal change marks
 * the records that list it stale, so an open record page reloads. The live machine runs it while
 * a session is online.
 */
export const createLiveCacheLogic = (queryClient: QueryClient) =>
  fromCallback<EventObject, LiveBusInput>(({ input: { bus } }) => {
    const stale = (...keys: string[]) => {
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
    };
    const subscriptions = [
      bus.on$('balance:updated').subscribe((payload) => {
        queryClient.setQueriesData<Funds>({ queryKey: ['consolidatedFunds'] }, (funds) => (funds ? applyPushedWallets(funds, payload.wallets) : funds));
        stale('accountRecord', 'withdrawalSettings', 'bonusDetails', 'rebateSummary', 'manualRebateRecord', 'profitLoss');
      }),
      bus.on$('deposit:result').subscribe(() => stale('depositRecord')),
      bus.on$('withdrawal:result').subscribe(() => stale('withdrawalRecord', 'withdrawalSettings')),
      bus.resynced$.subscribe(() => stale('consolidatedFunds', 'withdrawalRecord', 'depositRecord', 'withdrawalSettings')),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  });
