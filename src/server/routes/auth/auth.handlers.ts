import type { AppContext } from '../../app-context';
import { realAccount, signedIn } from '../../auth/member-guards';
import { answerLogin, rememberTokenOf, setRememberCookie } from '../../auth/remember-cookie';
import { ApiError } from '../../http/api-error';
import type { AreaHandlers } from '../../http/register-contract';
import { requestMeta } from '../../http/request-meta';
import { driversOf } from '../../providers/delivery/drivers';
import { consumeBotCheck, createBotChallenge } from '../../services/auth/bot-check';
import { issueCaptcha } from '../../services/auth/captcha';
import { startFreePlay } from '../../services/auth/free-play';
import { loginWithPassword, loginWithRememberToken, loginWithSms } from '../../services/auth/login';
import { finishOidc, listOidcProviders, startOidc } from '../../services/auth/oidc';
import { changePassword, resetPasswordByPhone, resetPasswordWithToken, sendResetEmail } from '../../services/auth/password-changes';
import { parsePhone } from '../../services/auth/phone';
import { endSession } from '../../services/auth/sessions';
import { sendSmsCode, verificationSmsText } from '../../services/auth/sms-codes';
import { confirmTotpEnrolment, isTotpEnabled, removeTotp, startTotpEnrolment } from '../../services/auth/totp';
import { completeSecondFactor, sendSecondFactorCode } from '../../services/auth/two-factor';
import { findMemberByPhone } from '../../services/member/members';
import { flagsOf, readWhitelabelTree } from '../../services/system/whitelabel';

/** Signing in and proving who you are: sessions, second factors, passwords, bot-checks, captchas and login SMS codes. */
export const authHandlers = (
  ctx: AppContext,
): AreaHandlers<
  | 'login'
  | 'loginTwoFactorCode'
  | 'loginTwoFactor'
  | 'freePlayLogin'
  | 'logout'
  | 'oidcProviders'
  | 'oidcStart'
  | 'oidcCallback'
  | 'smsNoLogin'
  | 'captcha'
  | 'botChallenge'
  | 'changePassword'
  | 'forgotPasswordEmail'
  | 'passwordReset'
  | 'passwordByPhone'
  | 'totpStatus'
  | 'totpSetup'
  | 'totpEnable'
  | 'totpDisable'
> => ({
  login: async ({ body, request, reply }) => {
    const meta = requestMeta(ctx, request);
    const started = await (body.type === 'username'
      ? loginWithPassword(ctx, body, meta)
      : body.type === 'sms'
        ? loginWithSms(ctx, body, meta)
        : loginWithRememberToken(ctx, { ...body, rememberToken: rememberTokenOf(request) }, meta));
    return answerLogin(request, reply, started);
  },
  loginTwoFactorCode: async ({ body, request }) => sendSecondFactorCode(ctx, body, requestMeta(ctx, request).ip),
  loginTwoFactor: async ({ body, request, reply }) => answerLogin(request, reply, await completeSecondFactor(ctx, body, requestMeta(ctx, request))),
  freePlayLogin: async ({ body, request }) => startFreePlay(ctx, body, requestMeta(ctx, request)),
  logout: async ({ member, request, reply }) => {
    if (member) await endSession(ctx, member.id, member.tokenHash, 'logout', rememberTokenOf(request));
    setRememberCookie(request, reply, null);
    return null;
  },
  oidcProviders: async () => listOidcProviders(ctx),
  oidcStart: async ({ body }) => startOidc(ctx, body.provider),
  oidcCallback: async ({ body, request }) => finishOidc(ctx, body.search, requestMeta(ctx, request)),
  smsNoLogin: async ({ body, request }) => {
    const flags = flagsOf(await readWhitelabelTree(ctx.db));
    if (!flags.SMSLOGIN3 && !flags.CHNGPASSVERIF3) throw new ApiError('FEATURE_DISABLED', 'SMS codes are not enabled; contact customer service');
    const phone = await parsePhone(ctx, body.countryDialingCode, body.mobileNum);
    await consumeBotCheck(ctx, body.botCheck);
    // Codes go only to registered numbers, so the call cannot be used to pump SMS to any number.
    if (!(await findMemberByPhone(ctx.db, phone))) throw new ApiError('USER_NOT_FOUND', 'No account uses this mobile number');
    return sendSmsCode(ctx, driversOf(ctx).sms, { purpose: 'noLogin', phone, ip: requestMeta(ctx, request).ip, text: verificationSmsText });
  },
  captcha: async ({ request }) => {
    const { captchaId, image, expiresInSeconds } = await issueCaptcha(ctx, requestMeta(ctx, request).ip);
    return { captchaId, image, expiresInSeconds };
  },
  botChallenge: async () => {
    const challenge = await createBotChallenge(ctx.config);
    return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
  },
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
