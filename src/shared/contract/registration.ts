import { z } from 'zod';
import { PROFILE_FIELDS, type ProfileField } from '../validation/fields';
import { BotCheck, CodeSent, DialingCodeField, LoginResult, MobileNumField, SmsCodeField, text } from './auth';
import { endpoint } from './endpoint';

/** SMS code for registration (sendRegPhoneCode): note the spec's field name mobileNo. */
export const SmsRegisterRequest = z.object({
  mobileNo: MobileNumField,
  countryDialingCode: DialingCodeField,
  botCheck: BotCheck,
});
export type SmsRegisterRequest = z.input<typeof SmsRegisterRequest>;

export const AffiliateQuery = z.object({
  code: text().trim().max(64).default(''),
  domain: text().trim().max(255).optional(),
});
export const Affiliate = z.object({ code: z.string(), valid: z.literal(true) });

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
  ageConfirmed: z
    .boolean()
    .optional()
    .describe('the birthday check: the user confirms being at least the configured age (permission birthdayCheckAge, 21); required while the birthday field is shown, else VALIDATION on ageConfirmed (VAL-44)'),
  login: z.boolean().default(true),
  botCheck: BotCheck,
});
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const RegisterResult = z.object({
  account: text(),
  session: LoginResult.nullable().describe('set when the request had login true'),
});
export type RegisterResult = z.infer<typeof RegisterResult>;

export const registrationEndpoints = {
  smsRegister: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/register',
    token: 'none',
    body: SmsRegisterRequest,
    response: CodeSent,
    summary: 'SMS code for registration; same failures as smsNoLogin, plus MOBILE_TAKEN',
    reqs: ['API-23', 'AUTH-30', 'AUTH-33'],
  }),
  affiliate: endpoint({
    method: 'GET',
    path: '/wps/agent/affiliate',
    token: 'none',
    query: AffiliateQuery,
    response: Affiliate,
    summary: 'Check an affiliate (invitation) code; INVITATION_CODE_ERROR when unknown',
    reqs: ['API-12', 'AUTH-26'],
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
} as const;
