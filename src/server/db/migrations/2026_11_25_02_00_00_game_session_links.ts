import { sql, type Kysely } from 'kysely';

/**
 * A game session belongs to the member session that launched it (and ends with it); a round and a
 * lottery ticket carry the client's request id, so a retried request never plays twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Null for sessions opened before this change and for seeded history: those take no new bets.
  await db.schema.alterTable('house_sessions').addColumn('member_session_hash', 'text').execute();
  for (const table of ['house_rounds', 'lottery_tickets']) {
    await db.schema.alterTable(table).addColumn('request_id', 'text').addColumn('request_hash', 'text').execute();
    await sql`create unique index ${sql.raw(`${table}_request`)} on ${sql.table(table)} (member_id, request_id) where request_id is not null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['house_rounds', 'lottery_tickets']) {
    await sql`drop index ${sql.raw(`${table}_request`)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('request_id').dropColumn('request_hash').execute();
  }
  await db.schema.alterTable('house_sessions').dropColumn('member_session_hash').execute();
}
