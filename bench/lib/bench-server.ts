// A real server process for the benches: production settings with throwaway secrets, on a throwaway
// PostgreSQL database or on PGlite in a temporary directory, stopped and cleaned up afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type SpawnedServer } from '../../tests/helpers/spawned-server';
import { createThrowawayDatabase } from '../../tests/helpers/test-app';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const DEMO_PLAYER = { username: 'demo', password: 'Demo#2026pass' };

/** Production settings with throwaway secrets; demo accounts seeded (they sign in), no background lottery. */
export const benchServerEnv = (dataDir: string): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  BENCH_HELLO_ROUTE: 'true',
  SEED_DEMO: 'true',
  SEED_DEMO_ACTIVITY: 'false',
  LOTTERY_TICK_SECONDS: '0',
  TWO_FACTOR_NEW_IP: 'false',
  OPERATOR_PASSWORD: 'bench-Operator#1',
  OPERATOR_TOTP_SECRET: 'BENCHOPERATORTOTPSECRETFORBENCHS',
  BOT_CHECK_HMAC_KEY: 'bench-bot-check-hmac-key-0123456789',
  BOT_CHECK_ALGORITHM: 'SHA-256',
  BOT_CHECK_COST: '1',
  BOT_CHECK_MAX_COUNTER: '40',
  PAYMENT_WEBHOOK_SECRET: 'bench-payment-webhook-secret',
  HOUSE_SESSION_SECRET: 'bench-house-session-secret',
  GAME_WALLET_SECRET: 'bench-game-wallet-secret',
  CLIENT_DIST: '/nonexistent',
});

export const pgReachable = async (url = BENCH_PG_URL): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};

export interface BenchServer {
  server: SpawnedServer;
  dataDir: string;
  /** The throwaway PostgreSQL database the server runs on (null on PGlite, which only its own process can open). */
  databaseUrl: string | null;
  stop: () => Promise<void>;
}

/** Starts the server on PostgreSQL (a throwaway database) or PGlite; `stop` ends it and removes its data. */
export const startBenchServer = async (
  kind: 'postgres' | 'pglite',
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<BenchServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-server-'));
  const throwaway = kind === 'postgres' ? await createThrowawayDatabase(BENCH_PG_URL) : null;
  const server = await startServer(
    { ...benchServerEnv(dataDir), ...(throwaway ? { DATABASE_URL: throwaway.url } : {}), ...(options.env ?? {}) },
    { nodeArgs: options.nodeArgs ?? [] },
  );
  return {
    server,
    dataDir,
    databaseUrl: throwaway?.url ?? null,
    stop: async () => {
      server.kill('SIGTERM');
      await server.exited;
      await throwaway?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
