import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money } from './envelope';
import { MAIN_WALLET } from './wallet.values';

export { MAIN_WALLET } from './wallet.values';
export const WalletCode = z.string().regex(/^[A-Z0-9_]{2,32}$/).describe(`${MAIN_WALLET} or a vendor code`);

export const Balance = z.object({ balance: Money, currencySymbol: z.string() });
export type Balance = z.infer<typeof Balance>;

export const WalletTransferRequest = z.object({
  fromWallet: WalletCode,
  toWallet: WalletCode,
  amount: Money.positive(),
  requestId: z.uuid().describe('idempotency key: the same id and body return the first result'),
});
export type WalletTransferRequest = z.infer<typeof WalletTransferRequest>;

export const VendorWalletBalance = z.object({ wallet: WalletCode, balance: Money });

export const walletEndpoints = {
  balance: endpoint({
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    token: 'member',
    response: Balance,
    summary: "The caller's main wallet balance",
    reqs: ['API-20', 'WALLET-01', 'WALLET-03'],
  }),
  walletTransfer: endpoint({
    method: 'POST',
    path: '/wps/relay/GCS_walletTransfer',
    token: 'member',
    audience: 'real',
    body: WalletTransferRequest,
    response: z.object({ transferId: z.string(), balance: Money, wallets: z.array(VendorWalletBalance) }),
    summary: 'Moves funds between the main wallet and a vendor wallet',
    reqs: ['API-21', 'WALLET-05'],
  }),
  consolidatedFunds: endpoint({
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    token: 'member',
    response: z.object({ totalBalance: Money, mainBalance: Money, wallets: z.array(VendorWalletBalance) }),
    summary: 'Main and vendor wallet balances and their total',
    reqs: ['API-28', 'AUTH-18'],
  }),
  merchantWallet: endpoint({
    method: 'GET',
    path: '/wps/relay/GCS_merchantWallet',
    token: 'optional',
    response: z.object({ isSingle: z.boolean().describe('true: one seamless wallet, no transfers between wallets') }),
    summary: "The merchant's wallet mode",
    reqs: ['API-49', 'CONST-06'],
  }),
} as const;
