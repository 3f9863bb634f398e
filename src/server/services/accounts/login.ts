import type { z } from 'zod';
import type { LoginResult, RememberLoginRequest, SmsLoginRequest, UsernameLoginRequest } from '@shared/contract/session';
import type { AppContext } from '../../app-context';
import { hashToken } from '../../auth/tokens';
import { ApiError } from '../../http/api-error';
import { isFlagOn } from '../whitelabel';
import { consumeBotCheck } from './bot-check';
import { consumeCaptcha } from './captcha';
import { findMemberByAccount, findMemberById, findMemberByPhone } from './members';
import { defaultInitialPassword, verifyDecoy, verifyPassword } from './passwords';
import { parsePhone } from './phone';
import { assertSiteAdmits, memberIdOfRememberToken, startSession } from './sessions';
import { checkSmsCode, useSmsCode } from './sms-codes';
import { accountSubject, clearBucket, countRecent, ipSubject, lock, lockSecondsLeft, recordEvent } from './throttle';
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

const failuresOfAccount = (account: string) => `login-fail:${accountSubject(account)}`;
const failuresOfIp = (ip: string) => `login-fail:${ipSubject(ip)}`;

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
  const ipLeft = await lockSecondsLeft(ctx.db, ipSubject(ip));
  if (ipLeft > 0) throw locked('IP_LOCKED', ipLeft);
  if (account === null) return;
  const accountLeft = await lockSecondsLeft(ctx.db, accountSubject(account));
  if (accountLeft > 0) throw locked('ACCOUNT_LOCKED', accountLeft);
};

/** Whether the next login of this account from this IP must carry a captcha (AUTH-10). */
export const isCaptchaRequired = async (ctx: AppContext, account: string, ip: string): Promise<boolean> => {
  const [byAccount, byIp] = await Promise.all([
    countRecent(ctx.db, failuresOfAccount(account), LOGIN_RULES.failureWindowSeconds),
    countRecent(ctx.db, failuresOfIp(ip), LOGIN_RULES.failureWindowSeconds),
  ]);
  return Math.max(byAccount, byIp) >= LOGIN_RULES.captchaAfterFailures;
};

const recordFailure = async (ctx: AppContext, account: string, ip: string): Promise<never> => {
  await recordEvent(ctx.db, failuresOfAccount(account));
  await recordEvent(ctx.db, failuresOfIp(ip));
  const [byAccount, byIp] = await Promise.all([
    countRecent(ctx.db, failuresOfAccount(account), LOGIN_RULES.failureWindowSeconds),
    countRecent(ctx.db, failuresOfIp(ip), LOGIN_RULES.failureWindowSeconds),
  ]);
  if (byIp >= LOGIN_RULES.lockIpAfterFailures) {
    await lock(ctx.db, ipSubject(ip), LOGIN_RULES.ipLockSeconds, 'failed logins');
    throw locked('IP_LOCKED', LOGIN_RULES.ipLockSeconds);
  }
  if (byAccount >= LOGIN_RULES.lockAccountAfterFailures) {
    await lock(ctx.db, accountSubject(account), LOGIN_RULES.accountLockSeconds, 'failed logins');
    await clearBucket(ctx.db, failuresOfAccount(account));
    throw locked('ACCOUNT_LOCKED', LOGIN_RULES.accountLockSeconds);
  }
  throw new ApiError('INVALID_CREDENTIALS', 'The username or password is not right', {
    captchaRequired: Math.max(byAccount, byIp) >= LOGIN_RULES.captchaAfterFailures,
  });
};

/** Username and password (API-04): locks, bot-check, captcha after failures, then the password. */
export const loginWithPassword = async (
  ctx: AppContext,
  request: z.output<typeof UsernameLoginRequest>,
  meta: RequestMeta,
): Promise<LoginResult> => {
  await assertNotLocked(ctx, request.username, meta.ip);
  await consumeBotCheck(ctx, request.botCheck);
  if (await isCaptchaRequired(ctx, request.username, meta.ip)) await consumeCaptcha(ctx, request.captchaId, request.captcha);
  const member = await findMemberByAccount(ctx.db, request.username);
  const valid = member ? await verifyPassword(member.password_hash, request.password) : await verifyDecoy(request.password);
  if (!member || !valid) return recordFailure(ctx, request.username, meta.ip);
  await clearBucket(ctx.db, failuresOfAccount(request.username));
  assertSiteAdmits(member, request.site);
  const passwordIsDefault = request.password === defaultInitialPassword(ctx.config);
  await requireSecondFactor(ctx, member, { ip: meta.ip, site: request.site, rememberMe: request.rememberMe, passwordIsDefault });
  return startSession(ctx, member, { ...meta, rememberMe: request.rememberMe, withPassword: true, passwordIsDefault });
};

/** Mobile number and SMS code (flag SMSLOGIN3); the code already proves the phone, so no second factor. */
export const loginWithSms = async (ctx: AppContext, request: z.output<typeof SmsLoginRequest>, meta: RequestMeta): Promise<LoginResult> => {
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

/** Remember-me token (AUTH-12): used once and replaced by a new one; a new IP still needs a second factor. */
export const loginWithRememberToken = async (
  ctx: AppContext,
  request: z.output<typeof RememberLoginRequest>,
  meta: RequestMeta,
): Promise<LoginResult> => {
  await assertNotLocked(ctx, null, meta.ip);
  const memberId = await memberIdOfRememberToken(ctx.db, request.rememberToken);
  const member = memberId === null ? undefined : await findMemberById(ctx.db, memberId);
  if (!member) throw new ApiError('INVALID_CREDENTIALS', 'The remembered login has expired; log in again', { captchaRequired: false });
  assertSiteAdmits(member, request.site);
  await requireSecondFactor(ctx, member, { ip: meta.ip, site: request.site, rememberMe: true, passwordIsDefault: false });
  return ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('remember_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(request.rememberToken)).execute();
    return startSession(ctx, member, { ...meta, rememberMe: true, withPassword: true, passwordIsDefault: false }, trx);
  });
};
