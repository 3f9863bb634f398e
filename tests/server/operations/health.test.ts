import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createDb } from '@server/db/create-db';
import { registerOperations } from '@server/operations/health';
import { createMetrics } from '@server/operations/metrics';
import { createMoneyKit, type MoneyKit } from '../../helpers/money-kit';
import { createTestApp } from '../../helpers/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await (async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
})();

/** One sample of a metric in Prometheus text: the value on the line `name{labels} value`, or null. */
const sample = (text: string, name: string, labels: Record<string, string> = {}): number | null => {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
};

describe('operations: health, readiness and metrics', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit();
  });
  afterAll(async () => kit.close());

  it('GET /healthz answers 200 while the process is up', async () => {
    const res = await kit.t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, code: 'OK', message: 'up', value: { status: 'up' } });
  });

  it('GET /readyz answers 200 when the database answers, with Redis reported off when REDIS_URL is unset', async () => {
    const res = await kit.t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ database: 'up', redis: 'off', draining: false });
  });

  it('GET /readyz answers 503 NOT_READY when the database does not answer', async () => {
    const app = Fastify();
    const { db } = createDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere' });
    registerOperations(app, { db, metrics: createMetrics(), pingRedis: null, isDraining: () => false });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_READY', value: null, details: { database: 'down', redis: 'off' } });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('GET /readyz answers 503 when REDIS_URL is set and Redis does not answer', async () => {
    const t = await createTestApp({}, { REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'NOT_READY', details: { database: 'up', redis: 'down' } });
    } finally {
      await t.close();
    }
  });

  it.skipIf(!redisReachable)('GET /readyz answers 200 with Redis up when REDIS_URL names a live Redis', async () => {
    const t = await createTestApp({}, { REDIS_URL });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toEqual({ database: 'up', redis: 'up', draining: false });
    } finally {
      await t.close();
    }
  });

  it('GET /metrics labels request latency by route pattern, not by the raw URL', async () => {
    await kit.call('GET', '/wps/system/helpCenter', { query: { lang: 'en', device: 'WEB' } });
    await kit.call('GET', '/wps/system/helpCenter', { query: { lang: 'zh' } });
    await kit.call('GET', '/wps/no/such/call/12345');
    const res = await kit.t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/wps/system/helpCenter', method: 'GET', status_code: '200' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('lang=');
    expect(text).not.toContain('12345');
    // Process metrics come along (memory, event loop).
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('GET /metrics counts open sockets', async () => {
    const member = await kit.member();
    const url = await kit.listen();
    const socket = connectSocket(url, { auth: { token: member.token }, transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const open = (await kit.t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(open, 'socket_connections')).toBe(1);
    } finally {
      socket.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sample((await kit.t.app.inject({ method: 'GET', url: '/metrics' })).body, 'socket_connections')).toBe(0);
  });

  it('GET /metrics counts committed ledger transactions by entry type, once per transaction', async () => {
    const metricsText = async () => (await kit.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const before = sample(await metricsText(), 'ledger_transactions_total', { entry_type: 'OPERATOR_ADJUSTMENT' }) ?? 0;
    const member = await kit.member();
    for (const amount of [12.5, 7]) {
      const res = await kit.ops('POST', '/ops/balance-adjustments', { body: { account: member.account, amount, reason: 'metrics test', requestId: crypto.randomUUID() } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // A refused movement (more than the balance) commits nothing and counts nothing.
    const refused = await kit.ops('POST', '/ops/balance-adjustments', { body: { account: member.account, amount: -1000, reason: 'too much', requestId: crypto.randomUUID() } });
    expect(refused.status).toBe(409);
    expect(sample(await metricsText(), 'ledger_transactions_total', { entry_type: 'OPERATOR_ADJUSTMENT' })).toBe(before + 2);
  });

  it('GET /metrics reports each background job’s lag behind its schedule', async () => {
    const text = (await kit.t.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const job of ['withdrawal-auto-receive', 'lottery-draws', 'job-runs-prune']) {
      expect(sample(text, 'job_lag_seconds', { job }), job).toBe(0);
    }
  });

  it('GET /metrics asks for METRICS_TOKEN as a bearer token when it is set', async () => {
    const token = 'metrics-token-for-tests-0123456789';
    const t = await createTestApp({ METRICS_TOKEN: token });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-for-tests-000000000' } })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });
});

describe('operations: log format', () => {
  it('is readable lines (pino-pretty) in development and JSON in production and tests, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).LOG_FORMAT).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    const secrets = {
      OPERATOR_PASSWORD: 'prod-Operator#1',
      BOT_CHECK_HMAC_KEY: 'p'.repeat(32),
      PAYMENT_WEBHOOK_SECRET: 'q'.repeat(32),
      HOUSE_SESSION_SECRET: 'r'.repeat(32),
      GAME_WALLET_SECRET: 's'.repeat(32),
      OPERATOR_TOTP_SECRET: 'T'.repeat(32),
    };
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty', ...secrets }).LOG_FORMAT).toBe('pretty');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

