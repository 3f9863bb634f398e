import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The vendor categories (game types) in lobby order, with their titles per language.
  await db.schema
    .createTable('game_categories')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('game_vendors')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    // Display names per language code; display_name is the fallback.
    .addColumn('names', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('logo_url', 'text', (c) => c.notNull())
    // HOUSE: served by the built-in provider; null: an external vendor with no connection here.
    .addColumn('provider', 'text')
    .addColumn('maintenance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Both a vendor's entry card in a category (kind LOBBY) and its games (kind GAME) are nodes.
  await db.schema
    .createTable('games')
    .addColumn('node_id', 'serial', (c) => c.primaryKey())
    .addColumn('vendor_code', 'text', (c) => c.notNull().references('game_vendors.code'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('GAME', 'LOBBY')`))
    .addColumn('game_type', 'text', (c) => c.notNull().references('game_categories.code'))
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text', (c) => c.notNull())
    .addColumn('game_classify', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_game', 'text', (c) => c.notNull().defaultTo('GAME'))
    .addColumn('is_hot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('free_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    // The house engine that plays it (slot, dice, crash, lottery); null for external games.
    .addColumn('engine', 'text')
    .addColumn('engine_config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('maintenance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('released_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('games_vendor_code_type', ['vendor_code', 'game_code', 'game_type'])
    .execute();
  await db.schema.createIndex('games_type_sort').on('games').columns(['game_type', 'kind', 'sort']).execute();

  await db.schema
    .createTable('favorite_games')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('node_id', 'integer', (c) => c.notNull().references('games.node_id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorite_games_pk', ['member_id', 'node_id'])
    .execute();

  await db.schema
    .createTable('recent_games')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('node_id', 'integer', (c) => c.notNull().references('games.node_id').onDelete('cascade'))
    .addColumn('played_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('recent_games_pk', ['member_id', 'node_id'])
    .execute();
  await db.schema.createIndex('recent_games_member_played').on('recent_games').columns(['member_id', 'played_at']).execute();

  // A launched house game. The signed URL carries its id; the row outlives the URL's expiry so
  // late payouts (lottery draws) still find it.
  await db.schema
    .createTable('house_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('node_id', 'integer', (c) => c.notNull().references('games.node_id'))
    .addColumn('free_play', 'boolean', (c) => c.notNull())
    .addColumn('demo_balance', 'bigint', (c) => c.check(sql`demo_balance >= 0`))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('house_sessions_demo_balance', sql`free_play = (demo_balance is not null)`)
    .execute();

  // Provably-fair seed pairs: one live pair per member and mode; rotating reveals the old seed.
  await db.schema
    .createTable('fairness_seeds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('free_play', 'boolean', (c) => c.notNull())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  await sql`create unique index fairness_seeds_live on fairness_seeds (member_id, free_play) where revealed_at is null`.execute(db);

  await db.schema
    .createTable('house_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('house_sessions.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('free_play', 'boolean', (c) => c.notNull())
    // The ledger bet of a real-money round (bets.bet_id); null in free play.
    .addColumn('bet_id', 'text', (c) => c.unique())
    .addColumn('seed_id', 'bigint', (c) => c.notNull().references('fairness_seeds.id').onDelete('cascade'))
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('payout', 'bigint', (c) => c.notNull().check(sql`payout >= 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('house_rounds_seed_nonce', ['seed_id', 'nonce'])
    .execute();
  await db.schema.createIndex('house_rounds_member').on('house_rounds').columns(['member_id', 'node_id', 'free_play', 'id']).execute();
  // The winner board reads the biggest recent real-money wins.
  await sql`create index house_rounds_wins on house_rounds (created_at) where not free_play and payout > 0`.execute(db);

  // Lottery draws: the seed hash is published when the draw opens, the seed when it is drawn.
  await db.schema
    .createTable('lottery_draws')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('issue_no', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('numbers', 'jsonb')
    .addColumn('drawn_at', 'timestamptz')
    .addUniqueConstraint('lottery_draws_game_issue', ['game_code', 'issue_no'])
    .execute();
  await db.schema.createIndex('lottery_draws_pending').on('lottery_draws').columns(['drawn_at', 'closes_at']).execute();
  await db.schema.createIndex('lottery_draws_game').on('lottery_draws').columns(['game_code', 'closes_at']).execute();

  await db.schema
    .createTable('lottery_tickets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('draw_id', 'bigint', (c) => c.notNull().references('lottery_draws.id'))
    .addColumn('session_id', 'uuid', (c) => c.notNull().references('house_sessions.id').onDelete('cascade'))
    .addColumn('member_id', 'bigint', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('free_play', 'boolean', (c) => c.notNull())
    .addColumn('bet_id', 'text', (c) => c.unique())
    .addColumn('bet_type', 'text', (c) => c.notNull())
    .addColumn('pick', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('payout', 'bigint', (c) => c.check(sql`payout >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN').check(sql`status in ('OPEN', 'WON', 'LOST')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('lottery_tickets_draw').on('lottery_tickets').columns(['draw_id', 'status']).execute();
  await db.schema.createIndex('lottery_tickets_member').on('lottery_tickets').columns(['member_id', 'node_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'lottery_tickets',
    'lottery_draws',
    'house_rounds',
    'fairness_seeds',
    'house_sessions',
    'recent_games',
    'favorite_games',
    'games',
    'game_vendors',
    'game_categories',
  ]) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
}
