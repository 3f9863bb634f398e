import { MAIN_WALLET, type WalletTransferRequest } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf, memberBalances } from '../ledger/ledger';
import { toCents, toMoney } from '../ledger/money';
import { readSettings } from '../system/site-settings';

/** The vendor wallets of transfer mode, from configuration. */
export const subWallets = (config: AppConfig): string[] =>
  config.SUB_WALLETS.split(',')
    .map((w) => w.trim().toUpperCase())
    .filter(Boolean);

export const isSingleWallet = (config: AppConfig): boolean => config.WALLET_MODE === 'single';

export const consolidatedFunds = async (ctx: AppContext, memberId: number) => {
  const balances = await memberBalances(ctx.db, memberId);
  const main = balances.get(MAIN_WALLET) ?? 0;
  const wallets = isSingleWallet(ctx.config) ? [] : subWallets(ctx.config).map((wallet) => ({ wallet, balance: balances.get(wallet) ?? 0 }));
  const total = wallets.reduce((sum, w) => sum + w.balance, main);
  return {
    totalBalance: toMoney(total),
    mainBalance: toMoney(main),
    wallets: wallets.map((w) => ({ wallet: w.wallet, balance: toMoney(w.balance) })),
  };
};

/** The site's currency symbol, as the balance call shows it. */
export const currencySymbol = async (db: Db): Promise<string> => (await readSettings(db)).currencySymbol;

/**
 * Moves funds between the main wallet and one vendor wallet (TRANSFER_OUT from main, TRANSFER_IN
 * back to it), idempotent by requestId. The answer holds the two wallets' balances after the move,
 * so a retry returns exactly the first answer.
 */
export const transferBetweenWallets = async (ctx: AppContext, memberId: number, body: WalletTransferRequest) => {
  if (isSingleWallet(ctx.config)) throw new ApiError('FEATURE_DISABLED', 'This site has a single wallet: there is nothing to transfer between');
  if (body.fromWallet === body.toWallet) throw new ApiError('VALIDATION', 'Choose two different wallets');
  const vendors = subWallets(ctx.config);
  const outward = body.fromWallet === MAIN_WALLET;
  const vendor = outward ? body.toWallet : body.fromWallet;
  if ((!outward && body.toWallet !== MAIN_WALLET) || !vendors.includes(vendor)) {
    throw new ApiError('WALLET_UNKNOWN', 'Transfers go between the main wallet and one vendor wallet', { wallets: [MAIN_WALLET, ...vendors] });
  }
  const amount = toCents(body.amount);
  const posted = await withEvents(ctx, async (trx, record) => {
    const result = await ledgerOf(ctx).post(trx, {
      entryType: outward ? 'TRANSFER_OUT' : 'TRANSFER_IN',
      idempotencyKey: `transfer:${memberId}:${body.requestId}`,
      reference: `transfer:${body.requestId}`,
      remark: outward ? `Main → ${vendor}` : `${vendor} → Main`,
      legs: [
        { account: { memberId, wallet: body.fromWallet }, amount: -amount },
        { account: { memberId, wallet: body.toWallet }, amount },
      ],
    });
    await recordBalanceEvents(trx, record, result);
    return result;
  });
  const after = (wallet: string) => toMoney(posted.postings.find((p) => p.code === wallet)!.balanceAfter);
  return { transferId: String(posted.transactionId), balance: after(MAIN_WALLET), wallets: [{ wallet: vendor, balance: after(vendor) }] };
};
