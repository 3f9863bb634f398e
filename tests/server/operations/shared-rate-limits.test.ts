import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createDb, type Db } from '@server/db/create-db';
import { ROUTE_RATE_LIMITS } from '@server/http/route-limits';
import { createThrowawayDatabase } from '../../helpers/test-app';

/**
 * Two server nodes on one PostgreSQL and one Redis: a per-address request limit counts the calls
 * that reached either node, so a client cannot double its allowance by landing on both.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisReachable = async (): Promise<boolean> => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
};
const ready = Boolean(ADMIN_URL) && (await redisReachable());

describe.skipIf(!ready)('request limits across nodes (PostgreSQL and Redis; skipped without TEST_DATABASE_URL or Redis)', () => {
  const nodes: { app: FastifyInstance; db: Db }[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase(ADMIN_URL!);
    drop = throwaway.drop;
    for (let i = 0; i < 2; i += 1) {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_ACTIVITY: 'false', REDIS_URL, DATABASE_URL: throwaway.url });
      const { db } = createDb({ databaseUrl: throwaway.url });
      const { app } = await buildApp({ config, database: { db, kind: 'postgres' } });
      await app.ready();
      nodes.push({ app, db });
    }
  });
  afterAll(async () => {
    for (const node of nodes) {
      await node.app.close();
      await node.db.destroy();
    }
    await drop?.();
  });

  it('[ERR-09] the login limit counts calls on both nodes together: the call past it is refused on either', async () => {
    // An address of its own per run: Redis outlives the test, and the window is minutes long.
    const ip = `172.${randomInt(16, 32)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const max = Number(ROUTE_RATE_LIMITS.login?.max);
    const login = (node: { app: FastifyInstance }) =>
      node.app.inject({ method: 'POST', url: '/wps/session/login', payload: {}, remoteAddress: ip }).then((r) => r.statusCode);
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 1) statuses.push(await login(nodes[i % 2]!));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(await login(nodes[0]!)).toBe(429);
    expect(await login(nodes[1]!)).toBe(429);
  });
});
