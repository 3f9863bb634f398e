import { sql } from 'kysely';
import type { LoginResult, LoginSite } from '@shared/contract/auth';
import { isAgentType, TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import { createToken, hashToken } from '../../auth/tokens';
import type { Db } from '../../db/create-db';
import { preparedQuery } from '../../db/prepared';
import type { MemberRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { RevokeReason } from '../../socket/realtime';
import { isFlagOn } from '../system/whitelabel';
import { ipRegistration } from '../member/members';
import { isPasswordExpired } from './passwords';

/** Remember-me lasts 1 day (spec section 9). */
export const REMEMBER_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The agent site admits agents only (ERR-05); no site admits a closed account or a non-member type (ERR-04). */
export const assertSiteAdmits = (member: Pick<MemberRow, 'type' | 'status'>, site: LoginSite, allowTrial = false): void => {
  if (member.status !== 'active') throw new ApiError('NOT_MEMBER', 'This account is not an active member and cannot log in');
  if (site === 'agent' && !isAgentType(member.type)) throw new ApiError('NOT_AGENT', 'Non-agents cannot log in to the agent site');
  const isMember = member.type === 0 || isAgentType(member.type) || (allowTrial && member.type === TRIAL_TYPE);
  if (!isMember) throw new ApiError('NOT_MEMBER', 'Non-members cannot log in');
};

/** A started session: the caller's answer, and the remember-me token that travels apart from it (an HttpOnly cookie). */
export interface StartedSession {
  result: LoginResult;
  rememberToken: string | null;
}

export interface SessionStart {
  ip: string;
  userAgent: string;
  rememberMe: boolean;
  /** The login was made with the account's password (username or remember-me type). */
  withPassword: boolean;
  /** The password typed was the configured default initial password. */
  passwordIsDefault: boolean;
}

/**
 * The session, the login stamp and the IP registry in one statement: one round trip, all or nothing. Every sign-in
 * runs it: built and compiled once per database handle.
 */
const openSession = preparedQuery(
  (
    db: Db,
    memberId: number,
    tokenHash: string,
    ip: string,
    userAgent: string,
    now: Date,
    expiresAt: Date,
    mustChangePassword: boolean,
  ) =>
    db
      .with('address', (q) => ipRegistration(q, memberId, ip, now))
      .with('session', (q) =>
        q.insertInto('sessions').values({
          token_hash: tokenHash,
          member_id: memberId,
          ip,
          user_agent: userAgent,
          created_at: now,
          expires_at: expiresAt,
          must_change_password: mustChangePassword,
        }),
      )
      .with('stamp', (q) => q.updateTable('members').set({ last_login_at: now }).where('id', '=', memberId))
      .selectNoFrom(sql<number>`1`.as('done')),
);

/**
 * Opens a session for a member whose identity is proven: registers the IP, stamps the login time,
 * and decides whether the password must change first (AUTH-07, AUTH-08: password logins only).
 * Runs in the caller's transaction when one is given, so it commits with the change that led to it.
 */
export const startSession = async (ctx: AppContext, member: MemberRow, start: SessionStart, trx?: Db): Promise<StartedSession> => {
  const passwordExpired = member.type !== TRIAL_TYPE && isPasswordExpired(member.password_changed_at, ctx.config);
  // The flag is read only when it decides (a sign-in reads no more than it needs).
  const mustChangePassword =
    start.withPassword && (start.passwordIsDefault || (passwordExpired && (await isFlagOn(trx ?? ctx.db, 'FORCECHNGPASS3'))));
  const token = createToken();
  const rememberToken = start.rememberMe && !mustChangePassword ? createToken() : null;
  const now = new Date();
  const tokenHash = hashToken(token);
  const work = async (db: Db) => {
    const expiresAt = new Date(now.getTime() + ctx.config.SESSION_TTL_HOURS * 3_600_000);
    await openSession(db, member.id, tokenHash, start.ip, start.userAgent.slice(0, 500), now, expiresAt, mustChangePassword);
    if (rememberToken) {
      await db
        .insertInto('remember_tokens')
        .values({
          token_hash: hashToken(rememberToken),
          member_id: member.id,
          session_hash: tokenHash,
          created_at: now,
          expires_at: new Date(now.getTime() + REMEMBER_TOKEN_TTL_MS),
        })
        .execute();
    }
  };
  if (trx || !rememberToken) await work(trx ?? ctx.db);
  else await ctx.db.transaction().execute(work);
  const result: LoginResult = {
    token,
    firstTimeLogin: member.last_login_at === null,
    passwordExpired,
    passwordIsDefault: start.passwordIsDefault,
    mustChangePassword,
    remembered: rememberToken !== null,
    userInfo: {
      id: member.id,
      userName: member.account,
      account: member.account,
      nickname: member.nickname,
      type: member.type,
      isAgent: isAgentType(member.type),
      isTrial: member.type === TRIAL_TYPE,
    },
  };
  return { result, rememberToken };
};

/** The member behind a live remember-me token. */
export const memberIdOfRememberToken = async (db: Db, rememberToken: string): Promise<number | null> => {
  const row = await db
    .selectFrom('remember_tokens')
    .select('member_id')
    .where('token_hash', '=', hashToken(rememberToken))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.member_id ?? null;
};

/**
 * Ends one session (logout) with the remember-me token it was given, and the one this browser
 * presents (`rememberToken`, from its cookie); its sockets are told and disconnected after the commit.
 */
export const endSession = async (ctx: AppContext, memberId: number, tokenHash: string, reason: RevokeReason, rememberToken: string | null = null): Promise<void> => {
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
    await trx
      .updateTable('remember_tokens')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('session_hash', '=', tokenHash), ...(rememberToken ? [eb('token_hash', '=', hashToken(rememberToken))] : [])]))
      .execute();
  });
  ctx.realtime.forgetCached('sessions', memberId);
  ctx.realtime.revokeSockets(memberId, reason, tokenHash);
};

/**
 * Ends every session of a member except `keepTokenHash` and every remember-me token (password
 * change and reset). Returns the ended sessions' hashes, whose sockets the caller tells after commit.
 */
export const endOtherSessions = async (trx: Db, memberId: number, keepTokenHash: string | null): Promise<string[]> => {
  const now = new Date();
  let query = trx.updateTable('sessions').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  const ended = await query.returning('token_hash').execute();
  await trx.updateTable('remember_tokens').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null).execute();
  return ended.map((s) => s.token_hash);
};

/** After the commit: every node forgets the member's cached sessions (the kept one changed too), their sockets are told. */
export const tellEndedSessions = (ctx: AppContext, memberId: number, tokenHashes: string[], reason: RevokeReason): void => {
  ctx.realtime.forgetCached('sessions', memberId);
  for (const hash of tokenHashes) ctx.realtime.revokeSockets(memberId, reason, hash);
};
