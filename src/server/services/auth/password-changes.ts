import type { z } from 'zod';
import type { ChangePasswordRequest, ForgotPasswordEmailRequest, LoginResult, PasswordByPhoneRequest, PasswordResetRequest } from '@shared/contract/auth';
import type { FieldError } from '@shared/validation/messages';
import { checkPass, checkRule } from '@shared/validation/rules';
import type { AppContext } from '../../app-context';
import type { AuthedMember } from '../../auth/member-sessions';
import { createToken, hashToken } from '../../auth/tokens';
import type { Db } from '../../db/create-db';
import type { MemberRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { readFieldRules } from '../../routes/system/system.handlers';
import { isFlagOn } from '../system/whitelabel';
import { driversOf } from '../../providers/delivery/drivers';
import type { RequestMeta } from './login';
import { findMemberByAccount, findMemberById, findMemberByPhone } from '../member/members';
import { defaultInitialPassword, hashPassword, verifyPassword } from './passwords';
import { assertSiteAdmits, endOtherSessions, startSession, tellEndedSessions } from './sessions';
import { checkSmsCode, useSmsCode } from './sms-codes';
import { takeQuota } from './throttle';

export const RESET_LINK_MINUTES = 30;
/** Reset emails per account per hour; more is refused with the spec's 5-minute wait. */
const RESET_EMAILS_PER_HOUR = 3;

/** A new password must meet the password rule, match its confirmation and not be the default one. */
const assertAcceptablePassword = async (ctx: AppContext, newPassword: string, confirmation: string | null): Promise<void> => {
  const rules = await readFieldRules(ctx);
  const weak = checkRule('password', newPassword, { required: true, ...rules.password });
  if (weak) throw new ApiError('PASSWORD_WEAK', 'The new password does not meet the password rule', [{ field: 'newPassword', ...weak }] satisfies FieldError[]);
  if (newPassword === defaultInitialPassword(ctx.config)) {
    throw new ApiError('PASSWORD_WEAK', 'Choose a password other than the initial one', [{ field: 'newPassword', key: 'validation:formatIncorrect' }]);
  }
  if (confirmation !== null) {
    const mismatch = checkPass(newPassword, confirmation, 'validation:confirmationWrong');
    if (mismatch) throw new ApiError('PASSWORD_MISMATCH', 'The confirmation does not match the new password', [{ field: 'confirmNewPassword', ...mismatch }]);
  }
};

const setPassword = async (trx: Db, memberId: number, newPassword: string): Promise<void> => {
  await trx
    .updateTable('members')
    .set({ password_hash: await hashPassword(newPassword), password_changed_at: new Date() })
    .where('id', '=', memberId)
    .execute();
};

/** API-11: the old password proves the member; every other session ends (their sockets are told). */
export const changePassword = async (ctx: AppContext, authed: AuthedMember, request: z.output<typeof ChangePasswordRequest>): Promise<void> => {
  const member = await findMemberById(ctx.db, authed.id);
  if (!member) throw new ApiError('SESSION_EXPIRED', 'Session expired or revoked');
  await assertAcceptablePassword(ctx, request.newPassword, request.confirmNewPassword);
  if (!(await verifyPassword(member.password_hash, request.oldPassword))) throw new ApiError('PASSWORD_WRONG', 'The current password is not right');
  if (request.newPassword === request.oldPassword) throw new ApiError('PASSWORD_REUSED', 'The new password must differ from the current one');
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await setPassword(trx, member.id, request.newPassword);
    await trx.updateTable('sessions').set({ must_change_password: false }).where('token_hash', '=', authed.tokenHash).execute();
    return endOtherSessions(trx, member.id, authed.tokenHash);
  });
  tellEndedSessions(ctx, member.id, ended, 'password_changed');
};

/** API-14: emails a single-use reset link when username and email belong together (ERR-02 otherwise). */
export const sendResetEmail = async (
  ctx: AppContext,
  request: z.output<typeof ForgotPasswordEmailRequest>,
): Promise<{ expiresInMinutes: number }> => {
  if (!(await isFlagOn(ctx.db, 'CHNGPASSMAIL3'))) throw new ApiError('FEATURE_DISABLED', 'Password reset by email is not enabled; contact customer service');
  const member = await findMemberByAccount(ctx.db, request.username);
  const profile = member
    ? await ctx.db.selectFrom('member_profiles').select('email').where('member_id', '=', member.id).executeTakeFirst()
    : undefined;
  if (!member || !profile?.email || profile.email.toLowerCase() !== request.email.trim().toLowerCase()) {
    throw new ApiError('USER_NOT_FOUND', 'The username or email does not exist');
  }
  const bucket = `reset-email:${member.id}`;
  if (!(await takeQuota(ctx.db, bucket, RESET_EMAILS_PER_HOUR, 3600))) {
    throw new ApiError('TOO_MANY_REQUESTS', 'Too many requests; try again in 5 minutes', undefined, { 'retry-after': '300' });
  }
  const token = createToken();
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('password_reset_tokens').set({ consumed_at: now }).where('member_id', '=', member.id).where('consumed_at', 'is', null).execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({ token_hash: hashToken(token), member_id: member.id, created_at: now, expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000) })
      .execute();
  });
  const link = new URL(`/resetPassword?token=${encodeURIComponent(token)}`, ctx.config.PUBLIC_BASE_URL).toString();
  await driversOf(ctx).email.send({
    to: profile.email,
    subject: 'Reset your password',
    text: `Hello ${member.account},\n\nOpen this link within ${RESET_LINK_MINUTES} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email; your password stays as it is.`,
  });
  return { expiresInMinutes: RESET_LINK_MINUTES };
};

/** Sets the new password, ends all earlier sessions and opens a new one, in one transaction. */
const replacePasswordAndLogin = (ctx: AppContext, member: MemberRow, newPassword: string, meta: RequestMeta, authorise: (trx: Db) => Promise<void>) =>
  ctx.db
    .transaction()
    .execute(async (trx) => {
      await authorise(trx);
      await setPassword(trx, member.id, newPassword);
      const ended = await endOtherSessions(trx, member.id, null);
      const changed = (await findMemberById(trx, member.id)) ?? member;
      const { result: session } = await startSession(ctx, changed, { ...meta, rememberMe: false, withPassword: false, passwordIsDefault: false }, trx);
      return { session, ended };
    })
    .then(({ session, ended }): LoginResult => {
      tellEndedSessions(ctx, member.id, ended, 'password_changed');
      return session;
    });

/** The reset link's token, then a new password and an automatic login. */
export const resetPasswordWithToken = async (ctx: AppContext, request: z.output<typeof PasswordResetRequest>, meta: RequestMeta): Promise<LoginResult> => {
  const row = await ctx.db
    .selectFrom('password_reset_tokens')
    .select('member_id')
    .where('token_hash', '=', hashToken(request.resetToken))
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  const member = row ? await findMemberById(ctx.db, row.member_id) : undefined;
  if (!member) throw new ApiError('RESET_LINK_INVALID', 'This reset link has expired or was already used');
  assertSiteAdmits(member, 'player');
  await assertAcceptablePassword(ctx, request.newPassword, request.confirmNewPassword);
  return replacePasswordAndLogin(ctx, member, request.newPassword, meta, async (trx) => {
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ consumed_at: new Date() })
      .where('token_hash', '=', hashToken(request.resetToken))
      .where('consumed_at', 'is', null)
      .returning('member_id')
      .executeTakeFirst();
    if (!used) throw new ApiError('RESET_LINK_INVALID', 'This reset link has expired or was already used');
  });
};

/** API-19: an SMS code from /wps/verification/sms/noLogin sets a new password, then logs in (AUTH-39). */
export const resetPasswordByPhone = async (ctx: AppContext, request: z.output<typeof PasswordByPhoneRequest>, meta: RequestMeta): Promise<LoginResult> => {
  if (!(await isFlagOn(ctx.db, 'CHNGPASSVERIF3'))) throw new ApiError('FEATURE_DISABLED', 'Password reset by phone is not enabled; contact customer service');
  if (request.mobileNum === '') throw new ApiError('PHONE_MISSING', 'Please enter the mobile number');
  await assertAcceptablePassword(ctx, request.newPassword, null);
  const dialingCode = request.countryDialingCode.replace(/^\+/, '') || undefined;
  const checked = await checkSmsCode(ctx.db, { purpose: 'noLogin', mobileNum: request.mobileNum, dialingCode, code: request.verificationCode });
  const member = await findMemberByPhone(ctx.db, checked.phone);
  if (!member) throw new ApiError('USER_NOT_FOUND', 'No account uses this mobile number');
  assertSiteAdmits(member, 'player');
  return replacePasswordAndLogin(ctx, member, request.newPassword, meta, (trx) => useSmsCode(trx, checked));
};
