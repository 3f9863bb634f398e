import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult } from '@shared/contract/auth';
import { REMEMBER_TOKEN_TTL_MS, type StartedSession } from '../services/auth/sessions';

/**
 * The remember-me token lives in this HttpOnly cookie only: page script (an injected one included)
 * can neither read nor replace it, and it is sent to the session calls alone (login, logout).
 */
const REMEMBER_COOKIE = 'rw_remember';
const REMEMBER_COOKIE_PATH = '/wps/session';

export const rememberTokenOf = (request: FastifyRequest): string | null => parse(request.headers.cookie ?? '')[REMEMBER_COOKIE] || null;

/** Sets the cookie to `token`, or clears it when null. */
export const setRememberCookie = (request: FastifyRequest, reply: FastifyReply, token: string | null): void => {
  void reply.header(
    'set-cookie',
    serialize(REMEMBER_COOKIE, token ?? '', {
      httpOnly: true,
      sameSite: 'strict',
      path: REMEMBER_COOKIE_PATH,
      secure: request.protocol === 'https',
      maxAge: token ? REMEMBER_TOKEN_TTL_MS / 1000 : 0,
    }),
  );
};

/** The answer to a login: the remember-me token, when one was given, goes out as the cookie, never in the body. */
export const answerLogin = (request: FastifyRequest, reply: FastifyReply, started: StartedSession): LoginResult => {
  if (started.rememberToken) setRememberCookie(request, reply, started.rememberToken);
  return started.result;
};
