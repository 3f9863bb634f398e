import type { Db } from '../db/create-db';
import { hashToken } from './tokens';

export interface AuthedMember {
  id: number;
  account: string;
  nickname: string;
  type: number;
  tokenHash: string;
}

/** The live member behind a bearer token, or null when unknown, expired or revoked. */
export const resolveMemberSession = async (db: Db, token: string): Promise<AuthedMember | null> => {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select(['members.id', 'members.account', 'members.nickname', 'members.type', 'members.status'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row || row.status !== 'active') return null;
  return { id: row.id, account: row.account, nickname: row.nickname, type: row.type, tokenHash };
};
