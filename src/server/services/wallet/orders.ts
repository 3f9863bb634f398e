import { createHash } from 'node:crypto';
import { ApiError } from '../../http/api-error';

/**
 * Hash of what a request asks for, secrets left out, stored beside its request id: a retry with
 * the same id and body gets the first result, the same id with another body is refused.
 */
export const requestHashOf = (body: Record<string, unknown>, omit: readonly string[] = []): string =>
  createHash('sha256')
    .update(JSON.stringify(Object.keys(body).filter((k) => !omit.includes(k) && k !== 'requestId').sort().map((k) => [k, body[k]])))
    .digest('hex');

export const assertSameRequest = (storedHash: string, hash: string): void => {
  if (storedHash !== hash) throw new ApiError('IDEMPOTENCY_CONFLICT', 'This request id was already used for a different request');
};

/** Order ids travel as strings of their numeric id; anything else names no order. */
export const orderIdOf = (id: string, what: string): number => {
  if (!/^\d{1,15}$/.test(id)) throw new ApiError('NOT_FOUND', `No ${what} ${id}`);
  return Number(id);
};

/** 12345 cents → "123.45", for message text. */
export const formatAmount = (cents: number): string => (cents / 100).toFixed(2);

export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
