import type { Db } from '../db/create-db';
import { preparedQuery } from '../db/prepared';
import { hashToken } from './tokens';

export interface AuthedMember {
  id: number;
  account: string;
  nickname: string;
  type: number;
  tokenHash: string;
  /** The session may only change the password or log out (default or expired password). */
  mustChangePassword: boolean;
}

// Every signed-in call runs it: compiled once.
const liveSession = preparedQuery((db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select(['members.id', 'members.account', 'members.nickname', 'members.type', 'members.status', 'sessions.must_change_password'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

/** The live member behind a bearer token, or null when unknown, expired or revoked. */
export const resolveMemberSession = async (db: Db, token: string): Promise<AuthedMember | null> => {
  const tokenHash = hashToken(token);
  const [row] = await liveSession(db, tokenHash, new Date());
  if (!row || row.status !== 'active') return null;
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    type: row.type,
    tokenHash,
    mustChangePassword: row.must_change_password,
  };
};
