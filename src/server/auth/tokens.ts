import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token of 256 random bits. */
export const createToken = (): string => randomBytes(32).toString('base64url');

/** Only the hash is stored, so a database leak hands out no live session. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const bearerToken = (authorization: string | undefined): string | null => {
  if (!authorization) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(authorization.trim());
  return match?.[1] ?? null;
};
