import type { Db } from '../db/create-db';
import { hashToken } from './tokens';

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
