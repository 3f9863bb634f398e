import { sql, type Selectable, type Transaction } from 'kysely';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { BetsTable, Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Ledger, Posted } from './ledger';

export type BetRow = Selectable<BetsTable>;

export interface PlaceBet {
  /** The provider's id for the bet (its debit transaction id): the idempotency key. */
  betId: string;
  memberId: number;
  vendor: string;
  gameType: string;
  gameCode: string;
  gameName: string;
  /** Cents, above zero. */
  stake: number;
  /** The wallet the stake comes from; MAIN in seamless mode. */
  wallet?: string;
  /** When the bet was placed; now unless given (history written after the fact). */
  at?: Date;
}

export interface BetResult {
  bet: BetRow;
  /** The ledger transaction of this step; null when the step moved no money (a zero payout). */
  posted: Posted | null;
}

const lockBet = (trx: Transaction<Database>, betId: string) =>
  trx.selectFrom('bets').selectAll().where('bet_id', '=', betId).forUpdate().executeTakeFirst();

/**
 * The money side of the seamless-wallet protocol for game providers: debit (bet), credit (payout)
 * and rollback, each idempotent by the provider's bet id. Call them inside a transaction and
 * announce `posted` with recordBalanceEvents.
 */
export const placeBet = async (trx: Transaction<Database>, ledger: Ledger, input: PlaceBet): Promise<BetResult> => {
  const wallet = input.wallet ?? MAIN_WALLET;
  // The bet row goes in the movement's statement: one round trip per bet instead of two.
  const { posted, row } = await ledger.postWith(
    trx,
    {
      entryType: 'BET',
      idempotencyKey: `bet:${input.betId}`,
      reference: input.betId,
      remark: `${input.vendor} ${input.gameName}`,
      legs: [
        { account: { memberId: input.memberId, wallet }, amount: -input.stake },
        { account: { system: 'GAMING' }, amount: input.stake },
      ],
      at: input.at,
    },
    sql<BetRow>`
      insert into bets (bet_id, member_id, vendor, game_type, game_code, game_name, wallet, stake, bet_transaction_id, placed_at)
      select ${input.betId}, ${input.memberId}, ${input.vendor}, ${input.gameType}, ${input.gameCode}, ${input.gameName}, ${wallet},
        ${input.stake}, claimed.id, claimed.created_at
      from claimed
      returning *`,
  );
  if (row) return { bet: row, posted };
  const bet = await lockBet(trx, input.betId);
  if (!bet) throw new Error(`bet ${input.betId} has a ledger entry but no bet row`);
  return { bet, posted };
};

/**
 * Settles an open bet with its payout in cents (0 for a loss). Settling again with the same payout
 * returns the first result; another payout is IDEMPOTENCY_CONFLICT; a rolled-back bet is
 * INVALID_STATE; an unknown bet is NOT_FOUND. Accepted whenever it arrives (game sessions may
 * have expired by then).
 */
export const settleBet = async (trx: Transaction<Database>, ledger: Ledger, input: { betId: string; payout: number; at?: Date }): Promise<BetResult> => {
  const bet = await lockBet(trx, input.betId);
  if (!bet) throw new ApiError('NOT_FOUND', `No bet ${input.betId}`);
  if (bet.status === 'ROLLED_BACK') throw new ApiError('INVALID_STATE', `Bet ${input.betId} was rolled back`);
  if (bet.status === 'SETTLED') {
    if (bet.payout !== input.payout) throw new ApiError('IDEMPOTENCY_CONFLICT', `Bet ${input.betId} was settled with another payout`);
    return { bet, posted: null };
  }
  const posted =
    input.payout > 0
      ? await ledger.post(trx, {
          entryType: 'PAYOUT',
          idempotencyKey: `payout:${input.betId}`,
          reference: input.betId,
          remark: `${bet.vendor} ${bet.game_name}`,
          legs: [
            { account: { system: 'GAMING' }, amount: -input.payout },
            { account: { memberId: bet.member_id, wallet: bet.wallet }, amount: input.payout },
          ],
          at: input.at,
        })
      : null;
  const settled = await trx
    .updateTable('bets')
    .set({ status: 'SETTLED', payout: input.payout, settled_at: posted?.createdAt ?? input.at ?? new Date(), settle_transaction_id: posted?.transactionId ?? null })
    .where('id', '=', bet.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { bet: settled, posted };
};

/**
 * Returns an open bet's stake. An unknown bet changes nothing (null); a settled bet is
 * INVALID_STATE (a rollback after its payout is refused); rolling back twice returns the first result.
 */
export const rollbackBet = async (trx: Transaction<Database>, ledger: Ledger, input: { betId: string }): Promise<BetResult | null> => {
  const bet = await lockBet(trx, input.betId);
  if (!bet) return null;
  if (bet.status === 'SETTLED') throw new ApiError('INVALID_STATE', `Bet ${input.betId} is already paid out`);
  if (bet.status === 'ROLLED_BACK') return { bet, posted: null };
  const posted = await ledger.post(trx, {
    entryType: 'ROLLBACK',
    idempotencyKey: `rollback:${input.betId}`,
    reference: input.betId,
    remark: `${bet.vendor} ${bet.game_name}`,
    legs: [
      { account: { system: 'GAMING' }, amount: -bet.stake },
      { account: { memberId: bet.member_id, wallet: bet.wallet }, amount: bet.stake },
    ],
  });
  const rolledBack = await trx
    .updateTable('bets')
    .set({ status: 'ROLLED_BACK', settled_at: posted.createdAt, settle_transaction_id: posted.transactionId })
    .where('id', '=', bet.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { bet: rolledBack, posted };
};
