import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { generateURI } from 'otplib';
import { http } from '@shared/contract/http';
import type { ApiErrorCode } from '@shared/contract/errors';
import type { AppContext } from './app-context';
import { DEV_OPERATOR_TOTP_SECRET, type AppConfig } from './config';
import { createDb, type Db, type DbKind } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { loadPayloadKeys } from './crypto/payload-crypto';
import { ApiError } from './http/api-error';
import { registerPagesWithReads } from './http/page-reads';
import { createRateLimitStore } from './http/rate-limit-store';
import { registerContract } from './http/register-contract';
import { addressRouteKey, DEFAULT_ROUTE_PER_MINUTE, generalRateLimits } from './http/route-limits';
import { COMPRESS_THRESHOLD_BYTES, responseSerializerCompiler } from './http/response-serializer';
import { registerSecurityHeaders } from './http/security-headers';
import { openApiTransform } from './http/openapi-transform';
import { createHandlers } from './routes';
import { SEED_OPERATOR, seedDemo, seedPlatform } from './seed/seed';
import { usePasswordHashing } from './services/auth/passwords';
import { seedGames } from './seed/seed-games';
import { attachGateway } from './socket/gateway';
import { attachChat } from './socket/chat';
import { moneyJobs } from './jobs/money-jobs';
import { contractJobs } from './jobs/contract-jobs';
import { pointsJobs } from './jobs/points-jobs';
import { stopRunningPushes } from './services/contracts/running';
import { jobProgress, schedulerJobs, startJobs } from './jobs/scheduler';
import { registerOperations } from './operations/health';
import { createMetrics } from './operations/metrics';
import { houseJobs } from './providers/house/jobs';
import { registerHousePages } from './providers/house/pages';
import { detachedRealtime } from './socket/realtime';

export interface BuildOptions {
  config: AppConfig;
  /** An existing database (tests share one); otherwise one is made from the config. */
  database?: { db: Db; kind: DbKind };
  /** PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/ops/', '/house/', '/socket.io/'];
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));
const contractPaths = new Map<string, string[]>();
for (const def of Object.values(http)) {
  contractPaths.set(def.path, [...(contractPaths.get(def.path) ?? []), def.method]);
}

const envelopeError = (code: ApiErrorCode, message: string, details?: unknown) => ({
  success: false,
  code,
  message,
  value: null,
  ...(details === undefined ? {} : { details }),
});

/** Maps Fastify's own client errors to stable codes; anything unknown at 5xx stays generic. */
const fastifyErrorCode = (error: FastifyError): { status: number; code: ApiErrorCode; message: string } | null => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'BAD_JSON', message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'VALIDATION', message: 'Invalid content length' };
    default:
      break;
  }
  if (error.statusCode === 429) return { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests, try again later' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, code: 'VALIDATION', message: error.message };
  }
  return null;
};

/** index.html names the hashed files of the current build, so browsers ask again each time (a 304 when unchanged). */
const INDEX_CACHE_CONTROL = 'no-cache';

/**
 * Files under assets/ carry a hash of their content in their name and never change: cached for a year. Everything
 * else keeps its name across builds (index.html, public/ files), so it is revalidated.
 */
export const cacheControlOf = (clientDist: string, filePath: string): string =>
  path.relative(clientDist, filePath).startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : INDEX_CACHE_CONTROL;

/**
 * The pause `server:shutdown` asks of a client before it reconnects, so the load balancer has seen this
 * node go; the web client's socket.io backoff (1 s and up) already waits longer.
 */
const SHUTDOWN_RECONNECT_AFTER_MS = 500;

const loggerOptions = (config: AppConfig, logStream: NodeJS.WritableStream | undefined) => {
  if (config.LOG_LEVEL === 'silent') return false;
  if (logStream) return { level: config.LOG_LEVEL, stream: logStream };
  if (config.LOG_FORMAT === 'pretty') {
    return { level: config.LOG_LEVEL, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } };
  }
  return { level: config.LOG_LEVEL };
};

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /**
   * Graceful stop: refuses new requests (503 SHUTTING_DOWN, readiness 503), tells this node's sockets
   * to reconnect elsewhere, lets open requests and job windows finish, then closes the database.
   */
  shutdown: () => Promise<void>;
}

export const buildApp = async (options: BuildOptions): Promise<BuiltApp> => {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Requests that arrive while closing get our own 503 envelope (registerOperations), not Fastify's.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV));

  const database =
    options.database ??
    createDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: options.inMemory ? 'memory://' : config.dataDir,
      onConnectionError: (err) => app.log.warn({ err }, 'the database ended a connection; the pool replaces it'),
    });
  const ownsDatabase = !options.database;
  usePasswordHashing(config);
  await migrateToLatest(database.db);

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    payloadKeys: loadPayloadKeys({
      privateKeyPem: config.PAYLOAD_PRIVATE_KEY,
      dataDir: options.inMemory || options.database ? null : config.dataDir,
    }),
    log: app.log,
    realtime: detachedRealtime,
    metrics: createMetrics(),
  };
  await seedPlatform(ctx);
  if (config.NODE_ENV === 'development' && config.OPERATOR_TOTP_SECRET === DEV_OPERATOR_TOTP_SECRET) {
    app.log.info(
      { otpauth: generateURI({ issuer: 'Gaming Platform (dev)', label: SEED_OPERATOR, secret: config.OPERATOR_TOTP_SECRET }) },
      `operator console: add the dev-only secret ${config.OPERATOR_TOTP_SECRET} to an authenticator app (README, "Operator sign-in")`,
    );
  }
  await seedGames(ctx.db, { demoCatalogue: config.SEED_DEMO });
  if (config.SEED_DEMO) {
    if (config.NODE_ENV === 'production') {
      app.log.warn(
        'SEED_DEMO=true in production: the demo accounts of the README, with their PUBLISHED passwords and demo money, ' +
          'are being created. Never do this on a site that takes real money.',
      );
    }
    // After the games: the demo team's history is played on the house games.
    await seedDemo(ctx);
  }

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // An answer up to 64 KB is compressed in one call: the library's default on 2 cores (8 KB) sent the lobby's
    // 9 KB answers through a zlib stream each, whose set-up cost more than the compression (a third of the throughput).
    syncThreshold: 65536,
    // Answers are compressed as they go: brotli's default (11) is for build time, 4 is about gzip's speed and smaller.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (config.corsOrigins.length > 0) await app.register(fastifyCors, { origin: config.corsOrigins, credentials: false });
  await app.register(fastifyFormbody);
  const rateLimitStore = createRateLimitStore(config.REDIS_URL, app.log);
  app.addHook('onClose', rateLimitStore.close);
  const limits = generalRateLimits(config);
  await app.register(fastifyRateLimit, {
    redis: rateLimitStore.redis,
    nameSpace: 'rate-limit:',
    skipOnError: true,
    global: true,
    max: limits.perRoute ?? DEFAULT_ROUTE_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: addressRouteKey,
    allowList: limits.perRoute === null ? () => true : undefined,
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Gaming platform API', version: '1.0.0', description: 'Generated from src/shared/contract' },
      components: {
        securitySchemes: {
          memberToken: { type: 'http', scheme: 'bearer' },
          operatorToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  let draining = false;
  const gateway = await attachGateway(app, ctx);
  ctx.realtime = gateway.realtime;
  attachChat(app.io, ctx);
  registerOperations(app, {
    db: ctx.db,
    metrics: ctx.metrics,
    pingRedis: gateway.pingRedis,
    isDraining: () => draining,
    metricsToken: config.METRICS_TOKEN,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).headers(error.headers).send(envelopeError(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: v.message }));
      return reply.status(400).send(envelopeError('VALIDATION', `Invalid request: ${details.map((d) => `${d.path} ${d.message}`.trim()).join('; ')}`, details));
    }
    const mapped = fastifyErrorCode(error);
    if (mapped) return reply.status(mapped.status).send(envelopeError(mapped.code, mapped.message));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelopeError('INTERNAL', 'Internal server error'));
  });

  registerContract(app, ctx, createHandlers(ctx));
  if (config.BENCH_HELLO_ROUTE) app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  await registerHousePages(app, ctx);

  const clientDist = path.resolve(config.CLIENT_DIST);
  const indexHtml = path.join(clientDist, 'index.html');
  // Read once: a lobby or agent page is this file with the reads its first render needs (./http/page-reads.ts).
  const indexHtmlText = fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : null;
  if (indexHtmlText !== null) {
    await app.register(fastifyStatic, {
      root: clientDist,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each file; the best one the browser accepts goes out as it is.
      preCompressed: true,
      // Off, or @fastify/static's own `max-age=0` would overwrite the header set below.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlOf(clientDist, filePath));
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  if (indexHtmlText !== null) registerPagesWithReads(app, indexHtmlText, INDEX_CACHE_CONTROL);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const methods = contractPaths.get(url);
    if (methods && !methods.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', methods.join(', '))
        .send(envelopeError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${url}; use ${methods.join(' or ')}`));
    }
    const wantsPage = request.method === 'GET' && !isApiPath(url) && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && fs.existsSync(indexHtml)) {
      // The client router owns every page path; it renders its own not-found page.
      // Through @fastify/static: its precompressed copies and the no-cache header of setHeaders.
      return reply.code(200).sendFile('index.html');
    }
    return reply.status(404).send(envelopeError('NOT_FOUND', `No such endpoint: ${request.method} ${url}`));
  });

  const scheduled = [...moneyJobs(ctx), ...houseJobs(ctx), ...contractJobs(ctx), ...pointsJobs(ctx), ...schedulerJobs(ctx)];
  const jobs = startJobs(ctx, scheduled);
  ctx.metrics.attach({ socketCount: gateway.socketCount, jobProgress: () => jobProgress(ctx.db, scheduled) });
  app.addHook('onClose', async () => {
    // A job window still running finishes before the database it writes to goes away.
    await jobs.stop();
    stopRunningPushes(ctx.db);
    if (ownsDatabase) await database.db.destroy();
  });
  const shutdown = async () => {
    if (draining) return;
    draining = true;
    gateway.sendAway(SHUTDOWN_RECONNECT_AFTER_MS);
    await app.close();
  };
  return { app, ctx, shutdown };
};
