import type { Db } from '../../db/create-db';

/**
 * Sliding-window counters and temporary locks kept in the database, so every server node sees the
 * same counts (failed logins per account and per IP, reset requests, free-play accounts).
 */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

export const countRecent = async (db: Db, bucket: string, windowSeconds: number, now = new Date()): Promise<number> => {
  const row = await db
    .selectFrom('rate_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', bucket)
    .where('created_at', '>', new Date(now.getTime() - windowSeconds * 1000))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

export const recordEvent = async (db: Db, bucket: string, now = new Date()): Promise<void> => {
  await db.deleteFrom('rate_events').where('bucket', '=', bucket).where('created_at', '<', new Date(now.getTime() - PRUNE_AFTER_MS)).execute();
  await db.insertInto('rate_events').values({ bucket, created_at: now }).execute();
};

export const clearBucket = async (db: Db, bucket: string): Promise<void> => {
  await db.deleteFrom('rate_events').where('bucket', '=', bucket).execute();
};

/** Seconds left on a lock of `subject`, or 0 when it is not locked. */
export const lockSecondsLeft = async (db: Db, subject: string, now = new Date()): Promise<number> => {
  const row = await db.selectFrom('access_locks').select('locked_until').where('subject', '=', subject).executeTakeFirst();
  if (!row) return 0;
  const left = Math.ceil((new Date(row.locked_until).getTime() - now.getTime()) / 1000);
  return Math.max(0, left);
};

export const lock = async (db: Db, subject: string, seconds: number, reason: string, now = new Date()): Promise<void> => {
  const lockedUntil = new Date(now.getTime() + seconds * 1000);
  await db
    .insertInto('access_locks')
    .values({ subject, locked_until: lockedUntil, reason, created_at: now })
    .onConflict((oc) => oc.column('subject').doUpdateSet({ locked_until: lockedUntil, reason, created_at: now }))
    .execute();
};

/** Lifts a lock and forgets the failures that led to it, so the next failure does not lock again at once. */
export const liftLock = async (db: Db, subject: string): Promise<void> => {
  await db.deleteFrom('access_locks').where('subject', '=', subject).execute();
  await clearBucket(db, `login-fail:${subject}`);
};

export const accountSubject = (account: string) => `account:${account.toLowerCase()}`;
export const ipSubject = (ip: string) => `ip:${ip}`;
