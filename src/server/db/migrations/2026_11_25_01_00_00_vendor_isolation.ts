import { sql, type Kysely } from 'kysely';

/**
 * One bad item never blocks a job: an item a job cannot finish is set aside and written down here
 * for the operators (once per job and item, counting repeats), and a lottery ticket that cannot be
 * settled gets its own status. And a seamless-wallet rollback that arrives before its debit is
 * remembered, so the debit, when it comes, moves nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_incidents')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('problem', 'text', (c) => c.notNull())
    .addColumn('occurrences', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('job_incidents_job_subject', ['job', 'subject'])
    .execute();
  await db.schema.createIndex('job_incidents_last').on('job_incidents').column('last_at').execute();

  await sql`alter table lottery_tickets drop constraint lottery_tickets_status_check`.execute(db);
  await sql`alter table lottery_tickets add constraint lottery_tickets_status_check check (status in ('OPEN', 'WON', 'LOST', 'SET_ASIDE'))`.execute(db);

  await db.schema
    .createTable('seamless_voids')
    .addColumn('bet_id', 'text', (c) => c.primaryKey())
    .addColumn('rollback_transaction_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seamless_voids').execute();
  await sql`update lottery_tickets set status = 'OPEN' where status = 'SET_ASIDE'`.execute(db);
  await sql`alter table lottery_tickets drop constraint lottery_tickets_status_check`.execute(db);
  await sql`alter table lottery_tickets add constraint lottery_tickets_status_check check (status in ('OPEN', 'WON', 'LOST'))`.execute(db);
  await db.schema.dropTable('job_incidents').execute();
}
