import { z } from 'zod';
import { endpoint } from './endpoint';
import { Money } from './envelope';
import { gameCode, plainText, vendorCode } from './games';

// The seamless wallet (games area) an external game vendor calls (the house provider uses it in-process).
// Requests are signed like payment webhooks, with the calling vendor's own key: HMAC-SHA256 over "<timestamp>.<raw body>".
// The built-in house vendors never call in: calls naming them are refused (403).

const WalletVendor = vendorCode.describe('the calling vendor\'s code');
const WalletTransactionId = z.string().min(1).max(128).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');
export const WalletReply = z.object({
  betId: z.string(),
  status: z.enum(['OPEN', 'SETTLED', 'ROLLED_BACK', 'UNKNOWN']),
  balance: Money.nullable().describe('the player\'s balance after the call; null for a rollback of an unknown bet'),
});

export const gamesSeamlessWalletEndpoints = {
  walletBalance: endpoint({
    method: 'POST',
    path: '/wps/seamless/balance',
    token: 'none',
    rawBody: true,
    body: z.object({ vendor: WalletVendor, account: plainText(64).min(1) }),
    response: z.object({ account: z.string(), balance: Money }),
    summary: 'Seamless wallet (signed vendor call): the player\'s balance',
  }),
  walletDebit: endpoint({
    method: 'POST',
    path: '/wps/seamless/debit',
    token: 'none',
    rawBody: true,
    body: z.object({
      vendor: WalletVendor,
      transactionId: WalletTransactionId.describe('names the bet from now on'),
      account: plainText(64).min(1),
      gameType: z.string().regex(/^[A-Z_]{2,16}$/),
      gameCode,
      gameName: plainText(128).min(1),
      amount: Money.positive(),
    }),
    response: WalletReply,
    summary: 'Seamless wallet (signed vendor call): takes a stake; a retry with the same transaction id answers as the first, and a debit whose rollback came first moves nothing (ROLLED_BACK)',
  }),
  walletCredit: endpoint({
    method: 'POST',
    path: '/wps/seamless/credit',
    token: 'none',
    rawBody: true,
    body: z.object({ vendor: WalletVendor, transactionId: WalletTransactionId, betTransactionId: WalletTransactionId, amount: Money.nonnegative() }),
    response: WalletReply,
    summary: 'Seamless wallet (signed vendor call): pays a bet (0 for a loss); taken after the game session expired, refused after a rollback',
  }),
  walletRollback: endpoint({
    method: 'POST',
    path: '/wps/seamless/rollback',
    token: 'none',
    rawBody: true,
    body: z.object({ vendor: WalletVendor, transactionId: WalletTransactionId, betTransactionId: WalletTransactionId }),
    response: WalletReply,
    summary: 'Seamless wallet (signed vendor call): returns a stake; an unknown bet moves nothing but voids its debit should it come later, a paid bet is refused',
  }),
} as const;
