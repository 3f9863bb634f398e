import { sql } from 'kysely';
import { serializeLockKeys, serializeOn, SERIALIZE_LOCK_CLASS } from '../../db/advisory-locks';
import type { Db } from '../../db/create-db';
import { preparedQuery } from '../../db/prepared';

/**
 * Sliding-window counters and temporary locks kept in the database, so every server node sees the
 * same counts (failed logins per account and per IP, payment-password failures, reset emails,
 * free-play accounts). Each check-and-count runs under transaction-scoped advisory locks on its
 * buckets, so N parallel attempts count exactly like N sequential ones, on one node or many.
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

// An attempt's release runs at every sign-in: its two shapes are built and compiled once (the ids and buckets as arrays).
const releaseOnly = preparedQuery((db: Db, ids: readonly number[]) =>
  db.deleteFrom('rate_events').where('id', '=', sql<number>`any(${ids}::bigint[])`),
);
const releaseAndClear = preparedQuery((db: Db, ids: readonly number[], clear: readonly string[]) =>
  db.deleteFrom('rate_events').where((eb) => eb.or([eb('id', '=', sql<number>`any(${ids}::bigint[])`), eb('bucket', '=', sql<string>`any(${clear}::text[])`)])),
);

export interface CountedAttempt {
  /** Per bucket, in the order given: the attempts in the window, this one included. */
  counts: number[];
  /**
   * Takes this attempt back out of every bucket (it was refused before it was tried, or it succeeded), and empties
   * the `clear` buckets (a success forgets the failures before it), in one statement.
   */
  release: (clear?: readonly string[]) => Promise<void>;
}

/**
 * Counts one attempt in each bucket before it is tried, as one atomic step: callers that share a
 * bucket see the counts 1, 2, 3... one each, never the same count twice.
 */
export const countAttempt = async (db: Db, buckets: readonly string[], windowSeconds: number, now = new Date()): Promise<CountedAttempt> => {
  // One round trip (migration count_attempt): the locks, the pruning of day-old events, the insert, and each bucket's
  // count before it. The insert's snapshot, taken after the locks, sees every attempt counted before this one.
  const { rows } = await sql<{ inserted_id: number; inserted_bucket: string; counted_before: number }>`
    select inserted_id, inserted_bucket, counted_before from count_attempt(
      ${[...buckets]}::text[], ${SERIALIZE_LOCK_CLASS}::int, ${serializeLockKeys(buckets)}::int[],
      ${now}::timestamptz, ${new Date(now.getTime() - windowSeconds * 1000)}::timestamptz, ${new Date(now.getTime() - PRUNE_AFTER_MS)}::timestamptz
    )`.execute(db);
  const ids = rows.map((r) => Number(r.inserted_id));
  // Each bucket's count, this attempt's own rows included.
  const counts = buckets.map(
    (bucket) => rows.filter((r) => r.inserted_bucket === bucket).length + Number(rows.find((r) => r.inserted_bucket === bucket)?.counted_before ?? 0),
  );
  return {
    counts,
    release: async (clear = []) => {
      await (clear.length > 0 ? releaseAndClear(db, ids, clear) : releaseOnly(db, ids));
    },
  };
};

export type WeighedAttempt = { outcome: 'RIGHT' } | { outcome: 'WRONG' } | { outcome: 'LOCKED'; seconds: number };

/**
 * Weighs one try of a secret (`isRight`) against the failures of `subject`, one try at a time per
 * subject on any node: the lock is read, the secret checked and a failure counted (locking after
 * `maxFailures` in the window) under one advisory lock. So N parallel tries weigh exactly like N
 * sequential ones: parallel right tries all pass, parallel wrong ones lock at the same count.
 */
export const weighAttempt = async (
  db: Db,
  subject: string,
  rules: { maxFailures: number; windowSeconds: number; lockSeconds: number; reason: string },
  isRight: () => Promise<boolean>,
  now = new Date(),
): Promise<WeighedAttempt> =>
  db.transaction().execute(async (trx): Promise<WeighedAttempt> => {
    await serializeOn(trx, [failuresOf(subject)]);
    const lockedFor = await lockSecondsLeft(trx, subject, now);
    if (lockedFor > 0) return { outcome: 'LOCKED', seconds: lockedFor };
    if (await isRight()) {
      await clearBucket(trx, failuresOf(subject));
      return { outcome: 'RIGHT' };
    }
    await trx.insertInto('rate_events').values({ bucket: failuresOf(subject), created_at: now }).execute();
    if ((await countRecent(trx, failuresOf(subject), rules.windowSeconds, now)) >= rules.maxFailures) await lock(trx, subject, rules.lockSeconds, rules.reason, now);
    return { outcome: 'WRONG' };
  });

/**
 * Takes one use of a quota of `limit` per window, atomically: true when it was free (and is now
 * counted), false when the window is full (and nothing is counted).
 */
export const takeQuota = async (db: Db, bucket: string, limit: number, windowSeconds: number, now = new Date()): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    await serializeOn(trx, [bucket]);
    if ((await countRecent(trx, bucket, windowSeconds, now)) >= limit) return false;
    await trx.deleteFrom('rate_events').where('bucket', '=', bucket).where('created_at', '<', new Date(now.getTime() - PRUNE_AFTER_MS)).execute();
    await trx.insertInto('rate_events').values({ bucket, created_at: now }).execute();
    return true;
  });

export const clearBucket = async (db: Db, bucket: string): Promise<void> => {
  await db.deleteFrom('rate_events').where('bucket', '=', bucket).execute();
};

/** Seconds left on a lock of `subject`, or 0 when it is not locked. */
export const lockSecondsLeft = async (db: Db, subject: string, now = new Date()): Promise<number> => (await locksLeft(db, [subject], now))[0]!;

// Read before every sign-in: built and compiled once, the subjects as one array.
const lockRows = preparedQuery((db: Db, subjects: readonly string[]) =>
  db.selectFrom('access_locks').select(['subject', 'locked_until']).where('subject', '=', sql<string>`any(${subjects}::text[])`),
);

/** Seconds left on the lock of each subject, in the order given (0: not locked), read in one query. */
export const locksLeft = async (db: Db, subjects: readonly string[], now = new Date()): Promise<number[]> => {
  const rows = await lockRows(db, subjects);
  const until = new Map(rows.map((r) => [r.subject, new Date(r.locked_until).getTime()]));
  return subjects.map((subject) => Math.max(0, Math.ceil(((until.get(subject) ?? 0) - now.getTime()) / 1000)));
};

export const lock = async (db: Db, subject: string, seconds: number, reason: string, now = new Date()): Promise<void> => {
  const lockedUntil = new Date(now.getTime() + seconds * 1000);
  await db
    .insertInto('access_locks')
    .values({ subject, locked_until: lockedUntil, reason, created_at: now })
    .onConflict((oc) => oc.column('subject').doUpdateSet({ locked_until: lockedUntil, reason, created_at: now }))
    .execute();
};

/** The counter of failures that lock `subject` (an account, an IP, a payment password). */
export const failuresOf = (subject: string) => `fail:${subject}`;

/** Lifts a lock and forgets the failures that led to it, so the next failure does not lock again at once. */
export const liftLock = async (db: Db, subject: string): Promise<void> => {
  await db.deleteFrom('access_locks').where('subject', '=', subject).execute();
  await clearBucket(db, failuresOf(subject));
};

export const accountSubject = (account: string) => `account:${account.toLowerCase()}`;
export const ipSubject = (ip: string) => `ip:${ip}`;
