import { randomUUID } from 'node:crypto';
import type { AppContext } from '@server/app-context';
import { recordBalanceEvents } from '@server/services/ledger/balance-events';
import { ledgerOf } from '@server/services/ledger/ledger';
import { withEvents } from '@server/socket/realtime';

/**
 * Credits a member's wallet through the ledger (an operator adjustment, in cents) as the server's postings go:
 * announced with balance:updated, and so forgotten by every node's balance cache once committed.
 */
export const testCredit = async (ctx: AppContext, memberId: number, cents: number, wallet = 'MAIN'): Promise<void> => {
  await withEvents(ctx, async (trx, record) => {
    const posted = await ledgerOf(ctx).post(trx, {
      entryType: 'OPERATOR_ADJUSTMENT',
      idempotencyKey: `test-credit:${randomUUID()}`,
      legs: [
        { account: { system: 'ADJUSTMENTS' }, amount: -cents },
        { account: { memberId, wallet }, amount: cents },
      ],
    });
    await recordBalanceEvents(trx, record, posted);
  });
};
