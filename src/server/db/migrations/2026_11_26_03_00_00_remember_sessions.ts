import type { Kysely } from 'kysely';

/** A remember-me token remembers the session it was given with, so that session's logout revokes it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('remember_tokens').addColumn('session_hash', 'text').execute();
  await db.schema.createIndex('remember_tokens_session').on('remember_tokens').column('session_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('remember_tokens_session').execute();
  await db.schema.alterTable('remember_tokens').dropColumn('session_hash').execute();
}
