import type { AppContext } from '../../app-context';
import { signedIn, realAccount } from '../../auth/member-guards';
import type { AreaHandlers } from '../../http/register-contract';
import { cachedMainBalance } from '../../services/ledger/ledger';
import { toMoney } from '../../services/ledger/money';
import { consolidatedFunds, currencySymbol, isSingleWallet, transferBetweenWallets } from '../../services/wallet/wallets';

export const walletHandlers = (ctx: AppContext): AreaHandlers<'balance' | 'walletTransfer' | 'consolidatedFunds' | 'merchantWallet'> => ({
  balance: async ({ member }) => {
    const m = signedIn(member);
    const [balance, symbol] = await Promise.all([cachedMainBalance(ctx.db, m.id, ctx.config.BALANCE_CACHE_MS), currencySymbol(ctx.db)]);
    return { balance: toMoney(balance), currencySymbol: symbol };
  },
  walletTransfer: async ({ member, body }) => transferBetweenWallets(ctx, realAccount(member).id, body),
  consolidatedFunds: async ({ member }) => consolidatedFunds(ctx, signedIn(member).id),
  merchantWallet: async () => ({ isSingle: isSingleWallet(ctx.config) }),
});
