import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Feedback from visitors and members (member_id set when the sender was signed in).
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('question_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();

  await db.schema
    .createTable('chat_rooms')
    .addColumn('room_id', 'text', (c) => c.primaryKey())
    .addColumn('room_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  // Which demo data sets have been applied: each is applied once, so later operator edits
  // (deletions included) survive restarts.
  await db.schema
    .createTable('seed_applied')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['seed_applied', 'chat_rooms', 'feedback']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
