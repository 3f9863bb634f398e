import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { visitorOf } from './visitor';
import type { RequestMeta } from '../services/auth/login';

/** The caller's IP (honouring TRUST_PROXY) and user agent, as the account services record them. */
export const requestMeta = (ctx: AppContext, request: FastifyRequest): RequestMeta => ({
  ip: visitorOf(request, ctx.config).ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});
