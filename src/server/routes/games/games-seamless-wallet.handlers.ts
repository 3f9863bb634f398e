import type { FastifyRequest } from 'fastify';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@shared/contract/wallet-payments';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { findMemberByAccount } from '../../services/member/members';
import { credit, debit, rollback, type WalletReply } from '../../services/games/seamless-wallet';
import { vendorWalletKey } from '../../services/games/vendor-keys';
import { mainBalance } from '../../services/ledger/ledger';
import { toCents, toMoney } from '../../services/ledger/money';
import { verifyWebhookSignature } from '../../services/wallet/deposits';

type WalletKeys = 'walletBalance' | 'walletDebit' | 'walletCredit' | 'walletRollback';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const toReply = (reply: WalletReply) => ({ betId: reply.betId, status: reply.status, balance: reply.balance === null ? null : toMoney(reply.balance) });

/**
 * The seamless wallet over HTTP, for external game vendors: each call names its vendor and is signed
 * with that vendor's own key (vendorWalletKey) the way payment webhooks are (HMAC-SHA256 over
 * "<timestamp>.<raw body>"). The built-in house vendors are refused whatever the signature: their
 * bets are the platform's own and never move through this door. The protocol itself (idempotency,
 * rollback rules) is the service's.
 */
export const gamesSeamlessWalletHandlers = (ctx: AppContext): AreaHandlers<WalletKeys> => {
  const signedBy = async (request: FastifyRequest, vendor: string) => {
    const known = await ctx.db.selectFrom('game_vendors').select(['code', 'provider']).where('code', '=', vendor).where('active', '=', true).executeTakeFirst();
    if (known?.provider === 'HOUSE') throw new ApiError('FORBIDDEN', `${vendor} is a built-in house vendor: its bets never go through the seamless wallet`);
    verifyWebhookSignature(
      vendorWalletKey(ctx.config, vendor),
      request.rawBody,
      first(request.headers[WEBHOOK_TIMESTAMP_HEADER]),
      first(request.headers[WEBHOOK_SIGNATURE_HEADER]),
    );
    if (!known) throw new ApiError('GAME_NOT_FOUND', `Unknown vendor ${vendor}`);
  };
  const player = async (account: string) => {
    const member = await findMemberByAccount(ctx.db, account);
    if (!member || member.status !== 'active') throw new ApiError('USER_NOT_FOUND', `No player ${account}`);
    if (member.type === TRIAL_TYPE) throw new ApiError('TRIAL_ACCOUNT', 'A trial account has no wallet');
    return member;
  };
  return {
    walletBalance: async ({ body, request }) => {
      await signedBy(request, body.vendor);
      const member = await player(body.account);
      return { account: member.account, balance: toMoney(await mainBalance(ctx.db, member.id)) };
    },
    walletDebit: async ({ body, request }) => {
      await signedBy(request, body.vendor);
      const member = await player(body.account);
      return toReply(
        await debit(ctx, {
          vendor: body.vendor,
          transactionId: body.transactionId,
          memberId: member.id,
          gameType: body.gameType,
          gameCode: body.gameCode,
          gameName: body.gameName,
          amount: toCents(body.amount),
        }),
      );
    },
    walletCredit: async ({ body, request }) => {
      await signedBy(request, body.vendor);
      return toReply(await credit(ctx, { ...body, amount: toCents(body.amount) }));
    },
    walletRollback: async ({ body, request }) => {
      await signedBy(request, body.vendor);
      return toReply(await rollback(ctx, body));
    },
  };
};
