import { createHmac, timingSafeEqual } from 'node:crypto';
import type { HouseEngine } from '@shared/contract/games-house';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';

/**
 * Launched game sessions. The launch URL carries "<sessionId>.<expiresAt seconds>.<HMAC-SHA256>"
 * signed with HOUSE_SESSION_SECRET: a changed id or expiry fails the signature, an expired token
 * is refused for new bets. A game session also ends with the member session that launched it
 * (logout, expiry, revocation) and with any password change after its launch. The session row
 * outlives the token, so payouts that arrive later (a lottery draw) still settle.
 */

export interface HouseSession {
  id: string;
  memberId: number;
  freePlay: boolean;
  /** Cents; set in free play only. */
  demoBalance: number | null;
  language: string;
  expiresAt: Date;
  game: {
    nodeId: number;
    vendor: string;
    gameCode: string;
    gameName: string;
    gameType: string;
    engine: HouseEngine;
    engineConfig: Record<string, unknown>;
  };
}

const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (secret: string, id: string, expiresAtSeconds: number): Buffer =>
  createHmac('sha256', secret).update(`${id}.${expiresAtSeconds}`).digest();

export const signSessionToken = (secret: string, id: string, expiresAt: Date): string => {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${seconds}.${signatureOf(secret, id, seconds).toString('base64url')}`;
};

/** The session id a token names, once its signature and expiry check out. */
export const verifySessionToken = (secret: string, token: string, now = new Date()): string => {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw new ApiError('SIGNATURE_INVALID', 'The game session is not valid');
  const [, id, seconds, signature] = match as unknown as [string, string, string, string];
  // Compared as text: decoding first would accept other spellings of the same bytes (base64url's
  // last character carries unused bits), so a token would have several valid forms.
  const expected = Buffer.from(signatureOf(secret, id, Number(seconds)).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ApiError('SIGNATURE_INVALID', 'The game session is not valid');
  if (Number(seconds) * 1000 <= now.getTime()) throw new ApiError('GAME_SESSION_EXPIRED', 'The game session has expired');
  return id;
};

/** Starts a session for a house node; free play gets the configured demo balance. */
export const openSession = async (
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: { memberId: number; nodeId: number; freePlay: boolean; language: string; memberSessionHash: string | null },
  now = new Date(),
): Promise<{ id: string; token: string; expiresAt: Date }> => {
  const expiresAt = new Date(now.getTime() + ctx.config.HOUSE_SESSION_MINUTES * 60_000);
  const row = await ctx.db
    .insertInto('house_sessions')
    .values({
      member_id: input.memberId,
      node_id: input.nodeId,
      free_play: input.freePlay,
      demo_balance: input.freePlay ? Math.round(ctx.config.HOUSE_DEMO_BALANCE * 100) : null,
      language: input.language,
      created_at: now,
      expires_at: expiresAt,
      member_session_hash: input.memberSessionHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: signSessionToken(ctx.config.HOUSE_SESSION_SECRET, row.id, expiresAt), expiresAt };
};

const findSession = async (db: Db, id: string, now: Date): Promise<{ session: HouseSession; launchedByLiveSession: boolean } | null> => {
  const row = await db
    .selectFrom('house_sessions')
    .innerJoin('games', 'games.node_id', 'house_sessions.node_id')
    .innerJoin('members', 'members.id', 'house_sessions.member_id')
    .innerJoin('game_vendors', 'game_vendors.code', 'games.vendor_code')
    .leftJoin('sessions', (join) =>
      join.onRef('sessions.token_hash', '=', 'house_sessions.member_session_hash').onRef('sessions.member_id', '=', 'house_sessions.member_id'),
    )
    .select([
      'house_sessions.id',
      'house_sessions.member_id',
      'house_sessions.free_play',
      'house_sessions.demo_balance',
      'house_sessions.language',
      'house_sessions.created_at',
      'house_sessions.expires_at',
      'members.status',
      'members.password_changed_at',
      'sessions.revoked_at as member_session_revoked_at',
      'sessions.expires_at as member_session_expires_at',
      'games.node_id',
      'games.vendor_code',
      'games.game_code',
      'games.game_name',
      'games.game_type',
      'games.engine',
      'games.engine_config',
      'games.active',
      'games.maintenance',
      'game_vendors.maintenance as vendor_maintenance',
    ])
    .where('house_sessions.id', '=', id)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !row.engine || !row.active) return null;
  // A game an operator takes down mid-session stops taking bets at once.
  if (row.maintenance || row.vendor_maintenance) throw new ApiError('GAME_MAINTENANCE', 'This game is under maintenance');
  const launchedByLiveSession =
    row.member_session_expires_at !== null &&
    row.member_session_revoked_at === null &&
    new Date(row.member_session_expires_at) > now &&
    new Date(row.created_at) >= new Date(row.password_changed_at);
  return {
    launchedByLiveSession,
    session: {
      id: row.id,
      memberId: row.member_id,
      freePlay: row.free_play,
      demoBalance: row.demo_balance,
      language: row.language,
      expiresAt: new Date(row.expires_at),
      game: {
        nodeId: row.node_id,
        vendor: row.vendor_code,
        gameCode: row.game_code,
        gameName: row.game_name,
        gameType: row.game_type,
        engine: row.engine as HouseEngine,
        engineConfig: row.engine_config,
      },
    },
  };
};

/**
 * The live session behind a token; refused when the token is forged or expired, the account
 * closed, or the member session that launched it is over (logged out, expired, revoked, or the
 * password changed since the launch).
 */
export const sessionFromToken = async (ctx: Pick<AppContext, 'db' | 'config'>, token: string, now = new Date()): Promise<HouseSession> => {
  const id = verifySessionToken(ctx.config.HOUSE_SESSION_SECRET, token, now);
  const found = await findSession(ctx.db, id, now);
  if (!found) throw new ApiError('SIGNATURE_INVALID', 'The game session is not valid');
  if (!found.launchedByLiveSession) throw new ApiError('GAME_SESSION_EXPIRED', 'The game session ended with the sign-in that launched it');
  return found.session;
};

/** A session by its id, live or not: for history written after the fact (the demo seed), never for a player's request. */
export const houseSessionById = async (db: Db, id: string): Promise<HouseSession> => {
  const found = await findSession(db, id, new Date());
  if (!found) throw new Error(`house session ${id} is not playable`);
  return found.session;
};
