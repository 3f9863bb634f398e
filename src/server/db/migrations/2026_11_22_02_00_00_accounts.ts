import { sql, type Kysely } from 'kysely';

/** Accounts: profiles, IP registry, SMS codes, captchas, bot-check replay guard, two-factor, resets, social sign-in. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('icon_id', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  // A session born from a default or expired (enforced) password may only change it or log out.
  await db.schema
    .alterTable('sessions')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('member_profiles')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('mobile_dialing_code', 'text')
    .addColumn('mobile_num', 'text')
    .addColumn('email', 'text')
    .addColumn('payee_name', 'text')
    .addColumn('bank_account_name', 'text')
    .addColumn('payment_password_hash', 'text')
    .addColumn('upline_id', 'bigint', (c) => c.references('members.id').onDelete('set null'))
    .addColumn('affiliate_code', 'text')
    .addColumn('referral_code', 'text')
    .addColumn('register_method', 'text', (c) => c.notNull())
    .addColumn('register_url', 'text')
    .addColumn('register_domain', 'text')
    .addColumn('register_ip', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addCheckConstraint('member_profiles_mobile_pair', sql`(mobile_num is null) = (mobile_dialing_code is null)`)
    .execute();
  await sql`create unique index member_profiles_mobile on member_profiles (mobile_dialing_code, mobile_num) where mobile_num is not null`.execute(db);
  await db.schema.createIndex('member_profiles_email').on('member_profiles').column('email').execute();

  await db.schema
    .createTable('affiliate_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('domain', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The IP registry behind two-factor login.
  await db.schema
    .createTable('member_ips')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('member_ips_pk', ['member_id', 'ip'])
    .execute();

  // Sliding-window counters (failed logins, resets, free-play accounts) shared by every node.
  await db.schema
    .createTable('rate_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rate_events_bucket_time').on('rate_events').columns(['bucket', 'created_at']).execute();

  // Temporary account and IP locks; customer service lifts one by deleting its row.
  await db.schema
    .createTable('access_locks')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('dialing_code', 'text', (c) => c.notNull())
    .addColumn('mobile_num', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sms_codes_number').on('sms_codes').columns(['dialing_code', 'mobile_num', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();

  // Each bot-check solution is accepted once: its challenge signature is kept until it expires.
  await db.schema
    .createTable('bot_check_uses')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Dev delivery of SMS and email (the default drivers); operators and tests read it.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('remember_me', 'boolean', (c) => c.notNull())
    .addColumn('password_is_default', 'boolean', (c) => c.notNull())
    .addColumn('methods', 'jsonb', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('code_method', 'text')
    .addColumn('code_expires_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('member_totp')
    .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'timestamptz')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('remember_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('oidc_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('member_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('member_identities_pk', ['provider', 'subject'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'member_identities',
    'oidc_states',
    'remember_tokens',
    'password_reset_tokens',
    'member_totp',
    'two_factor_challenges',
    'outbox',
    'bot_check_uses',
    'captchas',
    'sms_codes',
    'access_locks',
    'rate_events',
    'member_ips',
    'affiliate_codes',
    'member_profiles',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('sessions').dropColumn('must_change_password').execute();
  await db.schema.alterTable('members').dropColumn('password_changed_at').dropColumn('last_login_at').dropColumn('icon_id').execute();
}
