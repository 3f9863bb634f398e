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

interface CachedSession {
  member: AuthedMember;
  expiresAt: number;
  cachedAt: number;
}

interface SessionStore {
  entries: Map<string, CachedSession>;
  /** Bumped by every forget: a read that started before one may not store what it read. */
  epoch: number;
}

/** Past this many cached sessions, stale ones are swept before another is added (and all of them if none was stale). */
const MAX_CACHED_SESSIONS = 20_000;

const stores = new WeakMap<Db, SessionStore>();
const storeOf = (db: Db): SessionStore => {
  let store = stores.get(db);
  if (!store) {
    store = { entries: new Map(), epoch: 0 };
    stores.set(db, store);
  }
  return store;
};

/**
 * `resolveMemberSession` for the HTTP calls, from a per-node cache that keeps a live session for `ttlMs`
 * (SESSION_CACHE_MS; 0 reads the database every time). Ending a session, changing a password or anything
 * else that changes what a session may do calls `forgetCachedSessions` on this node after its commit, and
 * through Redis on the others (realtime.forgetSessions); a node that misses that message (no Redis, Redis
 * down) refuses the session within `ttlMs`. Expiry is checked on every call, cached or not.
 */
export const cachedMemberSession = async (db: Db, token: string, ttlMs: number, now = Date.now()): Promise<AuthedMember | null> => {
  const tokenHash = hashToken(token);
  if (ttlMs <= 0) return (await loadSession(db, tokenHash, now))?.member ?? null;
  const store = storeOf(db);
  const hit = store.entries.get(tokenHash);
  if (hit && now - hit.cachedAt < ttlMs && now < hit.expiresAt) return hit.member;
  if (hit) store.entries.delete(tokenHash);
  const epoch = store.epoch;
  const loaded = await loadSession(db, tokenHash, now);
  // A forget while the read was under way may have been about this very session: do not keep what was read.
  if (loaded && store.epoch === epoch) {
    if (store.entries.size >= MAX_CACHED_SESSIONS) {
      for (const [key, entry] of store.entries) if (now - entry.cachedAt >= ttlMs) store.entries.delete(key);
      if (store.entries.size >= MAX_CACHED_SESSIONS) store.entries.clear();
    }
    store.entries.set(tokenHash, { ...loaded, cachedAt: now });
  }
  return loaded?.member ?? null;
};

/** Drops this node's cached sessions of a member: the next call of each reads the database again. */
export const forgetCachedSessions = (db: Db, memberId: number): void => {
  const store = stores.get(db);
  if (!store) return;
  store.epoch += 1;
  for (const [key, entry] of store.entries) if (entry.member.id === memberId) store.entries.delete(key);
};
