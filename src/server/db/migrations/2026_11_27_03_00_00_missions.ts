import { sql, type Kysely } from 'kysely';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const JOURNAL_KINDS_BEFORE = ['EARN', 'REDEEM', 'REDEEM_REFUND', 'CONVERT', 'ADJUST'];
const JOURNAL_KINDS_AFTER = [...JOURNAL_KINDS_BEFORE, 'MISSION'];

const replaceJournalKindCheck = async (db: Kysely<any>, kinds: readonly string[]) => {
  await sql`alter table points_journal drop constraint points_journal_kind_check`.execute(db);
  await sql`alter table points_journal add constraint points_journal_kind_check check (kind in (${inList(kinds)})) not valid`.execute(db);
  await sql`alter table points_journal validate constraint points_journal_kind_check`.execute(db);
};

/**
 * Missions (MEMBER-17): the operators' definitions, and one claim per member, mission and period
 * (a unique key: a reward is taken once however many requests race for it). Progress is not stored:
 * it is read from the settled bets and the credited deposits of the period. Points rewards are a new
 * points journal kind, MISSION; cash rewards are PROMOTION_BONUS ledger entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await replaceJournalKindCheck(db, JOURNAL_KINDS_AFTER);

  await db.schema
    .createTable('missions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('DAILY', 'WEEKLY')`))
    .addColumn('goal', 'text', (c) => c.notNull().check(sql`goal in ('BET_AMOUNT', 'BET_ROUNDS', 'DEPOSIT_AMOUNT')`))
    // Cents for the amounts, a count for BET_ROUNDS.
    .addColumn('target', 'bigint', (c) => c.notNull().check(sql`target > 0`))
    .addColumn('reward_kind', 'text', (c) => c.notNull().check(sql`reward_kind in ('POINTS', 'CASH')`))
    // Points, or cents for CASH.
    .addColumn('reward', 'bigint', (c) => c.notNull().check(sql`reward > 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mission_claims')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('mission_id', 'integer', (c) => c.notNull().references('missions.id').onDelete('restrict'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    // The reward as it was when taken (an operator may change the mission later).
    .addColumn('reward_kind', 'text', (c) => c.notNull().check(sql`reward_kind in ('POINTS', 'CASH')`))
    .addColumn('reward', 'bigint', (c) => c.notNull().check(sql`reward > 0`))
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('mission_claims_once', ['mission_id', 'member_id', 'period_start'])
    .execute();
  await sql`create index mission_claims_time on mission_claims (claimed_at, member_id)`.execute(db);
  await sql`create index mission_claims_member on mission_claims (member_id, claimed_at desc)`.execute(db);
  // Deposit progress reads a member's credited deposits by the time they were credited.
  await sql`create index deposit_orders_member_credited on deposit_orders (member_id, resolved_at) where status = 'CREDITED'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists deposit_orders_member_credited`.execute(db);
  await db.schema.dropTable('mission_claims').ifExists().execute();
  await db.schema.dropTable('missions').ifExists().execute();
  // Refused while the journal holds MISSION entries: the journal is append-only.
  await replaceJournalKindCheck(db, JOURNAL_KINDS_BEFORE);
}
