import { toErrorCode, type ApiErrorCode } from '@shared/contract/errors';

/**
 * A failure as a machine keeps it: the stable code the view translates (`errors:<code>`), the
 * server's plain-English message (shown verbatim only where the spec asks, ERR-17), the
 * Retry-After seconds of a 429 (ERR-09) and the server's details (e.g. the captcha flag of a
 * failed login).
 */
export interface FlowError {
  code: ApiErrorCode;
  message: string | null;
  retryAfterSeconds: number | null;
  details: unknown;
}

/** Maps anything an actor rejects with to a FlowError; unknown shapes become INTERNAL. */
export const toFlowError = (error: unknown): FlowError => {
  const source = error && typeof error === 'object' ? (error as Record<string, unknown>) : {};
  const retryAfter = source.retryAfterSeconds;
  return {
    code: toErrorCode(error),
    message: typeof source.message === 'string' ? source.message : null,
    retryAfterSeconds: typeof retryAfter === 'number' && Number.isFinite(retryAfter) ? retryAfter : null,
    details: source.details ?? null,
  };
};

/** A failure found by the machine itself (no server call made). */
export const localError = (code: ApiErrorCode): FlowError => ({ code, message: null, retryAfterSeconds: null, details: null });
