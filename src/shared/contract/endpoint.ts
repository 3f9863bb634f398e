import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: `none` anyone; `optional` anyone, a member token adds context;
 * `member` a valid member token; `operator` a valid operator token.
 */
export type TokenRule = 'none' | 'optional' | 'member' | 'operator';

export interface EndpointDef {
  method: HttpMethod;
  path: string;
  token: TokenRule;
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
