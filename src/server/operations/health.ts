import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import { bearerToken } from '../auth/tokens';
import type { Metrics } from './metrics';

/** A dependency that does not answer within this long counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

export interface OperationsOptions {
  db: Db;
  metrics: Metrics;
  /** Resolves when Redis answers (null without REDIS_URL). */
  pingRedis: (() => Promise<void>) | null;
  /** True once shutdown has begun: the node takes no new work. */
  isDraining: () => boolean;
  /** When set, `/metrics` asks for it as a bearer token. */
  metricsToken?: string | undefined;
}

const within = async (check: () => Promise<unknown>): Promise<'up' | 'down'> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
};

const sameSecret = (given: string | null, expected: string) =>
  given !== null && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * The probes and metrics a load balancer and Prometheus read: `/healthz` (the process answers),
 * `/readyz` (the database and, when configured, Redis answer, and the node is not shutting down),
 * `/metrics` (Prometheus text). While draining, every other request is refused with 503
 * SHUTTING_DOWN and `Connection: close`, so clients retry on another node.
 */
export const registerOperations = (app: FastifyInstance, options: OperationsOptions): void => {
  const { db, metrics, pingRedis, isDraining } = options;
  const probe = { schema: { hide: true }, config: { rateLimit: false } } as const;

  app.addHook('onRequest', async (request, reply) => {
    if (!isDraining() || request.url === '/healthz' || request.url === '/readyz' || request.url === '/metrics') return;
    return reply
      .status(503)
      .headers({ connection: 'close', 'retry-after': '1' })
      .send({ success: false, code: 'SHUTTING_DOWN', message: 'This server is shutting down; try again', value: null });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isDraining()) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/healthz', probe, async () => ({ success: true, code: 'OK', message: 'up', value: { status: 'up' } }));

  app.get('/readyz', probe, async (_request, reply) => {
    const [database, redis] = await Promise.all([
      within(() => sql`select 1`.execute(db)),
      pingRedis ? within(pingRedis) : Promise.resolve('off' as const),
    ]);
    const checks = { database, redis, draining: isDraining() };
    if (database === 'up' && redis !== 'down' && !checks.draining) {
      return { success: true, code: 'OK', message: 'ready', value: checks };
    }
    return reply.status(503).send({ success: false, code: 'NOT_READY', message: 'Not ready to take traffic', value: null, details: checks });
  });

  app.get('/metrics', probe, async (request, reply) => {
    if (options.metricsToken && !sameSecret(bearerToken(request.headers.authorization), options.metricsToken)) {
      return reply.status(401).send({ success: false, code: 'UNAUTHORIZED', message: 'Metrics token required', value: null });
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
};
