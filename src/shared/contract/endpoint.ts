import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: `none` anyone; `optional` anyone, a member token adds context;
 * `member` a valid member token; `agent` a valid member token of an agent account (a trial account
 * is TRIAL_ACCOUNT, any other member NOT_AGENT, both 403); `operator` a valid operator token.
 */
export type TokenRule = 'none' | 'optional' | 'member' | 'agent' | 'operator';

/**
 * Which members a `member` call serves: every signed-in member (unset), `real` accounts only (a trial
 * account is refused with 403 TRIAL_ACCOUNT: money, records, messages, security settings), or `agent`
 * accounts only (anyone else is refused with 403 NOT_AGENT). The handler enforces it; the
 * authorization matrix (tests/server/authorization-matrix.test.ts) checks every endpoint against it.
 */
export type Audience = 'real' | 'agent';

export interface EndpointDef {
  method: HttpMethod;
  path: string;
  token: TokenRule;
  audience?: Audience;
  /** The call names another member and answers only when that member is in the caller's own downline. */
  downlineScoped?: boolean;
  /** Body travels as EncryptedBody; `body` below is the plaintext payload. */
  encrypted?: boolean;
  /** Body is application/x-www-form-urlencoded. */
  form?: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  summary: string;
  /** Keep the request's raw bytes (`request.rawBody`) for a signature check. */
  rawBody?: boolean;
  /** A larger body limit in bytes than the server's default (uploads). */
  bodyLimit?: number;
  /** A member session restricted to a forced password change may call this (change password, logout). */
  allowDuringPasswordChange?: boolean;
  /** Requirement ids of spec/requirements.md this call serves. */
  reqs?: readonly string[];
}

/** Identity helper that keeps literal types while checking the shape. */
export const endpoint = <const D extends EndpointDef>(def: D): D => def;
