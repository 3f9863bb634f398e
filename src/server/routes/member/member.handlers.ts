import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { AuthedMember } from '../../auth/member-sessions';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { memberInfoOf } from '../../services/accounts/members';
import { changePassword, resetPasswordByPhone, resetPasswordWithToken, sendResetEmail } from '../../services/accounts/password-changes';
import { registerMember } from '../../services/accounts/registration';
import { requestMeta } from '../../services/accounts/request-meta';
import { confirmTotpEnrolment, isTotpEnabled, removeTotp, startTotpEnrolment } from '../../services/accounts/totp';

/** `member` calls always carry a member; the type says otherwise only because `none` calls share it. */
const signedIn = (member: AuthedMember | null): AuthedMember => {
  if (!member) throw new ApiError('UNAUTHORIZED', 'Sign-in required');
  return member;
};

/** Real-account actions refuse trial accounts (ERR-06, AUTH-47). */
const realAccount = (member: AuthedMember | null): AuthedMember => {
  const m = signedIn(member);
  if (m.type === TRIAL_TYPE) throw new ApiError('TRIAL_ACCOUNT', 'Please register an account first');
  return m;
};

export const memberHandlers = (
  ctx: AppContext,
): AreaHandlers<
  | 'memberInfo'
  | 'memberIcon'
  | 'memberIconUpdate'
  | 'register'
  | 'registerMobile'
  | 'changePassword'
  | 'forgotPasswordEmail'
  | 'passwordReset'
  | 'passwordByPhone'
  | 'totpStatus'
  | 'totpSetup'
  | 'totpEnable'
  | 'totpDisable'
> => ({
  memberInfo: async ({ member }) => {
    const info = await memberInfoOf(ctx.db, signedIn(member).id);
    if (!info) throw new ApiError('SESSION_EXPIRED', 'Session expired or revoked');
    return info;
  },
  memberIcon: async ({ member }) => {
    const row = await ctx.db.selectFrom('members').select('icon_id').where('id', '=', signedIn(member).id).executeTakeFirstOrThrow();
    return { iconId: row.icon_id };
  },
  memberIconUpdate: async ({ member, body }) => {
    await ctx.db.updateTable('members').set({ icon_id: body.iconId }).where('id', '=', realAccount(member).id).execute();
    return { iconId: body.iconId };
  },
  register: async ({ body, request }) => registerMember(ctx, 'username', body, requestMeta(ctx, request)),
  registerMobile: async ({ body, request }) => registerMember(ctx, 'mobile', body, requestMeta(ctx, request)),
  changePassword: async ({ member, body }) => {
    await changePassword(ctx, realAccount(member), body);
    return null;
  },
  forgotPasswordEmail: async ({ body }) => sendResetEmail(ctx, body),
  passwordReset: async ({ body, request }) => resetPasswordWithToken(ctx, body, requestMeta(ctx, request)),
  passwordByPhone: async ({ body, request }) => resetPasswordByPhone(ctx, body, requestMeta(ctx, request)),
  totpStatus: async ({ member }) => ({ enabled: await isTotpEnabled(ctx.db, signedIn(member).id) }),
  totpSetup: async ({ member }) => startTotpEnrolment(ctx, realAccount(member)),
  totpEnable: async ({ member, body }) => {
    await confirmTotpEnrolment(ctx, realAccount(member).id, body.code);
    return { enabled: true };
  },
  totpDisable: async ({ member, body }) => {
    await removeTotp(ctx, realAccount(member).id, body.code);
    return { enabled: false };
  },
});
