import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';

/**
 * The platform's default initial password (spec section 9): an account that still has it must
 * change it at login (AUTH-07). DEFAULT_INITIAL_PASSWORD in the environment replaces it.
 */
export const DEFAULT_INITIAL_PASSWORD = '{secret}';

export const defaultInitialPassword = (config: AppConfig): string => config.DEFAULT_INITIAL_PASSWORD ?? DEFAULT_INITIAL_PASSWORD;

/** argon2id with the library's recommended parameters (RFC 9106 second choice). */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

export const verifyPassword = async (hash: string, password: string): Promise<boolean> => {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};

/**
 * A hash nobody can log in with: for accounts that sign in by SMS, a social provider or free play.
 * It is a real argon2id hash of 256 random bits, so verifying against it costs the same as any other.
 */
export const unusablePasswordHash = (): Promise<string> => hashPassword(randomBytes(32).toString('base64url'));

/** A well-formed hash to verify against when the account is unknown, so timing does not tell. */
let decoyHash: Promise<string> | null = null;
export const verifyDecoy = async (password: string): Promise<false> => {
  decoyHash ??= unusablePasswordHash();
  await verifyPassword(await decoyHash, password);
  return false;
};

export const isPasswordExpired = (changedAt: Date, config: AppConfig, now = new Date()): boolean =>
  now.getTime() - new Date(changedAt).getTime() > config.PASSWORD_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
