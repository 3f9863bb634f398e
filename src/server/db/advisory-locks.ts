import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './create-db';

/** Two-key advisory locks of this class; the class keeps them apart from the jobs' one-key locks. */
export const SERIALIZE_LOCK_CLASS = 13_001;

const lockKeyOf = (key: string): number => createHash('sha256').update(key).digest().readInt32BE(0);

/** The second keys of serializeOn's locks on `keys`, in the order they are taken (for SQL that takes them itself). */
export const serializeLockKeys = (keys: readonly string[]): number[] => [...new Set(keys.map(lockKeyOf))].sort((a, b) => a - b);

/**
 * Holds, until `trx` ends, a lock on each key that every caller naming the same key waits for, on
 * any node: check-then-write steps on one key (an attempt counter, a bet id) run one at a time.
 * Keys are taken in one numeric order, so two callers never wait on each other in a cycle.
 */
export const serializeOn = async (trx: Db, keys: readonly string[]): Promise<void> => {
  const lockKeys = serializeLockKeys(keys);
  if (lockKeys.length === 1) {
    await sql`select pg_advisory_xact_lock(${SERIALIZE_LOCK_CLASS}::int, ${lockKeys[0]}::int)`.execute(trx);
    return;
  }
  // Several keys in one round trip: the ordered subquery hands them to the lock function in that order.
  await sql`select pg_advisory_xact_lock(${SERIALIZE_LOCK_CLASS}::int, k) from (select unnest(${lockKeys}::int[]) as k order by k) ordered`.execute(trx);
};
