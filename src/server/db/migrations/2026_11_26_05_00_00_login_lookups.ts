import { sql, type Kysely } from 'kysely';

/**
 * Sign-in looks members up by lower(account) (usernames are matched regardless of case) and forgets expired
 * bot-check uses at every sign-in: without these indexes both scan their whole table once per sign-in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index members_account_lower on members (lower(account))`.execute(db);
  await db.schema.createIndex('bot_check_uses_expires').on('bot_check_uses').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bot_check_uses_expires').execute();
  await db.schema.dropIndex('members_account_lower').execute();
}
