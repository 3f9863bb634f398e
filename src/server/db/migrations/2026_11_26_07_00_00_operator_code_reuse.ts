import type { Kysely } from 'kysely';

/**
 * An authenticator code stays valid for its whole 30 s period (and the tolerance around it): each
 * operator remembers the time step of the last code it signed in with, so that code, or an older
 * one, cannot sign in again. Null: no code accepted yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('totp_last_step', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('totp_last_step').execute();
}
