import { randomBytes, randomInt } from 'node:crypto';
import type { LoginSite, TwoFactorChallenge, TwoFactorMethod } from '@shared/contract/auth';
import type { AppContext } from '../../app-context';
import { hashToken } from '../../auth/tokens';
import type { MemberRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { driversOf } from '../../providers/delivery/drivers';
import { findMemberById } from '../member/members';
import { maskMobile, type Phone } from './phone';
import { startSession, type StartedSession } from './sessions';
import { checkSmsCode, sendSmsCode, useSmsCode } from './sms-codes';
import { isTotpEnabled, verifyTotpCode } from './totp';

export const TWO_FACTOR_RULES = { ttlSeconds: 10 * 60, emailCodeMinutes: 10, maxAttempts: 5 } as const;

interface SecondFactors {
  phone: Phone | null;
  email: string | null;
  bankAccountName: string | null;
  totp: boolean;
}

const factorsOf = async (ctx: AppContext, memberId: number): Promise<SecondFactors> => {
  const profile = await ctx.db
    .selectFrom('member_profiles')
    .select(['mobile_dialing_code', 'mobile_num', 'email', 'bank_account_name', 'payee_name'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return {
    phone: profile?.mobile_num && profile.mobile_dialing_code ? { dialingCode: profile.mobile_dialing_code, mobileNum: profile.mobile_num } : null,
    email: profile?.email ?? null,
    // The bank account holder's name is the real name when no separate bank account name was given.
    bankAccountName: profile?.bank_account_name ?? profile?.payee_name ?? null,
    totp: await isTotpEnabled(ctx.db, memberId),
  };
};

const methodsOf = (f: SecondFactors): TwoFactorMethod[] => [
  ...(f.phone ? (['sms'] as const) : []),
  ...(f.email ? (['email'] as const) : []),
  ...(f.bankAccountName ? (['bankAccountName'] as const) : []),
  ...(f.totp ? (['totp'] as const) : []),
];

const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, local.length - 1))}@${domain}`;
};

/** Same name regardless of case and spacing. */
const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * AUTH-40: a login from an IP outside the member's registry needs a second factor, once the member
 * has a registry (the first login registers its IP) and a factor to offer. Throws TWO_FACTOR_REQUIRED
 * with a challenge, or returns when none is needed.
 */
export const requireSecondFactor = async (
  ctx: AppContext,
  member: MemberRow,
  login: { ip: string; site: LoginSite; rememberMe: boolean; passwordIsDefault: boolean },
): Promise<void> => {
  if (!ctx.config.TWO_FACTOR_NEW_IP) return;
  const known = await ctx.db.selectFrom('member_ips').select('ip').where('member_id', '=', member.id).execute();
  if (known.length === 0 || known.some((r) => r.ip === login.ip)) return;
  const factors = await factorsOf(ctx, member.id);
  const methods = methodsOf(factors);
  if (methods.length === 0) return;
  const challengeId = randomBytes(18).toString('base64url');
  const now = new Date();
  await ctx.db
    .insertInto('two_factor_challenges')
    .values({
      id: challengeId,
      member_id: member.id,
      ip: login.ip,
      site: login.site,
      remember_me: login.rememberMe,
      password_is_default: login.passwordIsDefault,
      methods: JSON.stringify(methods),
      created_at: now,
      expires_at: new Date(now.getTime() + TWO_FACTOR_RULES.ttlSeconds * 1000),
    })
    .execute();
  const details: TwoFactorChallenge = {
    challengeId,
    methods,
    maskedMobile: factors.phone ? maskMobile(factors.phone) : null,
    maskedEmail: factors.email ? maskEmail(factors.email) : null,
    expiresInSeconds: TWO_FACTOR_RULES.ttlSeconds,
  };
  throw new ApiError('TWO_FACTOR_REQUIRED', 'This device is new to the account: verify it with a second factor', details);
};

const liveChallenge = async (ctx: AppContext, challengeId: string, ip: string) => {
  const row = await ctx.db
    .selectFrom('two_factor_challenges')
    .selectAll()
    .where('id', '=', challengeId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  // A challenge belongs to the IP that started it.
  if (!row || row.ip !== ip || row.attempts >= TWO_FACTOR_RULES.maxAttempts) {
    throw new ApiError('TWO_FACTOR_INVALID', 'The verification has expired; log in again');
  }
  return { ...row, methods: row.methods as unknown as TwoFactorMethod[] };
};

/** Sends the SMS or email code of a challenge. */
export const sendSecondFactorCode = async (
  ctx: AppContext,
  request: { challengeId: string; method: 'sms' | 'email' },
  ip: string,
): Promise<{ expiredMinutes: number }> => {
  const challenge = await liveChallenge(ctx, request.challengeId, ip);
  if (!challenge.methods.includes(request.method)) throw new ApiError('TWO_FACTOR_INVALID', 'This verification method is not available');
  const factors = await factorsOf(ctx, challenge.member_id);
  const drivers = driversOf(ctx);
  if (request.method === 'sms' && factors.phone) {
    return sendSmsCode(ctx, drivers.sms, {
      purpose: 'twoFactor',
      phone: factors.phone,
      ip,
      text: (code, minutes) => `Your login verification code is ${code}. It expires in ${minutes} minutes.`,
    });
  }
  if (request.method === 'email' && factors.email) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await ctx.db
      .updateTable('two_factor_challenges')
      .set({
        code_hash: hashToken(`${challenge.id}:${code}`),
        code_method: 'email',
        code_expires_at: new Date(Date.now() + TWO_FACTOR_RULES.emailCodeMinutes * 60_000),
      })
      .where('id', '=', challenge.id)
      .execute();
    await drivers.email.send({
      to: factors.email,
      subject: 'Your login verification code',
      text: `Your login verification code is ${code}. It expires in ${TWO_FACTOR_RULES.emailCodeMinutes} minutes.\nIf this was not you, change your password.`,
    });
    return { expiredMinutes: TWO_FACTOR_RULES.emailCodeMinutes };
  }
  throw new ApiError('TWO_FACTOR_INVALID', 'This verification method is not available');
};

/**
 * Counts a try at a challenge before the factor is weighed, in one conditional UPDATE: parallel tries
 * take the attempts one by one, and once TWO_FACTOR_RULES.maxAttempts are taken the challenge is dead.
 */
const takeChallengeAttempt = async (ctx: AppContext, challengeId: string, ip: string) => {
  const row = await ctx.db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challengeId)
    .where('ip', '=', ip)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', TWO_FACTOR_RULES.maxAttempts)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('TWO_FACTOR_INVALID', 'The verification has expired; log in again');
  return { ...row, methods: row.methods as unknown as TwoFactorMethod[] };
};

const wrongFactor = (): never => {
  throw new ApiError('TWO_FACTOR_INVALID', 'The verification is not right');
};

/** Completes a two-factor login: the factor checks out, the IP joins the registry, the session opens (AUTH-41). */
export const completeSecondFactor = async (
  ctx: AppContext,
  request: { challengeId: string; method: TwoFactorMethod; code: string },
  meta: { ip: string; userAgent: string },
): Promise<StartedSession> => {
  const challenge = await takeChallengeAttempt(ctx, request.challengeId, meta.ip);
  if (!challenge.methods.includes(request.method)) return wrongFactor();
  const factors = await factorsOf(ctx, challenge.member_id);
  let smsCheck: Awaited<ReturnType<typeof checkSmsCode>> | null = null;
  switch (request.method) {
    case 'sms':
      if (!factors.phone) return wrongFactor();
      smsCheck = await checkSmsCode(ctx.db, { purpose: 'twoFactor', ...factors.phone, code: request.code }).catch(() => null);
      if (!smsCheck) return wrongFactor();
      break;
    case 'email': {
      const live = challenge.code_method === 'email' && challenge.code_expires_at && new Date(challenge.code_expires_at) > new Date();
      if (!live || challenge.code_hash !== hashToken(`${challenge.id}:${request.code.trim()}`)) return wrongFactor();
      break;
    }
    case 'bankAccountName':
      if (!factors.bankAccountName || !sameName(factors.bankAccountName, request.code)) return wrongFactor();
      break;
    case 'totp':
      if (!(await verifyTotpCode(ctx.db, challenge.member_id, request.code, { enrolledOnly: true }))) return wrongFactor();
      break;
  }
  const member = await findMemberById(ctx.db, challenge.member_id);
  if (!member) throw new ApiError('TWO_FACTOR_INVALID', 'The verification has expired; log in again');
  return ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('two_factor_challenges')
      .set({ consumed_at: new Date() })
      .where('id', '=', challenge.id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw new ApiError('TWO_FACTOR_INVALID', 'The verification has expired; log in again');
    if (smsCheck) await useSmsCode(trx, smsCheck);
    return startSession(
      ctx,
      member,
      { ip: meta.ip, userAgent: meta.userAgent, rememberMe: challenge.remember_me, withPassword: true, passwordIsDefault: challenge.password_is_default },
      trx,
    );
  });
};
