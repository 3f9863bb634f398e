import { sql, type Kysely } from 'kysely';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The ledger's entry types before and after this migration: a goods item's cash price and its refund join them. */
const ENTRY_TYPES_BEFORE = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL_PAID',
  'TRANSFER_OUT',
  'TRANSFER_IN',
  'BET',
  'PAYOUT',
  'ROLLBACK',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'SALARY',
  'DIVIDEND',
  'REBATE',
  'PROMOTION_BONUS',
  'RED_ENVELOPE',
  'POINTS_CONVERSION',
  'OPERATOR_ADJUSTMENT',
];
const ENTRY_TYPES_AFTER = [...ENTRY_TYPES_BEFORE, 'POINTS_REDEEM', 'POINTS_REDEEM_REFUND'];

const JOURNAL_KINDS = ['EARN', 'REDEEM', 'REDEEM_REFUND', 'CONVERT', 'ADJUST'];
const REDEEM_STATUSES = ['PROCESSING', 'APPROVED', 'REJECTED'];

const DEFAULT_RULES =
  '<p>Earn 1 point for every 1.00 of settled bets, credited within minutes after each 5-minute period.</p>' +
  '<p>Redeem goods in the points mall, or convert points into wallet balance at 100 points per 1.00 (at least 1,000 points at a time).</p>' +
  '<p>Points never expire.</p>';

const replaceEntryTypeCheck = async (db: Kysely<any>, types: readonly string[]) => {
  await sql`alter table ledger_transactions drop constraint ledger_transactions_entry_type_check`.execute(db);
  // NOT VALID then VALIDATE: the journal is checked without blocking writes to it for the whole scan.
  await sql`alter table ledger_transactions add constraint ledger_transactions_entry_type_check check (entry_type in (${inList(types)})) not valid`.execute(db);
  await sql`alter table ledger_transactions validate constraint ledger_transactions_entry_type_check`.execute(db);
};

/**
 * The points mall (MEMBER-05..09): each member's points (never below zero), an append-only journal of
 * every change (unique per kind, reference and member, which makes accrual and refunds idempotent),
 * the goods, the redeem orders, and the settings. Points never expire: nothing here removes them over
 * time. Ratios are kept as integers, in millionths, so a conversion rounds exactly.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await replaceEntryTypeCheck(db, ENTRY_TYPES_AFTER);

  await db.schema
    .createTable('points_balances')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id').onDelete('restrict'))
    .addColumn('points', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Whatever the code does, a member never holds fewer than zero points, nor more than a trillion
    // (which keeps every sum of points an exact JavaScript number).
    .addCheckConstraint('points_balances_not_negative', sql`points >= 0`)
    .addCheckConstraint('points_balances_max', sql`points <= 1000000000000`)
    .execute();

  await db.schema
    .createTable('points_journal')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(JOURNAL_KINDS)})`))
    .addColumn('change', 'bigint', (c) => c.notNull().check(sql`change <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull().check(sql`balance_after >= 0`))
    // Points per currency unit in force when the entry was made, in millionths (100 points per 1.00: 100000000).
    .addColumn('ratio_millionths', 'bigint', (c) => c.notNull().check(sql`ratio_millionths > 0`))
    // Cents the entry moved in the wallet: what a conversion credited, what a redeem paid or its refund returned.
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount >= 0`))
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('points_journal_once', ['kind', 'reference', 'member_id'])
    .execute();
  await sql`create index points_journal_member_time on points_journal (member_id, created_at desc, id desc)`.execute(db);
  await sql`
    create function points_journal_append_only() returns trigger language plpgsql as $$
    begin raise exception 'the points journal is append-only'; end $$`.execute(db);
  await sql`create trigger points_journal_no_change before update or delete on points_journal
    for each row execute function points_journal_append_only()`.execute(db);

  await db.schema
    .createTable('points_rewards')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('points_required', 'bigint', (c) => c.notNull().check(sql`points_required > 0`))
    // Cash per item in cents, paid from the main wallet besides the points.
    .addColumn('amount_required', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount_required >= 0`))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('points_rewards_stock_not_negative', sql`stock >= 0`)
    .execute();
  await sql`create index points_rewards_shown on points_rewards (sort, id) where active`.execute(db);

  await db.schema
    .createTable('points_redeem_orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('reference_no', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('reward_id', 'integer', (c) => c.notNull().references('points_rewards.id').onDelete('restrict'))
    // The goods as they were when redeemed.
    .addColumn('reward_name', 'text', (c) => c.notNull())
    .addColumn('reward_type', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('points_total', 'bigint', (c) => c.notNull().check(sql`points_total > 0`))
    .addColumn('amount_total', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount_total >= 0`))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('mobile_num', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PROCESSING').check(sql`status in (${inList(REDEEM_STATUSES)})`))
    // The client's request id, or `auto:<uuid>` for a request that carried none.
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('payment_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('refund_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'text')
    .addColumn('note', 'text')
    .addUniqueConstraint('points_redeem_orders_request', ['member_id', 'request_id'])
    .addCheckConstraint('points_redeem_orders_reviewed', sql`(status = 'PROCESSING') = (reviewed_at is null)`)
    .addCheckConstraint('points_redeem_orders_paid', sql`(amount_total > 0) = (payment_transaction_id is not null)`)
    .execute();
  await sql`create index points_redeem_orders_member_time on points_redeem_orders (member_id, applied_at desc, id desc)`.execute(db);
  await db.schema.createIndex('points_redeem_orders_status').on('points_redeem_orders').columns(['status', 'id']).execute();

  // One row: the operators' settings and how far the accrual job has credited settled bets.
  await db.schema
    .createTable('points_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    // Points per currency unit when converting, in millionths.
    .addColumn('ratio_millionths', 'bigint', (c) => c.notNull().check(sql`ratio_millionths > 0`))
    .addColumn('min_convert_points', 'bigint', (c) => c.notNull().check(sql`min_convert_points >= 0`))
    // Points earned per currency unit of settled bets, in millionths (0: none).
    .addColumn('earn_millionths', 'bigint', (c) => c.notNull().check(sql`earn_millionths >= 0`))
    .addColumn('rules', 'text', (c) => c.notNull().defaultTo(''))
    // Settled bets up to here have earned their points; the mall earns from its installation on.
    .addColumn('earned_until', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('points_settings')
    .values({ id: 1, ratio_millionths: 100_000_000, min_convert_points: 1000, earn_millionths: 1_000_000, rules: DEFAULT_RULES })
    .execute();

  // The accrual job reads settled bets by settlement time. BRIN, not B-tree: it costs next to nothing on
  // the bet path (no entry per bet), and settlements are written in time order, which is what BRIN needs.
  await sql`create index bets_settled_brin on bets using brin (settled_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bets_settled_brin`.execute(db);
  for (const table of ['points_settings', 'points_redeem_orders', 'points_rewards', 'points_journal', 'points_balances']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists points_journal_append_only()`.execute(db);
  // Refused while the journal holds POINTS_REDEEM entries: those cannot be taken back.
  await replaceEntryTypeCheck(db, ENTRY_TYPES_BEFORE);
}
