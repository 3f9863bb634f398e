import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Every string a caller sends to the account calls: PostgreSQL cannot store a NUL character, so one
 * is refused as VALIDATION here instead of failing in the database.
 */
export const text = () => z.string().regex(/^[^\u0000]*$/, 'NUL characters are not allowed');

/**
 * The bot-check field: the base64 payload the altcha widget produces after solving a challenge
 * from `GET /wps/verification/challenge`. Each solution is accepted once, before it expires.
 */
export const BotCheck = text()
  .max(8192)
  .default('')
  .describe('base64 altcha payload of a solved challenge (single-use); required: empty is BOT_CHECK_REQUIRED');

/** Which site the login form is on: the agent site admits agents only (ERR-05). */
export const LoginSite = z.enum(['player', 'agent']);
export type LoginSite = z.infer<typeof LoginSite>;

/**
 * Mobile number fields are loose on purpose: an empty or malformed number is answered with the
 * spec's own errors (PHONE_MISSING, PHONE_INVALID) instead of a generic VALIDATION.
 */
export const MobileNumField = text().trim().max(32).default('').describe('national number, digits');
export const DialingCodeField = text().trim().max(8).default('').describe('country dialing code, e.g. 84 or +84');
export const SmsCodeField = text().trim().max(16).default('').describe('the code received by SMS');

const credential = (max: number) => text().trim().min(1).max(max);

export const UsernameLoginRequest = z.object({
  type: z.literal('username'),
  username: credential(64),
  password: credential(128),
  captcha: text().trim().max(16).optional().describe('answer to GET /wps/captcha, required once a failure said captchaRequired'),
  captchaId: text().max(64).optional(),
  botCheck: BotCheck,
  rememberMe: z.boolean().default(false),
  site: LoginSite.default('player'),
});
export const SmsLoginRequest = z.object({
  type: z.literal('sms'),
  mobileNum: MobileNumField,
  countryDialingCode: DialingCodeField,
  verificationCode: SmsCodeField,
  rememberMe: z.boolean().default(false),
  site: LoginSite.default('player'),
});
/**
 * Remember-me replaces the spec's password cookie: a revocable 1-day token, never a password (AUTH-12).
 * The token travels only in an HttpOnly cookie the server sets at login, so page script never sees it.
 */
export const RememberLoginRequest = z.object({
  type: z.literal('remember'),
  site: LoginSite.default('player'),
});
export const LoginRequest = z.discriminatedUnion('type', [UsernameLoginRequest, SmsLoginRequest, RememberLoginRequest]);
export type LoginRequest = z.input<typeof LoginRequest>;
export type LoginType = LoginRequest['type'];

/** Stored user info (AUTH-14): never a password. */
export const UserInfo = z.object({
  id: z.number().int(),
  userName: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int().describe('account type: 0 player, 1/2/41/42 agent, 4 trial'),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoginResult = z.object({
  token: z.string().describe('opaque bearer token'),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  passwordIsDefault: z.boolean().describe('the account still has the configured default initial password (AUTH-07)'),
  mustChangePassword: z
    .boolean()
    .describe('the session may only change the password or log out until it does (default password, or expired with FORCECHNGPASS3)'),
  remembered: z.boolean().describe('a 1-day remember-me token was set, as an HttpOnly cookie, because rememberMe was asked'),
  userInfo: UserInfo,
});
export type LoginResult = z.infer<typeof LoginResult>;

/** `details` of a failed login (INVALID_CREDENTIALS, CAPTCHA_REQUIRED, CAPTCHA_INVALID). */
export const LoginFailureDetails = z.object({ captchaRequired: z.boolean() });
export type LoginFailureDetails = z.infer<typeof LoginFailureDetails>;

export const TwoFactorMethod = z.enum(['sms', 'email', 'bankAccountName', 'totp']);
export type TwoFactorMethod = z.infer<typeof TwoFactorMethod>;

/** `details` of a TWO_FACTOR_REQUIRED failure: a login from an IP not in the member's registry (AUTH-40). */
export const TwoFactorChallenge = z.object({
  challengeId: z.string(),
  methods: z.array(TwoFactorMethod).min(1),
  maskedMobile: z.string().nullable(),
  maskedEmail: z.string().nullable(),
  expiresInSeconds: z.number().int().positive(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

export const TwoFactorCodeRequest = z.object({
  challengeId: text().min(1).max(64),
  method: z.enum(['sms', 'email']),
});
export type TwoFactorCodeRequest = z.input<typeof TwoFactorCodeRequest>;

export const TwoFactorVerifyRequest = z.object({
  challengeId: text().min(1).max(64),
  method: TwoFactorMethod,
  code: text().trim().min(1).max(100).describe('SMS or email code, TOTP code, or the bank account name'),
});
export type TwoFactorVerifyRequest = z.input<typeof TwoFactorVerifyRequest>;

/** Countdown response of every code request (spec: value.expiredMinutes). */
export const CodeSent = z.object({ expiredMinutes: z.number().int().positive() });
export type CodeSent = z.infer<typeof CodeSent>;

export const FreePlayRequest = z.object({
  os: text().trim().max(32).default('web'),
  platform: z.literal('W').default('W'),
  gatewayVersion: z.literal(3).default(3),
  botCheck: BotCheck.describe('the spec\'s "encrypted token": a solved bot-check, since each call creates an account'),
});
export type FreePlayRequest = z.input<typeof FreePlayRequest>;

export const OidcProvider = z.object({ name: z.string(), label: z.string() });
export type OidcProvider = z.infer<typeof OidcProvider>;
export const OidcStartRequest = z.object({ provider: text().min(1).max(32) });
export const OidcStart = z.object({ authorizationUrl: z.string().describe('send the browser here') });
/** The provider redirects the browser to `<PUBLIC_BASE_URL>/oidc/callback?...`; the client posts that query string. */
export const OidcCallbackRequest = z.object({ search: text().min(1).max(4096).describe('location.search of the callback page') });

/** SMS code for login by SMS or reset by phone (getLoginCode). */
export const SmsNoLoginRequest = z.object({
  mobileNum: MobileNumField,
  countryDialingCode: DialingCodeField,
  botCheck: BotCheck,
});
export type SmsNoLoginRequest = z.input<typeof SmsNoLoginRequest>;

export const Captcha = z.object({
  captchaId: z.string().describe('send back as captchaId with the answer'),
  image: z.string().describe('base64 PNG image (no data: prefix)'),
  expiresInSeconds: z.number().int().positive(),
});
export type Captcha = z.infer<typeof Captcha>;

/** An altcha v2 proof-of-work challenge; hand it to the widget as its `challenge`. */
export const BotChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type BotChallenge = z.infer<typeof BotChallenge>;

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

export const TotpStatus = z.object({ enabled: z.boolean() });
export const TotpSetup = z.object({
  secret: z.string().describe('base32, for manual entry'),
  otpauthUrl: z.string(),
  qrCode: z.string().describe('data:image/png;base64 QR code of otpauthUrl'),
});
export type TotpSetup = z.infer<typeof TotpSetup>;
export const TotpCodeRequest = z.object({ code: text().trim().regex(/^\d{6}$/) });

export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/wps/session/login',
    token: 'none',
    encrypted: true,
    body: LoginRequest,
    response: LoginResult,
    summary:
      'Log in by username and password (bot-check; captcha after failures) or by mobile number and SMS code. ' +
      'Failures: INVALID_CREDENTIALS/CAPTCHA_REQUIRED/CAPTCHA_INVALID with details {captchaRequired}, ' +
      'TWO_FACTOR_REQUIRED with details TwoFactorChallenge, ACCOUNT_LOCKED, IP_LOCKED, TOO_MANY_REQUESTS, NOT_AGENT, NOT_MEMBER',
    reqs: ['API-04', 'AUTH-04', 'AUTH-07', 'AUTH-08', 'AUTH-10', 'AUTH-12', 'AUTH-40', 'ERR-04', 'ERR-05'],
  }),
  loginTwoFactorCode: endpoint({
    method: 'POST',
    path: '/wps/session/login/twoFactor/code',
    token: 'none',
    body: TwoFactorCodeRequest,
    response: CodeSent,
    summary: 'Send the two-factor code of a pending login challenge by SMS or to the bound email',
    reqs: ['AUTH-41'],
  }),
  loginTwoFactor: endpoint({
    method: 'POST',
    path: '/wps/session/login/twoFactor',
    token: 'none',
    encrypted: true,
    body: TwoFactorVerifyRequest,
    response: LoginResult,
    summary: 'Complete a two-factor login (SMS code, email code, bank account name or authenticator code); registers the IP',
    reqs: ['AUTH-40', 'AUTH-41'],
  }),
  freePlayLogin: endpoint({
    method: 'POST',
    path: '/wps/session/login/freeplay',
    token: 'none',
    body: FreePlayRequest,
    response: LoginResult,
    summary: 'Free play: creates a trial account (type 4) and logs it in (flag FREEPLAY3)',
    reqs: ['API-15', 'AUTH-42', 'AUTH-43'],
  }),
  logout: endpoint({
    method: 'DELETE',
    path: '/wps/session/logout',
    token: 'member',
    allowDuringPasswordChange: true,
    response: z.null(),
    summary: 'Log out: revokes the session and disconnects its sockets',
    reqs: ['API-22', 'AUTH-17'],
  }),
  oidcProviders: endpoint({
    method: 'GET',
    path: '/wps/session/oidc/providers',
    token: 'none',
    response: z.array(OidcProvider),
    summary: 'Configured social sign-in providers (OpenID Connect)',
    reqs: ['AUTH-01'],
  }),
  oidcStart: endpoint({
    method: 'POST',
    path: '/wps/session/oidc/start',
    token: 'none',
    body: OidcStartRequest,
    response: OidcStart,
    summary: 'Start social sign-in: authorization-code flow with PKCE; returns the provider URL',
    reqs: ['AUTH-01'],
  }),
  oidcCallback: endpoint({
    method: 'POST',
    path: '/wps/session/oidc/callback',
    token: 'none',
    body: OidcCallbackRequest,
    response: LoginResult,
    summary: 'Finish social sign-in: links or creates the member and logs in',
    reqs: ['AUTH-01'],
  }),
  smsNoLogin: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    token: 'none',
    body: SmsNoLoginRequest,
    response: CodeSent,
    summary:
      'SMS code for login by SMS or password reset by phone. Failures: PHONE_MISSING, PHONE_INVALID, ' +
      'TOO_MANY_REQUESTS (Retry-After), SMS_QUOTA_EXCEEDED, FEATURE_DISABLED, SMS_SEND_FAILED',
    reqs: ['API-05', 'AUTH-30', 'ERR-07', 'ERR-08', 'ERR-09', 'ERR-10', 'ERR-13', 'ERR-14'],
  }),
  captcha: endpoint({
    method: 'GET',
    path: '/wps/captcha',
    token: 'none',
    response: Captcha,
    summary: 'A captcha image (base64 PNG); its answer is single-use and expires',
    reqs: ['API-16', 'AUTH-10'],
  }),
  botChallenge: endpoint({
    method: 'GET',
    path: '/wps/verification/challenge',
    token: 'none',
    response: BotChallenge,
    summary: 'A proof-of-work bot-check challenge (altcha); its solution goes in botCheck',
    reqs: ['AUTH-33'],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/wps/member/password',
    token: 'member',
    audience: 'real',
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
    audience: 'real',
    response: TotpSetup,
    summary: 'Start authenticator enrolment: a new secret and its QR code (enabled once confirmed)',
    reqs: ['AUTH-41'],
  }),
  totpEnable: endpoint({
    method: 'POST',
    path: '/wps/member/totp/enable',
    token: 'member',
    audience: 'real',
    body: TotpCodeRequest,
    response: TotpStatus,
    summary: 'Confirm enrolment with a current code from the app',
    reqs: ['AUTH-41'],
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: '/wps/member/totp/disable',
    token: 'member',
    audience: 'real',
    body: TotpCodeRequest,
    response: TotpStatus,
    summary: 'Remove the authenticator, confirmed with a current code',
    reqs: ['AUTH-41'],
  }),
} as const;
