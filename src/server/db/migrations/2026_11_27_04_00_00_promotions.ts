import { sql, type Kysely } from 'kysely';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const PROMOTION_TYPES = ['DEPOSIT', 'REBATE', 'RAFFLE', 'OTHER'];
const ENTRY_STATUSES = ['APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED', 'SIGNED'];

/**
 * Promotions and the reward centre (MEMBER-10..14): the promotions operators define (a raffle with
 * its weighted prizes), each member's one entry per promotion (unique: joining, applying and drawing
 * a raffle happen once, whatever the clicks), and the images sent with an application. Money in
 * cents; a bonus and a prize reach the wallet through the ledger as PROMOTION_BONUS.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${inList(PROMOTION_TYPES)})`))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('needs_application', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('bonus_amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`bonus_amount >= 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promotions_period', sql`ends_at > starts_at`)
    .execute();

  await db.schema
    .createTable('promotion_prizes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('promotion_id', 'bigint', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight > 0`))
    .addUniqueConstraint('promotion_prizes_position', ['promotion_id', 'position'])
    .execute();

  await db.schema
    .createTable('promotion_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('promotion_id', 'bigint', (c) => c.notNull().references('promotions.id').onDelete('restrict'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(ENTRY_STATUSES)})`))
    .addColumn('comment', 'text')
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount >= 0`))
    .addColumn('prize_name', 'text')
    .addColumn('reason', 'text')
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'text')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('transaction_id', 'bigint')
    // One entry per member and promotion: a double click, a retry or a race cannot join or draw twice.
    .addUniqueConstraint('promotion_entries_once', ['promotion_id', 'member_id'])
    .execute();
  await db.schema.createIndex('promotion_entries_status').on('promotion_entries').columns(['status', 'id']).execute();
  await db.schema.createIndex('promotion_entries_member').on('promotion_entries').columns(['member_id', 'status']).execute();

  await db.schema
    .createTable('promotion_entry_images')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('promotion_entries.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['promotion_entry_images', 'promotion_entries', 'promotion_prizes', 'promotions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
