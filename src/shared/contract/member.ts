import { z } from 'zod';
import { PROFILE_FIELDS, type ProfileField } from '../validation/fields';
import { endpoint } from './endpoint';
import { BotCheck, DialingCodeField, LoginResult, MobileNumField, SmsCodeField, text } from './session';

/** Avatar icons are numbered 1..MEMBER_ICON_COUNT (images in public/, drawn by the client). */
export const MEMBER_ICON_COUNT = 12;
export const IconId = z.number().int().min(1).max(MEMBER_ICON_COUNT);

export const MemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int().describe('account type: 0 player, 1/2/41/42 agent, 4 trial'),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  iconId: IconId,
  mobileNum: z.string().nullable(),
  countryDialingCode: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  totpEnabled: z.boolean(),
  paymentPasswordSet: z.boolean(),
  createdAt: z.string().describe('ISO timestamp'),
});
export type MemberInfo = z.infer<typeof MemberInfo>;

const profileField = text().trim().max(200).optional();
const profileShape = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profileField])) as Record<ProfileField, typeof profileField>;

/**
 * One registration payload for both register calls (API-08..API-10). Per-field rules (shown,
 * required, pattern, length) are checked on the server with src/shared/validation against the
 * field rules; a failure is VALIDATION with details FieldError[] (field + message key).
 */
export const RegisterRequest = z.object({
  username: text().trim().max(64).default('').describe('ignored by register/mobile: the mobile number becomes the username'),
  password: text().trim().max(128).default(''),
  confirmPassword: text().trim().max(128).default(''),
  mobileNum: MobileNumField,
  countryDialingCode: DialingCodeField,
  verificationCode: SmsCodeField.describe('required whenever REGMOBVERF3 is on (code from /wps/verification/sms/register)'),
  captcha: text().trim().max(16).optional(),
  captchaId: text().max(64).optional(),
  ...profileShape,
  referralCode: text().trim().max(64).optional().describe('from the referralCode query parameter'),
  registerUrl: text().max(2048).optional(),
  domain: text().max(255).optional(),
  registerMethod: z.literal('WEB').default('WEB'),
  termsAccepted: z.boolean().default(false).describe('the terms box (18 or older); false is TERMS_NOT_ACCEPTED'),
  login: z.boolean().default(true),
  botCheck: BotCheck,
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResult = z.object({
  account: text(),
  session: LoginResult.nullable().describe('set when the request had login true'),
});
export type RegisterResult = z.infer<typeof RegisterResult>;

export const ChangePasswordRequest = z.object({
  oldPassword: text().trim().min(1).max(128),
  newPassword: text().trim().min(1).max(128),
  confirmNewPassword: text().trim().min(1).max(128),
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

export const ForgotPasswordEmailRequest = z.object({
  username: text().trim().min(1).max(64),
  email: text().trim().min(1).max(254),
});
export type ForgotPasswordEmailRequest = z.input<typeof ForgotPasswordEmailRequest>;
export const ResetEmailSent = z.object({ expiresInMinutes: z.number().int().positive() });

/** Set a new password with an SMS code from /wps/verification/sms/noLogin, then log in (AUTH-39). */
export const PasswordByPhoneRequest = z.object({
  newPassword: text().trim().max(128).default(''),
  mobileNum: MobileNumField,
  verificationCode: SmsCodeField,
  countryDialingCode: DialingCodeField.describe('optional: the code request already named it'),
});
export type PasswordByPhoneRequest = z.input<typeof PasswordByPhoneRequest>;

/** The reset link of the email reads `<PUBLIC_BASE_URL>/resetPassword?token=...`. */
export const PasswordResetRequest = z.object({
  resetToken: text().min(20).max(200),
  newPassword: text().trim().min(1).max(128),
  confirmNewPassword: text().trim().min(1).max(128),
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

export const MemberIcon = z.object({ iconId: IconId });
export type MemberIcon = z.infer<typeof MemberIcon>;

export const TotpStatus = z.object({ enabled: z.boolean() });
export const TotpSetup = z.object({
  secret: z.string().describe('base32, for manual entry'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('data:image/png;base64 QR code of otpauthUrl'),
});
export type TotpSetup = z.infer<typeof TotpSetup>;
export const TotpCodeRequest = z.object({ code: text().trim().regex(/^\d{6}$/) });

export const memberEndpoints = {
  memberInfo: endpoint({
    method: 'GET',
    path: '/wps/member/info',
    token: 'member',
    response: MemberInfo,
    summary: 'The logged-in member (id, account, nickname, type and profile)',
    reqs: ['API-07', 'AUTH-09', 'AUTH-16'],
  }),
  memberIcon: endpoint({
    method: 'GET',
    path: '/wps/member/info/icon',
    token: 'member',
    response: MemberIcon,
    summary: 'The avatar icon id',
    reqs: ['API-17'],
  }),
  memberIconUpdate: endpoint({
    method: 'PUT',
    path: '/wps/member/info/icon',
    token: 'member',
    body: MemberIcon,
    response: MemberIcon,
    summary: 'Choose the avatar icon',
    reqs: ['API-17'],
  }),
  register: endpoint({
    method: 'PUT',
    path: '/wps/member/register',
    token: 'none',
    encrypted: true,
    body: RegisterRequest,
    response: RegisterResult,
    summary: 'Register by username (USERNAMEREG3); logs in when login is true',
    reqs: ['API-08', 'API-10', 'AUTH-21', 'AUTH-22', 'AUTH-25', 'AUTH-26', 'AUTH-29', 'VAL-29', 'VAL-31', 'VAL-32'],
  }),
  registerMobile: endpoint({
    method: 'PUT',
    path: '/wps/member/register/mobile',
    token: 'none',
    encrypted: true,
    body: RegisterRequest,
    response: RegisterResult,
    summary: 'Register by mobile number (MOBILENUMREG3): the number becomes the username',
    reqs: ['API-09', 'API-10', 'AUTH-27', 'VAL-30', 'VAL-32'],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/wps/member/password',
    token: 'member',
    encrypted: true,
    allowDuringPasswordChange: true,
    body: ChangePasswordRequest,
    response: z.null(),
    summary: 'Change the password; ends the member\'s other sessions (their sockets are told)',
    reqs: ['API-11', 'AUTH-36', 'VAL-35'],
  }),
  forgotPasswordEmail: endpoint({
    method: 'POST',
    path: '/wps/member/password/email',
    token: 'none',
    form: true,
    body: ForgotPasswordEmailRequest,
    response: ResetEmailSent,
    summary: 'Email a password reset link (CHNGPASSMAIL3); USER_NOT_FOUND when username and email do not match an account',
    reqs: ['API-14', 'AUTH-38', 'ERR-02', 'VAL-36'],
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/wps/member/password/reset',
    token: 'none',
    encrypted: true,
    body: PasswordResetRequest,
    response: LoginResult,
    summary: 'Set a new password with the single-use token of the reset email, then log in',
    reqs: ['AUTH-38'],
  }),
  passwordByPhone: endpoint({
    method: 'POST',
    path: '/wps/member/password/verification',
    token: 'none',
    encrypted: true,
    body: PasswordByPhoneRequest,
    response: LoginResult,
    summary: 'Set a new password with an SMS code (CHNGPASSVERIF3), then log in',
    reqs: ['API-19', 'AUTH-39', 'VAL-37'],
  }),
  totpStatus: endpoint({
    method: 'GET',
    path: '/wps/member/totp',
    token: 'member',
    response: TotpStatus,
    summary: 'Whether an authenticator app is enrolled',
    reqs: ['AUTH-41'],
  }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/wps/member/totp/setup',
    token: 'member',
    response: TotpSetup,
    summary: 'Start authenticator enrolment: a new secret and its QR code (enabled once confirmed)',
    reqs: ['AUTH-41'],
  }),
  totpEnable: endpoint({
    method: 'POST',
    path: '/wps/member/totp/enable',
    token: 'member',
    body: TotpCodeRequest,
    response: TotpStatus,
    summary: 'Confirm enrolment with a current code from the app',
    reqs: ['AUTH-41'],
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: '/wps/member/totp/disable',
    token: 'member',
    body: TotpCodeRequest,
    response: TotpStatus,
    summary: 'Remove the authenticator, confirmed with a current code',
    reqs: ['AUTH-41'],
  }),
} as const;
