import type { Db } from '../db/create-db';
import { preparedQuery } from '../db/prepared';
import { createMemberReadCache } from '../services/member-read-cache';
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

// Every signed-in call runs it (unless cached): compiled once.
const liveSession = preparedQuery((db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select([
      'members.id',
      'members.account',
      'members.nickname',
      'members.type',
      'members.status',
      'sessions.must_change_password',
      'sessions.expires_at',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

const loadSession = async (db: Db, tokenHash: string, now = Date.now()): Promise<{ member: AuthedMember; expiresAt: number } | null> => {
  const [row] = await liveSession(db, tokenHash, new Date(now));
  if (!row || row.status !== 'active') return null;
  return {
    member: {
      id: row.id,
      account: row.account,
      nickname: row.nickname,
      type: row.type,
      tokenHash,
      mustChangePassword: row.must_change_password,
    },
    expiresAt: new Date(row.expires_at).getTime(),
  };
};

/** The live member behind a bearer token, or null when unknown, expired or revoked: always read from the database. */
export const resolveMemberSession = async (db: Db, token: string): Promise<AuthedMember | null> =>
  (await loadSession(db, hashToken(token)))?.member ?? null;

/** The live member of the session with this token hash (chat tickets name it), always read from the database. */
export const resolveMemberSessionByHash = async (db: Db, tokenHash: string): Promise<AuthedMember | null> =>
  (await loadSession(db, tokenHash))?.member ?? null;

/** A session is kept until it expires, at most; one node keeps up to 20,000. */
const sessionCache = createMemberReadCache<string, { member: AuthedMember; expiresAt: number }>({
  maxEntries: 20_000,
  liveUntil: (session) => session.expiresAt,
});

/**
 * `resolveMemberSession` for the HTTP calls, from a per-node cache that keeps a live session for `ttlMs`
 * (SESSION_CACHE_MS; 0 reads the database every time). Ending a session, changing a password or anything
 * else that changes what a session may do calls `realtime.forgetCached('sessions', memberId)` after its commit,
 * which forgets on this node and, through Redis, on the others; a node that misses that message (no Redis, Redis
 * down) refuses the session within `ttlMs`. Expiry is checked on every call, cached or not.
 */
export const cachedMemberSession = async (db: Db, token: string, ttlMs: number, now = Date.now()): Promise<AuthedMember | null> => {
  const tokenHash = hashToken(token);
  return (await sessionCache.read(db, tokenHash, ttlMs, () => loadSession(db, tokenHash, now), now))?.member ?? null;
};

/** Drops this node's cached sessions of a member: the next call of each reads the database again. */
export const forgetCachedSessions = (db: Db, memberId: number): void => sessionCache.forgetWhere(db, (session) => session.member.id === memberId);
