import type { z } from 'zod';
import type { RememberLoginRequest, SmsLoginRequest, UsernameLoginRequest } from '@shared/contract/auth';
import type { AppContext } from '../../app-context';
import { hashToken } from '../../auth/tokens';
import { ApiError } from '../../http/api-error';
import { isFlagOn } from '../system/whitelabel';
import { consumeBotCheck } from './bot-check';
import { consumeCaptcha } from './captcha';
import { findMemberByAccount, findMemberById, findMemberByPhone } from '../member/members';
import { defaultInitialPassword, upgradeOutdatedHash, verifyDecoy, verifyPassword } from './passwords';
import { parsePhone } from './phone';
import { assertSiteAdmits, memberIdOfRememberToken, startSession, type StartedSession } from './sessions';
import { checkSmsCode, useSmsCode } from './sms-codes';
import { accountSubject, countAttempt, failuresOf, ipSubject, lock, locksLeft } from './throttle';
import { requireSecondFactor } from './two-factor';

/**
 * Failed-login policy: the captcha joins the form after a few failures of an account or an IP;
 * many failures lock the account for a while; very many from one IP lock the IP until customer
 * service lifts it (ERR-23) or a day passes.
 */
export const LOGIN_RULES = {
  failureWindowSeconds: 30 * 60,
  captchaAfterFailures: 3,
  lockAccountAfterFailures: 10,
  accountLockSeconds: 30 * 60,
  lockIpAfterFailures: 20,
  ipLockSeconds: 24 * 60 * 60,
} as const;

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

const failuresOfAccount = (account: string) => failuresOf(accountSubject(account));
const failuresOfIp = (ip: string) => failuresOf(ipSubject(ip));

const locked = (code: 'ACCOUNT_LOCKED' | 'IP_LOCKED', seconds: number) =>
  new ApiError(
    code,
    code === 'IP_LOCKED'
      ? 'This IP is temporarily locked; contact online customer service to unlock it'
      : `Too many failed logins; try again in ${Math.ceil(seconds / 60)} minutes`,
    undefined,
    { 'retry-after': String(seconds) },
  );

const assertNotLocked = async (ctx: AppContext, account: string | null, ip: string): Promise<void> => {
  const [ipLeft = 0, accountLeft = 0] = await locksLeft(ctx.db, account === null ? [ipSubject(ip)] : [ipSubject(ip), accountSubject(account)]);
  if (ipLeft > 0) throw locked('IP_LOCKED', ipLeft);
  if (accountLeft > 0) throw locked('ACCOUNT_LOCKED', accountLeft);
};

/**
 * Counts a login as failed before its password is weighed, atomically, so parallel tries are
 * numbered like sequential ones and each sees the failures before it: the 4th needs the captcha,
 * the 11th finds the account locked, whatever arrives at once. A try refused before its password
 * was weighed is taken back; a right password takes it back and clears the account's failures.
 */
const beginLoginAttempt = async (ctx: AppContext, request: z.output<typeof UsernameLoginRequest>, ip: string) => {
  const attempt = await countAttempt(ctx.db, [failuresOfAccount(request.username), failuresOfIp(ip)], LOGIN_RULES.failureWindowSeconds);
  const [byAccount = 0, byIp = 0] = attempt.counts;
  try {
    if (Math.max(byAccount, byIp) > LOGIN_RULES.captchaAfterFailures) await consumeCaptcha(ctx, request.captchaId, request.captcha);
    if (byIp > LOGIN_RULES.lockIpAfterFailures) throw locked('IP_LOCKED', LOGIN_RULES.ipLockSeconds);
    if (byAccount > LOGIN_RULES.lockAccountAfterFailures) throw locked('ACCOUNT_LOCKED', LOGIN_RULES.accountLockSeconds);
  } catch (error) {
    await attempt.release();
    throw error;
  }
  return { byAccount, byIp, release: attempt.release };
};

/** A weighed and wrong password: it stays counted; the failure that reaches a limit sets the lock. */
const loginFailed = async (ctx: AppContext, account: string, ip: string, failures: { byAccount: number; byIp: number }): Promise<never> => {
  if (failures.byIp >= LOGIN_RULES.lockIpAfterFailures) {
    await lock(ctx.db, ipSubject(ip), LOGIN_RULES.ipLockSeconds, 'failed logins');
    throw locked('IP_LOCKED', LOGIN_RULES.ipLockSeconds);
  }
  if (failures.byAccount >= LOGIN_RULES.lockAccountAfterFailures) {
    // The failures stay counted, so tries already under way are refused too; they leave the window
    // as the lock ends (accountLockSeconds >= failureWindowSeconds). Lifting a lock clears them.
    await lock(ctx.db, accountSubject(account), LOGIN_RULES.accountLockSeconds, 'failed logins');
    throw locked('ACCOUNT_LOCKED', LOGIN_RULES.accountLockSeconds);
  }
  throw new ApiError('INVALID_CREDENTIALS', 'The username or password is not right', {
    captchaRequired: Math.max(failures.byAccount, failures.byIp) >= LOGIN_RULES.captchaAfterFailures,
  });
};

/** Username and password (API-04): locks, bot-check, captcha after failures, then the password. */
export const loginWithPassword = async (
  ctx: AppContext,
  request: z.output<typeof UsernameLoginRequest>,
  meta: RequestMeta,
): Promise<StartedSession> => {
  await assertNotLocked(ctx, request.username, meta.ip);
  await consumeBotCheck(ctx, request.botCheck);
  const attempt = await beginLoginAttempt(ctx, request, meta.ip);
  const member = await findMemberByAccount(ctx.db, request.username);
  const valid = member ? await verifyPassword(member.password_hash, request.password) : await verifyDecoy(request.password);
  if (!member || !valid) return loginFailed(ctx, request.username, meta.ip, attempt);
  await attempt.release([failuresOfAccount(request.username)]);
  await upgradeOutdatedHash(ctx.db, { table: 'members', id: member.id, storedHash: member.password_hash }, request.password);
  assertSiteAdmits(member, request.site);
  const passwordIsDefault = request.password === defaultInitialPassword(ctx.config);
  await requireSecondFactor(ctx, member, { ip: meta.ip, site: request.site, rememberMe: request.rememberMe, passwordIsDefault });
  return startSession(ctx, member, { ...meta, rememberMe: request.rememberMe, withPassword: true, passwordIsDefault });
};

/** Mobile number and SMS code (flag SMSLOGIN3); the code already proves the phone, so no second factor. */
export const loginWithSms = async (ctx: AppContext, request: z.output<typeof SmsLoginRequest>, meta: RequestMeta): Promise<StartedSession> => {
  if (!(await isFlagOn(ctx.db, 'SMSLOGIN3'))) throw new ApiError('FEATURE_DISABLED', 'Login by SMS code is not enabled; contact customer service');
  await assertNotLocked(ctx, null, meta.ip);
  const phone = await parsePhone(ctx, request.countryDialingCode, request.mobileNum);
  const checked = await checkSmsCode(ctx.db, { purpose: 'noLogin', ...phone, code: request.verificationCode });
  const member = await findMemberByPhone(ctx.db, phone);
  if (!member) throw new ApiError('USER_NOT_FOUND', 'No account uses this mobile number');
  assertSiteAdmits(member, request.site);
  return ctx.db.transaction().execute(async (trx) => {
    await useSmsCode(trx, checked);
    return startSession(ctx, member, { ...meta, rememberMe: request.rememberMe, withPassword: false, passwordIsDefault: false }, trx);
  });
};

const rememberedLoginExpired = () =>
  new ApiError('INVALID_CREDENTIALS', 'The remembered login has expired; log in again', { captchaRequired: false });

/**
 * Remember-me token (AUTH-12), from the browser's HttpOnly cookie: used once (a second use, even a
 * simultaneous one, is refused) and replaced by a new one; a new IP still needs a second factor.
 */
export const loginWithRememberToken = async (
  ctx: AppContext,
  request: z.output<typeof RememberLoginRequest> & { rememberToken: string | null },
  meta: RequestMeta,
): Promise<StartedSession> => {
  await assertNotLocked(ctx, null, meta.ip);
  const { rememberToken } = request;
  const memberId = rememberToken === null ? null : await memberIdOfRememberToken(ctx.db, rememberToken);
  const member = memberId === null ? undefined : await findMemberById(ctx.db, memberId);
  if (!rememberToken || !member) throw rememberedLoginExpired();
  assertSiteAdmits(member, request.site);
  await requireSecondFactor(ctx, member, { ip: meta.ip, site: request.site, rememberMe: true, passwordIsDefault: false });
  return ctx.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('remember_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(rememberToken))
      .where('revoked_at', 'is', null)
      .returning('member_id')
      .executeTakeFirst();
    if (!used) throw rememberedLoginExpired();
    return startSession(ctx, member, { ...meta, rememberMe: true, withPassword: true, passwordIsDefault: false }, trx);
  });
};
