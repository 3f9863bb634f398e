import type { Db } from '../db/create-db';
import { createToken, hashToken } from './tokens';

export interface AuthedOperator {
  id: number;
  username: string;
  role: string;
}

/** How stale a session's last use may be before a call writes it again: one write a minute, not one per call. */
const LAST_SEEN_STEP_MS = 60_000;

/**
 * The operator behind a live session token: a session unused for `idleMinutes`
 * (OPERATOR_IDLE_MINUTES) has ended, whatever its expiry. The call counts as use, but the session
 * only records it when its last recorded use is older than a minute (half the idle time, if that is
 * shorter), in the same statement: so a session ends at most that much before `idleMinutes` of
 * real idleness, and never after.
 */
export const resolveOperatorSession = async (db: Db, token: string, idleMinutes: number): Promise<AuthedOperator | null> => {
  const now = new Date();
  const idleMs = idleMinutes * 60_000;
  const staleBefore = new Date(now.getTime() - Math.min(LAST_SEEN_STEP_MS, idleMs / 2));
  const row = await db
    .with('live', (q) =>
      q
        .selectFrom('operator_sessions')
        .select(['token_hash', 'operator_id', 'last_seen_at'])
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', new Date(now.getTime() - idleMs)),
    )
    // Runs once whether or not the select below reads it (PostgreSQL's data-modifying WITH); the
    // repeated condition keeps parallel calls of one stale session to a single write.
    .with('seen', (q) =>
      q
        .updateTable('operator_sessions')
        .set({ last_seen_at: now })
        .where('token_hash', 'in', (sub) => sub.selectFrom('live').select('live.token_hash').where('live.last_seen_at', '<=', staleBefore))
        .where('last_seen_at', '<=', staleBefore)
        .returning('token_hash'),
    )
    .selectFrom('live')
    .innerJoin('operators', 'operators.id', 'live.operator_id')
    .select(['operators.id', 'operators.username', 'operators.role'])
    .executeTakeFirst();
  return row ?? null;
};

/** Starts an operator session; only the token's hash is stored. */
export const createOperatorSession = async (
  db: Db,
  operatorId: number,
  lifetimeMs: number,
): Promise<{ token: string; expiresAt: Date }> => {
  const token = createToken();
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db
    .insertInto('operator_sessions')
    .values({ token_hash: hashToken(token), operator_id: operatorId, expires_at: expiresAt, last_seen_at: new Date() })
    .execute();
  return { token, expiresAt };
};

export const revokeOperatorSession = async (db: Db, token: string): Promise<void> => {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
};
