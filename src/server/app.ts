import fs from 'node:fs';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { http } from '@shared/contract/http';
import type { ApiErrorCode } from '@shared/contract/errors';
import type { AppContext } from './app-context';
import type { AppConfig } from './config';
import { createDb, type Db, type DbKind } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { loadPayloadKeys } from './crypto/payload-crypto';
import { ApiError } from './http/api-error';
import { registerContract } from './http/register-contract';
import { openApiTransform } from './http/openapi-transform';
import { createHandlers } from './routes';
import { seedDemo } from './seed/seed';
import { seedGames } from './seed/seed-games';
import { attachGateway } from './socket/gateway';
import { moneyJobs } from './jobs/money-jobs';
import { schedulerJobs, startJobs } from './jobs/scheduler';
import { houseJobs } from './providers/house/jobs';
import { registerHousePages } from './providers/house/pages';
import { detachedRealtime } from './socket/realtime';

export interface BuildOptions {
  config: AppConfig;
  /** An existing database (tests share one); otherwise one is made from the config. */
  database?: { db: Db; kind: DbKind };
  /** PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
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

export const buildApp = async (options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> => {
  const { config } = options;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    createDb({ databaseUrl: config.DATABASE_URL, dataDir: options.inMemory ? 'memory://' : config.dataDir });
  const ownsDatabase = !options.database;
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
  };
  if (config.SEED_DEMO) await seedDemo(ctx);
  await seedGames(ctx.db, { demoCatalogue: config.SEED_DEMO });

  await app.register(fastifyHelmet, {
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
  if (config.corsOrigins.length > 0) await app.register(fastifyCors, { origin: config.corsOrigins, credentials: false });
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    allowList: config.NODE_ENV === 'test' ? () => true : undefined,
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
  await registerHousePages(app, ctx);

  const clientDist = path.resolve(config.CLIENT_DIST);
  const indexHtml = path.join(clientDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: clientDist,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

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
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexHtml));
    }
    return reply.status(404).send(envelopeError('NOT_FOUND', `No such endpoint: ${request.method} ${url}`));
  });

  ctx.realtime = await attachGateway(app, ctx);
  const jobs = startJobs(ctx, [...moneyJobs(ctx), ...houseJobs(ctx), ...schedulerJobs(ctx)]);
  app.addHook('onClose', async () => jobs.stop());
  if (ownsDatabase) app.addHook('onClose', async () => database.db.destroy());
  return { app, ctx };
};
