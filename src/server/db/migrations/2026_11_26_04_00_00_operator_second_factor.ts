import { sql, type Kysely } from 'kysely';

/**
 * Operators sign in with an authenticator code as well as the password: each keeps its own TOTP
 * secret (null: not enrolled, so it cannot sign in). Operator sessions end when idle, so a session
 * remembers when it was last used.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('totp_secret', 'text').execute();
  await db.schema
    .alterTable('operator_sessions')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operator_sessions').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('operators').dropColumn('totp_secret').execute();
}
