import { sql, type Kysely } from 'kysely';

/**
 * Red envelopes (MEMBER-15): campaigns operators define (a total shared out at random among a
 * number of envelopes, each holding at least a minimum, for members whose deposits in the period
 * reach a threshold) and the envelopes taken, one per member and campaign (a unique key). What is
 * left is kept on the campaign row, which each grab locks, and can never go below zero. Money in
 * cents; an envelope reaches the wallet through the ledger as RED_ENVELOPE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('red_envelope_campaigns')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull().check(sql`total_amount > 0`))
    .addColumn('envelope_count', 'integer', (c) => c.notNull().check(sql`envelope_count > 0`))
    .addColumn('min_amount', 'bigint', (c) => c.notNull().check(sql`min_amount > 0`))
    .addColumn('min_deposit', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`min_deposit >= 0`))
    .addColumn('remaining_amount', 'bigint', (c) => c.notNull().check(sql`remaining_amount >= 0`))
    .addColumn('remaining_count', 'integer', (c) => c.notNull().check(sql`remaining_count >= 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('red_envelope_campaigns_period', sql`ends_at > starts_at`)
    // Every envelope left can still hold the minimum: the random split never runs dry early.
    .addCheckConstraint('red_envelope_campaigns_enough', sql`remaining_amount >= remaining_count * min_amount`)
    .execute();

  await db.schema
    .createTable('red_envelope_grabs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('campaign_id', 'bigint', (c) => c.notNull().references('red_envelope_campaigns.id').onDelete('restrict'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('transaction_id', 'bigint', (c) => c.notNull())
    .addColumn('grabbed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('red_envelope_grabs_once', ['campaign_id', 'member_id'])
    .execute();
  await db.schema.createIndex('red_envelope_grabs_member').on('red_envelope_grabs').columns(['member_id', 'campaign_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['red_envelope_grabs', 'red_envelope_campaigns']) await db.schema.dropTable(table).ifExists().execute();
}
