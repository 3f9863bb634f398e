import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '@server/app';
import type { AppContext } from '@server/app-context';
import { loadConfig, type AppConfig } from '@server/config';
import { createDb } from '@server/db/create-db';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
}

/** A new, empty database on the PostgreSQL of `adminUrl`; `drop` removes it once its users are gone. */
export const createThrowawayDatabase = async (adminUrl: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // A pool's closing connections may still be on the server; forcing them off while their
      // Terminate is in flight makes the client raise an uncaught FATAL, so wait for them first.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await cleanup.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
};

/**
 * A fresh server on a throwaway database: in-memory PGlite by default, or a new database on the
 * PostgreSQL named by TEST_DATABASE_URL (dropped at close), so the same suite runs on both. The
 * demo accounts are seeded, the demo team's thirty days of activity only when a test asks for it
 * (SEED_DEMO_ACTIVITY: true), since it takes seconds.
 */
export const createTestApp = async (overrides: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<TestApp> => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_ACTIVITY: 'false', ...env }, overrides);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const { app, ctx } = await buildApp({ config, database: createDb({ dataDir: 'memory://' }) });
    await app.ready();
    return { app, ctx, close: async () => { await app.close(); await ctx.db.destroy(); } };
  }
  const throwaway = await createThrowawayDatabase(adminUrl);
  const database = createDb({ databaseUrl: throwaway.url });
  const { app, ctx } = await buildApp({ config: { ...config, DATABASE_URL: throwaway.url }, database });
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await ctx.db.destroy();
      await throwaway.drop();
    },
  };
};
