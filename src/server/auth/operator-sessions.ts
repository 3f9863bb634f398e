import type { Db } from '../db/create-db';
import { createToken, hashToken } from './tokens';

export interface AuthedOperator {
  id: number;
  username: string;
  role: string;
}

/**
 * The operator behind a live session token, and the session marked as used now, in one statement:
 * a session unused for `idleMinutes` (OPERATOR_IDLE_MINUTES) has ended, whatever its expiry.
 */
export const resolveOperatorSession = async (db: Db, token: string, idleMinutes: number): Promise<AuthedOperator | null> => {
  const now = new Date();
  const row = await db
    .with('seen', (q) =>
      q
        .updateTable('operator_sessions')
        .set({ last_seen_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', new Date(now.getTime() - idleMinutes * 60_000))
        .returning('operator_id'),
    )
    .selectFrom('seen')
    .innerJoin('operators', 'operators.id', 'seen.operator_id')
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
