import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '@server/db/create-db';

/**
 * What must hold after any fault: the journal sums to zero overall and per transaction, no member
 * wallet is below zero, every balance equals the sum of its postings, and no movement happened twice
 * under two keys (one bet, one payout, one rollback per bet; one hold, release and payment per withdrawal).
 */
export const expectLedgerIntact = async (db: Db): Promise<void> => {
  const total = await sql<{ s: string | null }>`select sum(amount)::text as s from ledger_postings`.execute(db);
  expect(Number(total.rows[0]?.s ?? 0), 'the journal sums to zero').toBe(0);

  const unbalanced = await sql<{ id: number }>`select transaction_id as id from ledger_postings group by transaction_id having sum(amount) <> 0`.execute(db);
  expect(unbalanced.rows, 'every transaction sums to zero').toEqual([]);

  const negative = await db.selectFrom('ledger_accounts').select(['id', 'balance']).where('member_id', 'is not', null).where('balance', '<', 0).execute();
  expect(negative, 'no member wallet below zero').toEqual([]);

  const drift = await sql<{ id: number }>`
    select a.id from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`.execute(db);
  expect(drift.rows, 'every balance is the sum of its postings').toEqual([]);

  const twice = await sql<{ entry_type: string; reference: string; n: number }>`
    select entry_type, reference, count(*)::int as n from ledger_transactions
    where reference is not null and entry_type in ('BET', 'PAYOUT', 'ROLLBACK', 'TRANSFER_IN', 'TRANSFER_OUT', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE', 'WITHDRAWAL_PAID', 'DEPOSIT')
    group by entry_type, reference having count(*) > 1`.execute(db);
  expect(twice.rows, 'no movement posted twice').toEqual([]);
};
