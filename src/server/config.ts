import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PAYLOAD_PRIVATE_KEY: z.string().optional(),
  MERCHANT_CODE: z.string().default('DEMO'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  GEO_COUNTRY_HEADER: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SEED_DEMO: bool.default(true),
  /** Where the built client lives; the server serves it when present. */
  CLIENT_DIST: z.string().default('./dist/client'),
  /** Dev-only operator password for the seeded operator; production must set its own. */
  OPERATOR_PASSWORD: z.string().min(8).default('dev-only-Operator#1'),
  /** Accounts: the site's own URL, used in reset links and as the OpenID Connect redirect base. */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:8080'),
  /** The initial password that forces a change at login (AUTH-07); the platform's literal by default. */
  DEFAULT_INITIAL_PASSWORD: z.string().min(1).optional(),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().positive().default(90),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(12),
  /** A login from an IP outside the member's registry needs a second factor (AUTH-40). */
  TWO_FACTOR_NEW_IP: bool.default(true),
  /** Email through SMTP (nodemailer) when set; otherwise the dev outbox table. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Gaming Platform <no-reply@demo.example>'),
  /** SMS through a generic HTTP provider when set; otherwise the dev outbox table. */
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  /** HMAC key that signs bot-check challenges; the default is for development only. */
  BOT_CHECK_HMAC_KEY: z.string().min(16).default('dev-only-bot-check-hmac-key-change-me'),
  BOT_CHECK_ALGORITHM: z.enum(['SHA-256', 'PBKDF2/SHA-256']).default('PBKDF2/SHA-256'),
  BOT_CHECK_COST: z.coerce.number().int().positive().default(1_000),
  BOT_CHECK_MAX_COUNTER: z.coerce.number().int().positive().default(5_000),
  /** Wallet: 'transfer' (a main wallet plus vendor wallets, GCS_walletTransfer) or 'single' (one seamless wallet). */
  WALLET_MODE: z.enum(['transfer', 'single']).default('transfer'),
  /** The vendor wallets of transfer mode. */
  SUB_WALLETS: z.string().default('PG,EG2,PT,JDB,CQ9,FC,JL,BGS'),
  /** System (house) accounts are spread over this many rows so that no one row takes every transaction's lock. */
  LEDGER_HOUSE_SHARDS: z.coerce.number().int().min(1).max(256).default(16),
  /** HMAC-SHA256 key of payment-provider webhooks; the default is for development only. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16).default('dev-only-payment-webhook-secret'),
  WITHDRAWAL_MIN_AMOUNT: z.coerce.number().positive().default(100),
  WITHDRAWAL_MAX_AMOUNT: z.coerce.number().positive().default(50_000),
  /** A disbursed withdrawal nobody confirms counts as received after this many minutes (WALLET-15). */
  WITHDRAWAL_AUTO_RECEIVE_MINUTES: z.coerce.number().int().positive().default(15),
  /** Manual rebate: percent of settled stakes. */
  REBATE_RATE_PERCENT: z.coerce.number().min(0).max(10).default(0.5),
  /** How often background jobs (auto-receive) look for work; each window runs on one node only. */
  JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** House game provider: HMAC key signing game-session URLs; the default is for development only. */
  HOUSE_SESSION_SECRET: z.string().min(16).default('dev-only-house-session-secret'),
  /** HMAC key external game vendors sign seamless-wallet calls with; the default is for development only. */
  GAME_WALLET_SECRET: z.string().min(16).default('dev-only-game-wallet-secret'),
  /** How long a launched game session accepts new bets. */
  HOUSE_SESSION_MINUTES: z.coerce.number().int().positive().default(120),
  /** The demo balance a free-play session starts with. */
  HOUSE_DEMO_BALANCE: z.coerce.number().positive().default(2000),
  /** How often the lottery job opens and draws due draws; 0 turns the job off (tests drive it by hand). */
  LOTTERY_TICK_SECONDS: z.coerce.number().int().min(0).default(5),
});

/** A social sign-in provider from OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET (and optional _LABEL). */
export interface OidcProviderConfig {
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const oidcProvidersOf = (env: Record<string, string | undefined>): OidcProviderConfig[] =>
  Object.keys(env)
    .flatMap((key) => /^OIDC_([A-Z0-9]+)_ISSUER$/.exec(key)?.slice(1, 2) ?? [])
    .sort()
    .flatMap((upper) => {
      const issuer = env[`OIDC_${upper}_ISSUER`];
      const clientId = env[`OIDC_${upper}_CLIENT_ID`];
      const clientSecret = env[`OIDC_${upper}_CLIENT_SECRET`];
      if (!issuer || !clientId || !clientSecret) throw new Error(`Invalid configuration: OIDC_${upper} needs ISSUER, CLIENT_ID and CLIENT_SECRET`);
      const name = upper.toLowerCase();
      return [{ name, label: env[`OIDC_${upper}_LABEL`] ?? name, issuer, clientId, clientSecret }];
    });

/** Settings whose defaults are for development only; production refuses to start without its own. */
const DEV_ONLY_SECRETS = ['OPERATOR_PASSWORD', 'BOT_CHECK_HMAC_KEY', 'PAYMENT_WEBHOOK_SECRET', 'HOUSE_SESSION_SECRET', 'GAME_WALLET_SECRET'] as const;

export type AppConfig = z.infer<typeof EnvSchema> & { dataDir: string; corsOrigins: string[]; oidcProviders: OidcProviderConfig[] };

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig => {
  // An empty variable means "not set", as shells and CI files write it.
  const setEnv = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(setEnv);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const base = parsed.data;
  if (base.NODE_ENV === 'production') {
    const devDefaults = DEV_ONLY_SECRETS.filter((key) => setEnv[key] === undefined);
    if (devDefaults.length > 0) throw new Error(`Invalid configuration: production needs its own ${devDefaults.join(', ')}`);
  }
  return {
    oidcProviders: oidcProvidersOf(setEnv),
    ...base,
    dataDir: path.resolve(base.DATA_DIR),
    corsOrigins: base.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    ...overrides,
  };
};
