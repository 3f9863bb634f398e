import type { Db } from '../db/create-db';
import { createToken, hashToken } from './tokens';

export interface AuthedOperator {
  id: number;
  username: string;
  role: string;
}

export const resolveOperatorSession = async (db: Db, token: string): Promise<AuthedOperator | null> => {
  const row = await db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select(['operators.id', 'operators.username', 'operators.role'])
    .where('operator_sessions.token_hash', '=', hashToken(token))
    .where('operator_sessions.revoked_at', 'is', null)
    .where('operator_sessions.expires_at', '>', new Date())
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
  await db.insertInto('operator_sessions').values({ token_hash: hashToken(token), operator_id: operatorId, expires_at: expiresAt }).execute();
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
