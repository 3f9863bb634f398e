import { memberRoom } from '@shared/contract/socket';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { forgetOnCommit, type RecordEvent } from '../../socket/realtime';
import { mainBalance, type Posted } from './ledger';
import { toMoney } from './money';

/**
 * Records `balance:updated` for every member a transaction touched, in that transaction, so the
 * push leaves only after the commit, and makes every node forget those members' cached balances
 * once it commits (before the push: a client that reads on the push reads the new balance).
 * A replayed transaction moved nothing and announces nothing.
 */
export const recordBalanceEvents = async (trx: Transaction<Database>, record: RecordEvent, posted: Posted): Promise<void> => {
  if (posted.replayed) return;
  const byMember = new Map<number, Map<string, number>>();
  for (const p of posted.postings) {
    if (p.memberId === null) continue;
    const wallets = byMember.get(p.memberId) ?? new Map<string, number>();
    wallets.set(p.code, p.balanceAfter);
    byMember.set(p.memberId, wallets);
  }
  for (const [memberId, wallets] of byMember) {
    forgetOnCommit(trx, 'balance', memberId);
    const main = wallets.get(MAIN_WALLET) ?? (await mainBalance(trx, memberId));
    await record(memberRoom(memberId), 'balance:updated', {
      balance: toMoney(main),
      wallets: [...wallets].map(([wallet, balance]) => ({ wallet, balance: toMoney(balance) })),
      entryType: posted.entryType,
      transactionId: posted.transactionId,
    });
  }
};
