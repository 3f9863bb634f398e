import { sql, type Kysely } from 'kysely';

/**
 * Event ids in commit order. An outbox row's serial id is taken when it is written, so two
 * overlapping transactions can commit their events out of id order, and a client that already
 * holds the later id would never be replayed the earlier one. The id clients see (`seq`) is given
 * after commit, by one sequencer at a time, in the order the rows became visible.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('seq', 'bigint').execute();
  // Rows already sent keep the ids their clients hold.
  await sql`update events set seq = id`.execute(db);
  await db.schema.createIndex('events_seq').on('events').column('seq').unique().execute();
  await db.schema.createIndex('events_room_seq').on('events').columns(['room', 'seq']).execute();
  await sql`create index events_unsequenced on events (id) where seq is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_unsequenced').execute();
  await db.schema.dropIndex('events_room_seq').execute();
  await db.schema.dropIndex('events_seq').execute();
  await db.schema.alterTable('events').dropColumn('seq').execute();
}
