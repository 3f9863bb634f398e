import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { formatAmount } from './orders';

const rebateOf = (stakes: number, ratePercent: number) => Math.floor((stakes * ratePercent) / 100);

const unrebatedStakes = (db: Db, memberId: number) =>
  db.selectFrom('bets').where('member_id', '=', memberId).where('status', '=', 'SETTLED').where('rebated_at', 'is', null);

export const rebateSummary = async (ctx: AppContext, memberId: number) => {
  const row = await unrebatedStakes(ctx.db, memberId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stake'), eb.val(0)).as('stakes'))
    .executeTakeFirstOrThrow();
  const stakes = Number(row.stakes);
  return {
    claimableAmount: toMoney(rebateOf(stakes, ctx.config.REBATE_RATE_PERCENT)),
    validBetAmount: toMoney(stakes),
    ratePercent: ctx.config.REBATE_RATE_PERCENT,
  };
};

/**
 * Credits the rebate of every settled, not yet rebated bet (REBATE entry) and marks those bets.
 * The same requestId returns the first claim; nothing to claim is INVALID_STATE.
 */
export const claimRebate = async (ctx: AppContext, memberId: number, requestId: string) =>
  withEvents(ctx, async (trx, record) => {
    const key = `rebate:${memberId}:${requestId}`;
    // Locking the bets first serialises claims of one member; a retry then finds the first claim.
    const bets = await unrebatedStakes(trx, memberId).select(['id', 'stake']).forUpdate().execute();
    const previous = await trx
      .selectFrom('ledger_transactions')
      .innerJoin('ledger_postings', 'ledger_postings.transaction_id', 'ledger_transactions.id')
      .select(['ledger_postings.amount', 'ledger_postings.balance_after'])
      .where('ledger_transactions.idempotency_key', '=', key)
      .where('ledger_postings.member_id', '=', memberId)
      .executeTakeFirst();
    if (previous) return { amount: toMoney(previous.amount), balance: toMoney(previous.balance_after) };
    const amount = rebateOf(bets.reduce((sum, b) => sum + b.stake, 0), ctx.config.REBATE_RATE_PERCENT);
    if (amount <= 0) throw new ApiError('INVALID_STATE', 'There is no rebate to claim');
    const posted = await ledgerOf(ctx).post(trx, {
      entryType: 'REBATE',
      idempotencyKey: key,
      reference: `rebate:${requestId}`,
      remark: `Rebate on ${bets.length} bets`,
      legs: [
        { account: { system: 'PROMOTIONS' }, amount: -amount },
        { account: { memberId, wallet: 'MAIN' }, amount },
      ],
    });
    await trx
      .updateTable('bets')
      .set({ rebated_at: posted.createdAt })
      .where('id', 'in', bets.map((b) => b.id))
      .execute();
    await recordBalanceEvents(trx, record, posted);
    await sendMessage(trx, record, { memberId, template: 'rebate.claimed', params: { amount: formatAmount(amount) } });
    const main = posted.postings.find((p) => p.memberId === memberId)!;
    return { amount: toMoney(amount), balance: toMoney(main.balanceAfter) };
  });
