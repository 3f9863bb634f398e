import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Where the per-address request limits are counted. With REDIS_URL every node counts in Redis (one
 * atomic script per request), so a limit holds for the whole site, not per node; without it, in
 * this process's memory. While Redis is unreachable requests are let through (and logged once),
 * rather than the whole site refusing them: the attempt counters in the database still hold.
 */
export const createRateLimitStore = (redisUrl: string | undefined, log: FastifyBaseLogger): { redis: Redis | undefined; close: () => Promise<void> } => {
  if (!redisUrl) return { redis: undefined, close: async () => {} };
  const redis = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let healthy = true;
  redis.on('error', (err) => {
    if (healthy) log.error({ err }, 'redis for rate limits unreachable; request limits are not applied until it recovers');
    healthy = false;
  });
  redis.on('ready', () => {
    if (!healthy) log.info('redis for rate limits restored');
    healthy = true;
  });
  return { redis, close: async () => void (await redis.quit().catch(() => redis.disconnect())) };
};
