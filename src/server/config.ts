import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The development default of OPERATOR_TOTP_SECRET (base32 of its own name): never for production. */
export const DEV_OPERATOR_TOTP_SECRET = 'DEVONLYOPERATORTOTPSECRETNOTPROD';

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
  /** `pretty`: readable lines (pino-pretty); `json`: one JSON object a line. Unset: pretty in development, JSON otherwise. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** When set, GET /metrics asks for it as a bearer token (20+ characters of A-Z a-z 0-9 _ -). */
  METRICS_TOKEN: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, '20 to 200 characters of A-Z a-z 0-9 _ -').optional(),
  /** On SIGTERM/SIGINT, open requests and jobs get this long to finish before the process exits anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  GEO_COUNTRY_HEADER: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Demo people and money (the README's accounts). Unset: on in development and tests, off in production. */
  SEED_DEMO: bool.optional(),
  /** The demo team's thirty days of deposits, game rounds, withdrawals and transfers. Unset: as SEED_DEMO. */
  SEED_DEMO_ACTIVITY: bool.optional(),
  /** Where the built client lives; the server serves it when present. */
  CLIENT_DIST: z.string().default('./dist/client'),
  /** Dev-only operator password for the seeded operator; production must set its own. */
  OPERATOR_PASSWORD: z.string().min(8).default('dev-only-Operator#1'),
  /**
   * The seeded operator's authenticator secret (base32, as authenticator apps take it), stored with
   * the operator when it is first seeded. The default is for development only; production sets its own.
   */
  OPERATOR_TOTP_SECRET: z
    .string()
    .regex(/^([A-Z2-7]{8}){2,16}$/, '16 to 128 base32 characters (A-Z, 2-7), a multiple of 8')
    .default(DEV_OPERATOR_TOTP_SECRET),
  /** An operator session unused for this long ends; the operator signs in again. */
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** Accounts: the site's own URL, used in reset links and as the OpenID Connect redirect base. */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:8080'),
  /** The initial password that forces a change at login (AUTH-07); the platform's literal by default. */
  DEFAULT_INITIAL_PASSWORD: z.string().min(1).optional(),
  /** argon2id cost of password hashes; the defaults are OWASP's minimum (19 MiB, 2 passes, 1 lane). Older hashes are redone at the next sign-in. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(1024).max(4_194_304).default(19_456),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(100).default(2),
  PASSWORD_HASH_PARALLELISM: z.coerce.number().int().min(1).max(64).default(1),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().positive().default(90),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(12),
  /**
   * How long a node keeps a live member session in memory instead of reading it on every call. Logout and password
   * changes drop it at once on the node that made them and, with REDIS_URL, on every other node; without Redis
   * another node refuses an ended session within this time. 0 reads the database on every call.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * How long a node keeps a member's GET /wps/member/info answer in memory. Every change to it (icon, authenticator,
   * withdrawal password...) drops it at once on the node that made it and, with REDIS_URL, on every other node;
   * without Redis another node shows the old answer for at most this time. 0 reads the database on every call.
   */
  MEMBER_INFO_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * How long a node keeps a member's main balance (GET /wps/v2/wallets/balance) in memory. Every posting drops it
   * once committed, before its balance:updated push leaves, on this node and, with REDIS_URL, on every other node;
   * without Redis another node shows the old balance for at most this time. 0 reads the database on every call.
   */
  BALANCE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** How long an SMS code lives (the spec allows at most 10); the send-code button counts it down before a resend (AUTH-30). */
  SMS_CODE_MINUTES: z.coerce.number().int().min(1).max(10).default(5),
  /** How long one mobile number waits between two codes, and one address between two sends (SMS pumping guards). */
  SMS_NUMBER_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMS_IP_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * Tests and the path replay only (NODE_ENV=test): every captcha shows this text, so a browser
   * driven by a script can answer it as a person reads it.
   */
  CAPTCHA_FIXED_TEXT: z.string().regex(/^[A-Za-z0-9]{4,8}$/, '4 to 8 letters or digits').optional(),
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
  /**
   * HMAC key of the chat room's tickets (MEMBER-25). When unset, a key for this one purpose is derived
   * from HOUSE_SESSION_SECRET (HMAC-SHA256 of 'chat-ticket'), so production needs no new secret.
   */
  CHAT_TICKET_SECRET: z.string().min(16).optional(),
  /**
   * Master key each external game vendor's seamless-wallet signing key is derived from (HMAC-SHA256 of
   * the vendor code), so no two vendors share a key; the default is for development only.
   */
  GAME_WALLET_SECRET: z.string().min(16).default('dev-only-game-wallet-secret'),
  /** Keys vendors chose themselves, `PG=<key>,JDB=<key>`; they replace the derived key of those vendors. */
  GAME_VENDOR_KEYS: z.string().default(''),
  /** How long a launched game session accepts new bets. */
  HOUSE_SESSION_MINUTES: z.coerce.number().int().positive().default(120),
  /** The demo balance a free-play session starts with. */
  HOUSE_DEMO_BALANCE: z.coerce.number().positive().default(2000),
  /** First value of the merchant setting that allows transfers between an agent and its downline (operators switch it later). */
  AGENT_TRANSFERS: bool.default(true),
  /** First value of the merchant setting that shows members their invite-friends link (REFERRAL in availablePromo). */
  REFERRAL_ENABLED: bool.default(true),
  /** The time zone contract periods are counted in: days, weeks, half-months and months of dividends and salaries (IANA name). */
  PLATFORM_TIME_ZONE: z
    .string()
    .default('Asia/Ho_Chi_Minh')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone name such as Asia/Ho_Chi_Minh'),
  /** The length of a real-time salary window (AGENT-21: 5 minutes); shorter for demos and tests. */
  REALTIME_SALARY_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** Settled bets earn their points per window of this many seconds, credited once the window has ended (points mall). */
  POINTS_EARN_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** An unanswered contract offer expires, and an unanswered termination request takes effect, after this many hours. */
  CONTRACT_OFFER_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(72),
  /**
   * Tests and the path replay only (NODE_ENV=test): the deadline in seconds instead, so an offer
   * expiring and a termination request taking effect can be watched in a browser.
   */
  CONTRACT_OFFER_TTL_SECONDS: z.coerce.number().int().min(1).max(3_600).optional(),
  /** How often the lottery job opens and draws due draws; 0 turns the job off (tests drive it by hand). */
  LOTTERY_TICK_SECONDS: z.coerce.number().int().min(0).default(5),
  /**
   * Calls one client address may make to one route per minute (a whole carrier NAT may share an address). Unset:
   * 3000, and off in tests. Sign-in, SMS and registration routes have tighter limits of their own (route-limits.ts).
   */
  RATE_LIMIT_ROUTE_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Calls one signed-in account may make to one route per minute. Unset: 600, and off in tests. */
  RATE_LIMIT_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Benches only: adds GET /bench/hello, a hello-world route behind the same hooks, as the API bench's baseline. */
  BENCH_HELLO_ROUTE: bool.default(false),
});

/** A social sign-in provider from OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET (and optional _LABEL). */
export interface OidcProviderConfig {
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** `PG=<key>,JDB=<key>` as a map from vendor code to key. */
const vendorKeysOf = (value: string): Record<string, string> =>
  Object.fromEntries(
    value
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const match = /^([A-Za-z0-9_]+)=(.{16,})$/.exec(pair);
        if (!match) throw new Error('Invalid configuration: GAME_VENDOR_KEYS takes VENDOR=key pairs, each key at least 16 characters');
        return [match[1]!, match[2]!];
      }),
  );

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
const DEV_ONLY_SECRETS = ['OPERATOR_PASSWORD', 'OPERATOR_TOTP_SECRET', 'BOT_CHECK_HMAC_KEY', 'PAYMENT_WEBHOOK_SECRET', 'HOUSE_SESSION_SECRET', 'GAME_WALLET_SECRET'] as const;

export type AppConfig = Omit<z.infer<typeof EnvSchema>, 'SEED_DEMO' | 'SEED_DEMO_ACTIVITY' | 'LOG_FORMAT'> & {
  SEED_DEMO: boolean;
  SEED_DEMO_ACTIVITY: boolean;
  LOG_FORMAT: 'pretty' | 'json';
} & { dataDir: string; corsOrigins: string[]; oidcProviders: OidcProviderConfig[]; gameVendorKeys: Record<string, string> };

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig => {
  // An empty variable means "not set", as shells and CI files write it.
  const setEnv = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(setEnv);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const base = parsed.data;
  const seedDemo = base.SEED_DEMO ?? base.NODE_ENV !== 'production';
  for (const key of ['CAPTCHA_FIXED_TEXT', 'CONTRACT_OFFER_TTL_SECONDS'] as const) {
    if (base[key] !== undefined && base.NODE_ENV !== 'test') throw new Error(`Invalid configuration: ${key} is for tests only (NODE_ENV=test)`);
  }
  if (base.NODE_ENV === 'production') {
    const devDefaults = DEV_ONLY_SECRETS.filter((key) => setEnv[key] === undefined);
    if (devDefaults.length > 0) throw new Error(`Invalid configuration: production needs its own ${devDefaults.join(', ')}`);
  }
  return {
    oidcProviders: oidcProvidersOf(setEnv),
    ...base,
    SEED_DEMO: seedDemo,
    SEED_DEMO_ACTIVITY: base.SEED_DEMO_ACTIVITY ?? seedDemo,
    LOG_FORMAT: base.LOG_FORMAT ?? (base.NODE_ENV === 'development' ? 'pretty' : 'json'),
    dataDir: path.resolve(base.DATA_DIR),
    corsOrigins: base.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    gameVendorKeys: vendorKeysOf(base.GAME_VENDOR_KEYS),
    ...overrides,
  };
};
