import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import { serializeOn } from '../../db/advisory-locks';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { afterCommit, withEvents, type RecordEvent } from '../../socket/realtime';
import { betSettled } from '../contracts/running';
import { recordBalanceEvents } from '../ledger/balance-events';
import { placeBet, rollbackBet, settleBet, type BetResult } from '../ledger/bets';
import { ledgerOf, mainBalance } from '../ledger/ledger';

/**
 * The seamless-wallet protocol a game provider speaks to the platform: debit (a bet), credit (its
 * payout, 0 for a loss) and rollback (its stake returned). Every call is idempotent: a bet is
 * named by its debit's transaction id, so a retried debit, credit or rollback returns the first
 * answer and moves nothing again. A rollback of a bet the wallet never saw moves nothing, but voids
 * that debit should it arrive later (debit, rollback); a rollback after the payout is refused; credits and rollbacks are taken whenever they arrive,
 * game session expired or not. Money moves only through the ledger, and each move pushes
 * balance:updated after its commit.
 *
 * The *In variants run inside the caller's transaction (the house provider settles a whole round
 * in one); the others open their own.
 */

export interface DebitRequest {
  vendor: string;
  /** The provider's id of the debit; it names the bet from then on. */
  transactionId: string;
  memberId: number;
  gameType: string;
  gameCode: string;
  gameName: string;
  /** Cents, above zero. */
  amount: number;
  /** When the bet was placed; now unless given (history written after the fact). */
  at?: Date;
}

export interface CreditRequest {
  vendor: string;
  transactionId: string;
  /** The debit this credit pays. */
  betTransactionId: string;
  /** Cents; 0 settles a lost bet. */
  amount: number;
  at?: Date;
}

export interface RollbackRequest {
  vendor: string;
  transactionId: string;
  betTransactionId: string;
}

export type BetState = 'OPEN' | 'SETTLED' | 'ROLLED_BACK' | 'UNKNOWN';

export interface WalletReply {
  betId: string;
  status: BetState;
  /** The member's main balance after the call, in cents; null for a rollback of an unknown bet. */
  balance: number | null;
}

type Trx = Transaction<Database>;

/** The platform's id of a provider's bet: vendor-scoped, so two vendors' ids never collide. */
export const providerBetId = (vendor: string, debitTransactionId: string): string => `${vendor}:${debitTransactionId}`;

/** The provider's debit transaction id inside a platform bet id. */
export const debitTransactionIdOf = (vendor: string, betId: string): string => {
  if (!betId.startsWith(`${vendor}:`)) throw new Error(`bet ${betId} is not a ${vendor} bet`);
  return betId.slice(vendor.length + 1);
};

const reply = async (trx: Trx, record: RecordEvent, result: BetResult): Promise<WalletReply> => {
  if (result.posted) await recordBalanceEvents(trx, record, result.posted);
  return { betId: result.bet.bet_id, status: result.bet.status, balance: await mainBalance(trx, result.bet.member_id) };
};

const checkAmount = (amount: number, allowZero: boolean) => {
  if (!Number.isSafeInteger(amount) || amount < 0 || (!allowZero && amount === 0)) throw new ApiError('AMOUNT_OUT_OF_RANGE', `Invalid amount ${amount}`);
};

export const debitIn = async (ctx: AppContext, trx: Trx, record: RecordEvent, req: DebitRequest): Promise<WalletReply> => {
  checkAmount(req.amount, false);
  const result = await placeBet(trx, ledgerOf(ctx), {
    betId: providerBetId(req.vendor, req.transactionId),
    memberId: req.memberId,
    vendor: req.vendor,
    gameType: req.gameType,
    gameCode: req.gameCode,
    gameName: req.gameName,
    stake: req.amount,
    at: req.at,
  });
  return reply(trx, record, result);
};

export const creditIn = async (ctx: AppContext, trx: Trx, record: RecordEvent, req: CreditRequest): Promise<WalletReply> => {
  checkAmount(req.amount, true);
  const result = await settleBet(trx, ledgerOf(ctx), { betId: providerBetId(req.vendor, req.betTransactionId), payout: req.amount, at: req.at });
  // The real-time salary's running window counts the bet once it has committed (docs/contracts.md).
  const { member_id: memberId, settled_at: settledAt } = result.bet;
  if (settledAt) afterCommit(trx, () => void betSettled(ctx, memberId, new Date(settledAt)).catch((err: unknown) => ctx.log.warn({ err, memberId }, 'running salary push failed')));
  return reply(trx, record, result);
};

export const rollbackIn = async (ctx: AppContext, trx: Trx, record: RecordEvent, req: RollbackRequest): Promise<WalletReply> => {
  const betId = providerBetId(req.vendor, req.betTransactionId);
  const result = await rollbackBet(trx, ledgerOf(ctx), { betId });
  if (!result) return { betId, status: 'UNKNOWN', balance: null };
  return reply(trx, record, result);
};

/**
 * A debit or rollback from an external vendor may overtake the other on the network. Both take a lock
 * on the bet's id first, so a rollback that finds no debit leaves a void behind that the debit, when
 * it comes, sees: it then moves nothing and answers ROLLED_BACK.
 */
const lockBetId = (trx: Trx, betId: string) => serializeOn(trx, [`seamless-bet:${betId}`]);

export const debit = (ctx: AppContext, req: DebitRequest) =>
  withEvents(ctx, async (trx, record) => {
    const betId = providerBetId(req.vendor, req.transactionId);
    await lockBetId(trx, betId);
    const voided = await trx.selectFrom('seamless_voids').select('bet_id').where('bet_id', '=', betId).executeTakeFirst();
    if (voided) return { betId, status: 'ROLLED_BACK' as const, balance: await mainBalance(trx, req.memberId) };
    return debitIn(ctx, trx, record, req);
  });

export const credit = (ctx: AppContext, req: CreditRequest) => withEvents(ctx, (trx, record) => creditIn(ctx, trx, record, req));

export const rollback = (ctx: AppContext, req: RollbackRequest) =>
  withEvents(ctx, async (trx, record) => {
    const betId = providerBetId(req.vendor, req.betTransactionId);
    await lockBetId(trx, betId);
    const reply = await rollbackIn(ctx, trx, record, req);
    if (reply.status === 'UNKNOWN') {
      await trx
        .insertInto('seamless_voids')
        .values({ bet_id: betId, rollback_transaction_id: req.transactionId })
        .onConflict((oc) => oc.column('bet_id').doNothing())
        .execute();
    }
    return reply;
  });
