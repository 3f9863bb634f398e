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
});

export type AppConfig = z.infer<typeof EnvSchema> & { dataDir: string; corsOrigins: string[] };

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const base = parsed.data;
  return {
    ...base,
    dataDir: path.resolve(base.DATA_DIR),
    corsOrigins: base.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    ...overrides,
  };
};
