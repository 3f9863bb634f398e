import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { EncryptedBody, envelope, ENCRYPTION_HEADER } from '@shared/contract/envelope';
import { http, type BodyOf, type EndpointKey, type QueryOf, type ResponseOf } from '@shared/contract/http';
import type { EndpointDef } from '@shared/contract/endpoint';
import type { AppContext } from '../app-context';
import { resolveMemberSession, type AuthedMember } from '../auth/member-sessions';
import { resolveOperatorSession, type AuthedOperator } from '../auth/operator-sessions';
import { bearerToken } from '../auth/tokens';
import { decryptPayload } from '../crypto/payload-crypto';
import { ApiError } from './api-error';
import { ROUTE_RATE_LIMITS } from './route-limits';

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
    request.operator = token ? await resolveOperatorSession(ctx.db, token) : null;
    if (!request.operator) throw new ApiError('UNAUTHORIZED', 'Operator sign-in required');
    return;
  }
  request.member = token ? await resolveMemberSession(ctx.db, token) : null;
  if (def.token === 'member' && !request.member) {
    throw new ApiError(token ? 'SESSION_EXPIRED' : 'UNAUTHORIZED', token ? 'Session expired or revoked' : 'Sign-in required');
  }
  // A session held back by a forced password change counts as a guest on optional calls.
  if (request.member?.mustChangePassword && !def.allowDuringPasswordChange) {
    if (def.token === 'member') throw new ApiError('PASSWORD_CHANGE_REQUIRED', 'Change the password first');
    request.member = null;
  }
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
        ...(def.reqs ? { 'x-requirements': def.reqs } : {}),
      } as Record<string, unknown>,
      onRequest: async (request) => authenticate(ctx, def, request),
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      ...(def.rawBody ? { preParsing: keepRawBody(def.bodyLimit ?? ctx.config.BODY_LIMIT_BYTES) } : {}),
      ...(def.encrypted
        ? {
            preValidation: async (request: FastifyRequest) => {
              const parsed = EncryptedBody.safeParse(request.body);
              if (!parsed.success) throw new ApiError('BAD_ENVELOPE', 'Encrypted call expects { value, mac }');
              const header = request.headers[ENCRYPTION_HEADER];
              request.body = decryptPayload(ctx.payloadKeys, parsed.data, Array.isArray(header) ? header[0] : header);
            },
          }
        : {}),
      handler: async (request, reply) => {
        const value = await handler({
          query: request.query as never,
          body: request.body as never,
          member: request.member,
          operator: request.operator,
          request,
          reply,
        });
        return { success: true, code: 'OK', message: 'OK', value };
      },
    });
  }
}
