import { sql, type Kysely } from 'kysely';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const KINDS = ['DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME'];
const STATUSES = ['REQUESTED', 'VALID', 'TERMINATION_REQUESTED', 'REJECTED', 'TERMINATED', 'EXPIRED'];
const END_REASONS = ['REJECTED', 'OFFER_EXPIRED', 'WITHDRAWN', 'REPLACED', 'AGREED', 'TERMINATION_UNANSWERED', 'UPLINE_RATE_LOWERED', 'UPLINE_CONTRACT_ENDED'];

/**
 * Agents' contracts and their bills (docs/contracts.md). A bill is unique per contract and window,
 * and is written in the same transaction as the ledger postings that pay it: that pair is what
 * makes a settlement job pay each window once, however many times and on however many nodes it runs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contracts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(KINDS)})`))
    .addColumn('holder_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    // null: the platform offered it (a top-level agent's contract) and pays it.
    .addColumn('offerer_id', 'bigint', (c) => c.references('members.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(STATUSES)})`))
    // Amounts in cents and rates in basis points of a percent (services/contracts/terms.ts).
    .addColumn('terms', 'jsonb', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The deadline of what the contract waits for: the offer's answer, then a termination request's.
    .addColumn('answer_by', 'timestamptz')
    .addColumn('valid_from', 'timestamptz')
    .addColumn('termination_requested_by', 'text', (c) => c.check(sql`termination_requested_by in ('UPLINE', 'DOWNLINE')`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text', (c) => c.check(sql`end_reason in (${inList(END_REASONS)})`))
    // Every window ending at or before this is billed; null until the first bill.
    .addColumn('settled_until', 'timestamptz')
    .addCheckConstraint('contracts_not_own_offerer', sql`offerer_id is null or offerer_id <> holder_id`)
    .addCheckConstraint('contracts_valid_from', sql`status not in ('VALID', 'TERMINATION_REQUESTED') or valid_from is not null`)
    .addCheckConstraint('contracts_termination', sql`(status = 'TERMINATION_REQUESTED') = (termination_requested_by is not null)`)
    .addCheckConstraint('contracts_ended', sql`(status in ('REJECTED', 'TERMINATED', 'EXPIRED')) = (ended_at is not null and end_reason is not null)`)
    .execute();
  // A holder has at most one contract of a kind in force, and at most one offer of it waiting.
  await sql`create unique index contracts_one_in_force on contracts (holder_id, kind) where status in ('VALID', 'TERMINATION_REQUESTED')`.execute(db);
  await sql`create unique index contracts_one_offer on contracts (holder_id, kind) where status = 'REQUESTED'`.execute(db);
  await db.schema.createIndex('contracts_offerer').on('contracts').columns(['offerer_id', 'kind']).execute();
  await sql`create index contracts_waiting on contracts (answer_by) where status in ('REQUESTED', 'TERMINATION_REQUESTED')`.execute(db);
  // What the settlement jobs scan: contracts in force, and ended ones whose last windows are not billed yet.
  await sql`create index contracts_to_settle on contracts (kind, id) where valid_from is not null and (ended_at is null or settled_until is null or settled_until < ended_at)`.execute(db);

  await db.schema
    .createTable('contract_bills')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(KINDS)})`))
    .addColumn('holder_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('payer_id', 'bigint', (c) => c.references('members.id').onDelete('restrict'))
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('window_end', 'timestamptz', (c) => c.notNull())
    .addColumn('valid_bet', 'bigint', (c) => c.notNull())
    .addColumn('profit_loss', 'bigint', (c) => c.notNull())
    .addColumn('active_members', 'integer', (c) => c.notNull())
    .addColumn('rate', 'integer')
    .addColumn('pay', 'bigint', (c) => c.notNull().check(sql`pay >= 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('ISSUED', 'NOT_REACHED', 'INSUFFICIENT')`))
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addUniqueConstraint('contract_bills_once_per_window', ['contract_id', 'window_start'])
    .addCheckConstraint('contract_bills_window', sql`window_end > window_start`)
    .addCheckConstraint('contract_bills_paid', sql`(state = 'ISSUED') = (transaction_id is not null) and (state <> 'NOT_REACHED' or pay = 0) and (state = 'NOT_REACHED' or pay > 0)`)
    .execute();
  await sql`create index contract_bills_holder on contract_bills (holder_id, kind, window_start desc)`.execute(db);
  await sql`create index contract_bills_payer on contract_bills (payer_id, window_start desc) where payer_id is not null`.execute(db);
  await sql`create index contract_bills_unpaid on contract_bills (window_end) where state = 'INSUFFICIENT'`.execute(db);

  // The team's settled bets of a window, member by member.
  await db.schema.createIndex('bets_member_settled').on('bets').columns(['member_id', 'settled_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bets_member_settled').execute();
  await db.schema.dropTable('contract_bills').execute();
  await db.schema.dropTable('contracts').execute();
}
