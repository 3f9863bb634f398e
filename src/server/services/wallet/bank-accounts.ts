import type { Selectable } from 'kysely';
import { MAX_BANK_ACCOUNTS, type AddBankAccountRequest, type BankAccount } from '@shared/contract/wallet-payments';
import type { Db } from '../../db/create-db';
import type { BankAccountsTable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { verifyPaymentPassword } from './payment-password';

// A member's payout bank accounts: at most MAX_BANK_ACCOUNTS live ones; removal is soft, so past withdrawals keep theirs.

type BankRow = Selectable<BankAccountsTable>;

/** How an account number is shown anywhere outside the bank_accounts table. */
export const maskAccountNo = (accountNo: string) => `****${accountNo.slice(-4)}`;

const toBankAccount = (row: BankRow): BankAccount => ({
  bankAccountId: row.id,
  bankName: row.bank_name,
  accountName: row.account_name,
  accountNoMasked: maskAccountNo(row.account_no),
  createdAt: new Date(row.created_at).toISOString(),
});

export const listBankAccounts = async (db: Db, memberId: number): Promise<BankAccount[]> => {
  const rows = await db.selectFrom('bank_accounts').selectAll().where('member_id', '=', memberId).where('removed_at', 'is', null).orderBy('id').execute();
  return rows.map(toBankAccount);
};

export const addBankAccount = async (db: Db, memberId: number, body: AddBankAccountRequest): Promise<BankAccount> => {
  await verifyPaymentPassword(db, memberId, body.paymentPassword);
  return db.transaction().execute(async (trx) => {
    // Serialises binds of one member, so the limit holds under concurrent requests.
    await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
    const live = await trx.selectFrom('bank_accounts').select(['account_no']).where('member_id', '=', memberId).where('removed_at', 'is', null).execute();
    if (live.some((r) => r.account_no === body.accountNo)) throw new ApiError('CONFLICT', 'This bank account is already bound');
    if (live.length >= MAX_BANK_ACCOUNTS) throw new ApiError('BANK_ACCOUNT_LIMIT', `At most ${MAX_BANK_ACCOUNTS} bank accounts`);
    const row = await trx
      .insertInto('bank_accounts')
      .values({ member_id: memberId, bank_name: body.bankName, account_name: body.accountName, account_no: body.accountNo })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toBankAccount(row);
  });
};

export const removeBankAccount = async (db: Db, memberId: number, bankAccountId: number): Promise<BankAccount> => {
  const row = await db
    .updateTable('bank_accounts')
    .set({ removed_at: new Date() })
    .where('id', '=', bankAccountId)
    .where('member_id', '=', memberId)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', `No bank account ${bankAccountId}`);
  return toBankAccount(row);
};
