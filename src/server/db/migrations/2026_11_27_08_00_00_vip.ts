import { sql, type Kysely } from 'kysely';

/**
 * VIP levels (MEMBER-16): the levels operators define (a unique rank, a name, the lifetime settled
 * stakes that reach it, an upgrade bonus) and the levels each member has reached, one row per
 * member and level (a unique key), which also carries that level's upgrade bonus until it is
 * claimed. A member's level is the highest rank among their rows, so it never goes down. Money in
 * cents; a bonus reaches the wallet through the ledger as PROMOTION_BONUS.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vip_levels')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('rank', 'integer', (c) => c.notNull().unique().check(sql`rank > 0`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('turnover', 'bigint', (c) => c.notNull().check(sql`turnover >= 0`))
    .addColumn('upgrade_bonus', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`upgrade_bonus >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('vip_reached')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('level_id', 'bigint', (c) => c.notNull().references('vip_levels.id').onDelete('restrict'))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bonus', 'bigint', (c) => c.notNull().check(sql`bonus >= 0`))
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('transaction_id', 'bigint')
    .addUniqueConstraint('vip_reached_once', ['member_id', 'level_id'])
    .addCheckConstraint('vip_reached_claim', sql`(claimed_at is null) = (transaction_id is null)`)
    .execute();
  await db.schema.createIndex('vip_reached_level').on('vip_reached').column('level_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['vip_reached', 'vip_levels']) await db.schema.dropTable(table).ifExists().execute();
}
