import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import { EncryptedBody, envelope, ENCRYPTION_HEADER } from '@shared/contract/envelope';
import { http, type BodyOf, type EndpointKey, type QueryOf, type ResponseOf } from '@shared/contract/http';
import type { EndpointDef } from '@shared/contract/endpoint';
import type { AppContext } from '../app-context';
import { cachedMemberSession, type AuthedMember } from '../auth/member-sessions';
import { resolveOperatorSession, type AuthedOperator } from '../auth/operator-sessions';
import { bearerToken } from '../auth/tokens';
import { decryptPayload } from '../crypto/payload-crypto';
import { requireAgent } from '../auth/member-guards';
import { ApiError } from './api-error';
import { accountKey, generalRateLimits, ROUTE_RATE_LIMITS } from './route-limits';
import { compressedSharedAnswer } from './response-serializer';

export interface RequestContext<K extends EndpointKey> {
  query: QueryOf<K>;
  body: BodyOf<K>;
  /** Set when the call carried a valid member token (always set for `member` calls). */
  member: AuthedMember | null;
  /** Set for `operator` calls. */
  operator: AuthedOperator | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<K extends EndpointKey> = (ctx: RequestContext<K>) => Promise<ResponseOf<K>>;
export type Handlers = { [K in EndpointKey]: Handler<K> };

/** Each area exports a factory returning its part of the handler table. */
export type AreaHandlers<K extends EndpointKey> = { [P in K]: Handler<P> };

declare module 'fastify' {
  interface FastifyContextConfig {
    contractKey?: EndpointKey;
  }
  interface FastifyRequest {
    member: AuthedMember | null;
    operator: AuthedOperator | null;
    /** The body's bytes as received, on calls marked `rawBody` (signature checks). */
    rawBody?: Buffer;
  }
}

const authenticate = async (ctx: AppContext, def: EndpointDef, request: FastifyRequest): Promise<void> => {
  request.member = null;
  request.operator = null;
  if (def.token === 'none') return;
  const token = bearerToken(request.headers.authorization);
  if (def.token === 'operator') {
    request.operator = token ? await resolveOperatorSession(ctx.db, token, ctx.config.OPERATOR_IDLE_MINUTES) : null;
    if (!request.operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return;
  }
  request.member = token ? await cachedMemberSession(ctx.db, token, ctx.config.SESSION_CACHE_MS) : null;
  const required = def.token === 'member' || def.token === 'agent';
  if (required && !request.member) {
    throw new ApiError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED', token ? 'Session expired or revoked' : 'Sign-in required');
  }
  // A session held back by a forced password change counts as a guest on optional calls.
  if (request.member?.mustChangePassword && !def.allowDuringPasswordChange) {
    if (required) throw new ApiError('PASSWORD_CHANGE_REQUIRED', 'Change the password first');
    request.member = null;
  }
  if (def.token === 'agent') requireAgent(request.member);
};

/** Reads the body once (up to `limit` bytes), keeps its bytes on the request, and hands them on to the parser. */
const keepRawBody = (limit: number) => async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size > limit) throw new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    chunks.push(bytes);
  }
  request.rawBody = Buffer.concat(chunks);
  const replay = Readable.from([request.rawBody]);
  return Object.assign(replay, { receivedEncodedLength: request.rawBody.length });
};

/**
 * PostgreSQL cannot store a NUL character, so a NUL in any string of a request would end as a 500 at
 * the first write; it is refused here once, for every text field of every call, as a validation error.
 */
const refuseNulCharacters = (value: unknown, at: string): void => {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      throw new ApiError('VALIDATION', `Invalid request: ${at} NUL characters are not allowed`, [{ path: at, message: 'NUL characters are not allowed' }]);
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => refuseNulCharacters(item, `${at}.${index}`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      refuseNulCharacters(key, at);
      refuseNulCharacters(item, `${at}.${key}`);
    }
  }
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Handlers for an endpoint table other than `http` (tests register tiny tables of their own). */
export type TableHandlers<T extends Record<string, EndpointDef>> = {
  [K in keyof T]: (
    ctx: Omit<RequestContext<EndpointKey>, 'query' | 'body'> & { query: Out<T[K]['query']>; body: Out<T[K]['body']> },
  ) => Promise<z.output<T[K]['response']>>;
};

/** Registers one Fastify route per contract entry; a missing handler is a start-up error. */
export function registerContract(app: FastifyInstance, ctx: AppContext, handlers: Handlers): void;
export function registerContract<T extends Record<string, EndpointDef>>(
  app: FastifyInstance,
  ctx: AppContext,
  handlers: TableHandlers<T>,
  table: T,
): void;
export function registerContract(
  app: FastifyInstance,
  ctx: AppContext,
  handlers: Record<string, unknown>,
  table: Record<string, EndpointDef> = http,
): void {
  const { perAccount } = generalRateLimits(ctx.config);
  const production = ctx.config.NODE_ENV === 'production';
  // Per account and route, counted once the caller is known: players behind one address each have their own.
  // (createRateLimit, not rateLimit: the plugin runs one rateLimit hook per request, and the address one ran.)
  const accountLimit = (): preHandlerHookHandler => {
    const count = app.createRateLimit({ max: perAccount ?? 1, timeWindow: '1 minute', keyGenerator: (request) => accountKey(request) ?? '', allowList: undefined });
    return async (request) => {
      if (accountKey(request) === null) return;
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new ApiError('TOO_MANY_REQUESTS', 'Too many requests, try again later', undefined, { 'retry-after': String(result.ttlInSeconds) });
      }
    };
  };
  for (const [key, def] of Object.entries(table) as [EndpointKey, EndpointDef][]) {
    const handler = handlers[key] as Handler<EndpointKey> | undefined;
    if (!handler) throw new Error(`No server handler for contract entry "${key}"`);
    app.route({
      method: def.method,
      url: def.path,
      config: { contractKey: key, ...(ROUTE_RATE_LIMITS[key] ? { rateLimit: ROUTE_RATE_LIMITS[key] } : {}) },
      schema: {
        operationId: key,
        summary: def.summary,
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        response: { 200: envelope(def.response) },
        ...(def.token !== 'none' ? { security: [{ [def.token === 'operator' ? 'operatorToken' : 'memberToken']: [] }] } : {}),
        'x-encrypted': Boolean(def.encrypted),
        'x-token': def.token,
        ...(def.audience ? { 'x-audience': def.audience } : {}),
        ...(def.reqs ? { 'x-requirements': def.reqs } : {}),
      } as Record<string, unknown>,
      onRequest: async (request) => authenticate(ctx, def, request),
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      ...(def.rawBody ? { preParsing: keepRawBody(def.bodyLimit ?? ctx.config.BODY_LIMIT_BYTES) } : {}),
      ...(perAccount !== null && def.token !== 'none' ? { preHandler: accountLimit() } : {}),
      preValidation: async (request: FastifyRequest) => {
        if (def.encrypted) {
          const parsed = EncryptedBody.safeParse(request.body);
          if (!parsed.success) throw new ApiError('BAD_ENVELOPE', 'Encrypted call expects { value, mac }');
          const header = request.headers[ENCRYPTION_HEADER];
          request.body = decryptPayload(ctx.payloadKeys, parsed.data, Array.isArray(header) ? header[0] : header);
        }
        refuseNulCharacters(request.query, 'query');
        refuseNulCharacters(request.body, 'body');
      },
      handler: async (request, reply) => {
        const value = await handler({
          query: request.query as never,
          body: request.body as never,
          member: request.member,
          operator: request.operator,
          request,
          reply,
        });
        const answer = { success: true, code: 'OK', message: 'OK', value };
        // Production sends a shared answer's compressed copy (@fastify/compress passes an encoded body through);
        // development and tests serialize every answer, so that each is checked against its contract schema.
        const shared = production ? compressedSharedAnswer(answer, request.headers['accept-encoding']) : null;
        if (!shared) return answer;
        // Added to what is there already (CORS varies by origin).
        const vary = reply.getHeader('vary');
        return reply
          .type('application/json; charset=utf-8')
          .header('content-encoding', shared.encoding)
          .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
          .send(shared.body);
      },
    });
  }
}
