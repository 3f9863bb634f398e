import { sql, type Kysely } from 'kysely';

const ENTRY_TYPES = [
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
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The double-entry ledger, bets, deposits, withdrawals, platform messages, announcements and job windows. */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per member wallet (MAIN, a vendor code, HOLD) and per shard of each system account.
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.references('members.id').onDelete('restrict'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A member's wallet never goes below zero, whatever the code does; system accounts are the
    // other side of every movement and may.
    .addCheckConstraint('ledger_accounts_no_overdraft', sql`member_id is null or balance >= 0`)
    .addCheckConstraint('ledger_accounts_member_shard', sql`member_id is null or shard = 0`)
    .execute();
  await sql`create unique index ledger_accounts_member_code on ledger_accounts (member_id, code) where member_id is not null`.execute(db);
  await sql`create unique index ledger_accounts_system_code on ledger_accounts (code, shard) where member_id is null`.execute(db);

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entry_type', 'text', (c) => c.notNull().check(sql`entry_type in (${inList(ENTRY_TYPES)})`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('member_id', 'bigint')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_postings_transaction').on('ledger_postings').column('transaction_id').execute();
  await sql`create index ledger_postings_member_time on ledger_postings (member_id, created_at desc, id desc) where member_id is not null`.execute(db);

  // The journal is append-only, and every transaction's postings sum to zero when it commits.
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception 'the ledger journal is append-only'; end $$`.execute(db);
  for (const table of ['ledger_transactions', 'ledger_postings']) {
    await sql`create trigger ${sql.raw(`${table}_no_change`)} before update or delete on ${sql.table(table)}
      for each row execute function ledger_append_only()`.execute(db);
  }
  await sql`
    create function ledger_postings_balanced() returns trigger language plpgsql as $$
    begin
      if (select coalesce(sum(amount), 0) from ledger_postings where transaction_id = new.transaction_id) <> 0 then
        raise exception 'ledger transaction % does not balance', new.transaction_id using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_postings_sum_zero after insert on ledger_postings
    deferrable initially deferred for each row execute function ledger_postings_balanced()`.execute(db);

  // Bets as the game provider reports them; the ledger holds the money side.
  await db.schema
    .createTable('bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bet_id', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('wallet', 'text', (c) => c.notNull().defaultTo('MAIN'))
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`payout >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN').check(sql`status in ('OPEN', 'SETTLED', 'ROLLED_BACK')`))
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('rebated_at', 'timestamptz')
    .addColumn('bet_transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('settle_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .execute();
  await db.schema.createIndex('bets_member_time').on('bets').columns(['member_id', 'placed_at']).execute();

  await db.schema
    .createTable('payment_channels')
    .addColumn('channel_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('BANK_TRANSFER', 'E_WALLET', 'QR')`))
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('payee_bank', 'text')
    .addColumn('payee_account_name', 'text')
    .addColumn('payee_account_no', 'text')
    .addColumn('qr_payload', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('payment_channels_bounds', sql`min_amount > 0 and max_amount >= min_amount`)
    .execute();

  await db.schema
    .createTable('deposit_orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('payment_channels.channel_id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'CREDITED', 'FAILED')`))
    .addColumn('payer_name', 'text')
    .addColumn('reference', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('resolved_by', 'text')
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addUniqueConstraint('deposit_orders_request', ['member_id', 'request_id'])
    .execute();
  await db.schema.createIndex('deposit_orders_member_time').on('deposit_orders').columns(['member_id', 'created_at']).execute();
  await db.schema.createIndex('deposit_orders_status').on('deposit_orders').columns(['status', 'id']).execute();

  // Each provider notice is taken once: its event id is stored in the transaction that acts on it.
  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('removed_at', 'timestamptz')
    .execute();
  await sql`create unique index bank_accounts_live on bank_accounts (member_id, account_no) where removed_at is null`.execute(db);

  await db.schema
    .createTable('withdrawal_orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('restrict'))
    .addColumn('bank_account_id', 'bigint', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('PENDING').check(sql`status in ('PENDING', 'APPROVED', 'DISBURSED', 'RECEIVED', 'NOT_RECEIVED', 'REJECTED')`),
    )
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('payout_reference', 'text')
    .addColumn('received_amount', 'bigint')
    .addColumn('remark', 'text')
    .addColumn('forced', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hold_transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('settle_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('disbursed_at', 'timestamptz')
    .addColumn('auto_receive_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addUniqueConstraint('withdrawal_orders_request', ['member_id', 'request_id'])
    .execute();
  await db.schema.createIndex('withdrawal_orders_member_time').on('withdrawal_orders').columns(['member_id', 'created_at']).execute();
  await sql`create index withdrawal_orders_auto_receive on withdrawal_orders (auto_receive_at) where status = 'DISBURSED'`.execute(db);

  await db.schema
    .createTable('withdrawal_proofs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('withdrawal_id', 'bigint', (c) => c.notNull().references('withdrawal_orders.id'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('template', 'text')
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('messages_member').on('messages').columns(['member_id', 'id']).execute();
  await sql`create index messages_unread on messages (member_id) where read_at is null`.execute(db);

  await db.schema
    .createTable('announcements')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('PL', 'PU', 'PR', 'H')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('promotion_type', 'text')
    .addColumn('execution', 'text', (c) => c.check(sql`execution in ('A', 'B', 'F')`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('announcements_popup_execution', sql`type <> 'PU' or execution is not null`)
    .execute();

  // One row per job and window: a node that inserts it runs the window; the others skip it.
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('processed', 'integer')
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'window_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'job_runs',
    'announcements',
    'messages',
    'withdrawal_proofs',
    'withdrawal_orders',
    'bank_accounts',
    'payment_webhook_events',
    'deposit_orders',
    'payment_channels',
    'bets',
    'ledger_postings',
    'ledger_transactions',
    'ledger_accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
  await sql`drop function if exists ledger_postings_balanced()`.execute(db);
  await sql`drop function if exists ledger_append_only()`.execute(db);
}
