import { sql, type Kysely } from 'kysely';

/**
 * The chat room (MEMBER-25): live models (operator-kept, each in one chat room), the rooms' messages
 * (sender's name stored masked; an operator may hide one), and one row per sender holding the time
 * of the last accepted message, so the send rate holds on every node (an atomic upsert decides).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_models')
    .addColumn('model_id', 'text', (c) => c.primaryKey())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.room_id').onDelete('restrict'))
    .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('chat_rooms.room_id').onDelete('restrict'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 200`))
    .addColumn('hidden_at', 'timestamptz')
    .addColumn('hidden_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index chat_messages_room on chat_messages (room_id, id desc) where hidden_at is null`.execute(db);

  await db.schema
    .createTable('chat_senders')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_senders').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('live_models').execute();
}
