import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/create-db';

/**
 * The platform's default initial password (spec section 9): an account that still has it must
 * change it at login (AUTH-07). DEFAULT_INITIAL_PASSWORD in the environment replaces it.
 */
export const DEFAULT_INITIAL_PASSWORD = '{secret}';

export const defaultInitialPassword = (config: AppConfig): string => config.DEFAULT_INITIAL_PASSWORD ?? DEFAULT_INITIAL_PASSWORD;

/** argon2id cost: memory in KiB, passes, lanes. */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/**
 * OWASP's minimum for argon2id (m = 19 MiB, t = 2, p = 1): about 60 sign-ins a second on two cores, where the
 * library's defaults (64 MiB, t = 3, p = 4) allowed 7. PASSWORD_HASH_* settings raise it.
 */
export const OWASP_MINIMUM_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// The cost is the process's password policy: set once from the configuration when an app is built.
let hashing: PasswordHashing = OWASP_MINIMUM_HASHING;
export const usePasswordHashing = (config: Pick<AppConfig, 'PASSWORD_HASH_MEMORY_KIB' | 'PASSWORD_HASH_TIME_COST' | 'PASSWORD_HASH_PARALLELISM'>): void => {
  const next = { memoryCost: config.PASSWORD_HASH_MEMORY_KIB, timeCost: config.PASSWORD_HASH_TIME_COST, parallelism: config.PASSWORD_HASH_PARALLELISM };
  if (next.memoryCost !== hashing.memoryCost || next.timeCost !== hashing.timeCost || next.parallelism !== hashing.parallelism) decoyHash = null;
  hashing = next;
};

/** argon2id at the configured cost. */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id, ...hashing });

/** Whether a stored hash was made with another algorithm or cost than the configured one (then it is replaced at the next sign-in). */
export const hashIsOutdated = (hash: string): boolean => {
  try {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, hashing);
  } catch {
    return true;
  }
};

/**
 * After a successful sign-in, while the password is at hand: a hash made at an older cost is replaced by one at
 * the configured cost, unless the password changed meanwhile.
 */
export const upgradeOutdatedHash = async (db: Db, account: { table: 'members' | 'operators'; id: number; storedHash: string }, password: string): Promise<void> => {
  if (!hashIsOutdated(account.storedHash)) return;
  const fresh = await hashPassword(password);
  await db.updateTable(account.table).set({ password_hash: fresh }).where('id', '=', account.id).where('password_hash', '=', account.storedHash).execute();
};

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
