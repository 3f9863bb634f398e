import { z } from 'zod';
import { endpoint } from './endpoint';
import { BotCheck, CodeSent, DialingCodeField, MobileNumField, text } from './session';

/** SMS code for login by SMS or reset by phone (getLoginCode). */
export const SmsNoLoginRequest = z.object({
  mobileNum: MobileNumField,
  countryDialingCode: DialingCodeField,
  botCheck: BotCheck,
});
export type SmsNoLoginRequest = z.input<typeof SmsNoLoginRequest>;

/** SMS code for registration (sendRegPhoneCode): note the spec's field name mobileNo. */
export const SmsRegisterRequest = z.object({
  mobileNo: MobileNumField,
  countryDialingCode: DialingCodeField,
  botCheck: BotCheck,
});
export type SmsRegisterRequest = z.input<typeof SmsRegisterRequest>;

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

export const AffiliateQuery = z.object({
  code: text().trim().max(64).default(''),
  domain: text().trim().max(255).optional(),
});
export const Affiliate = z.object({ code: z.string(), valid: z.literal(true) });

export const OutboxQuery = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  recipient: text().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const AccessLock = z.object({
  subject: z.string().describe('account:<username> or ip:<address>'),
  lockedUntil: z.string(),
  reason: z.string(),
});
export type AccessLock = z.infer<typeof AccessLock>;
export const AccessUnlockQuery = z.object({ subject: text().min(1).max(300) });

export const verificationEndpoints = {
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
  smsRegister: endpoint({
    method: 'POST',
    path: '/wps/verification/sms/register',
    token: 'none',
    body: SmsRegisterRequest,
    response: CodeSent,
    summary: 'SMS code for registration; same failures as smsNoLogin, plus MOBILE_TAKEN',
    reqs: ['API-23', 'AUTH-30', 'AUTH-33'],
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
  affiliate: endpoint({
    method: 'GET',
    path: '/wps/agent/affiliate',
    token: 'none',
    query: AffiliateQuery,
    response: Affiliate,
    summary: 'Check an affiliate (invitation) code; INVITATION_CODE_ERROR when unknown',
    reqs: ['API-12', 'AUTH-26'],
  }),
  opsOutbox: endpoint({
    method: 'GET',
    path: '/ops/outbox',
    token: 'operator',
    query: OutboxQuery,
    response: z.array(OutboxMessage),
    summary: 'The dev outbox of SMS and email messages, newest first',
    reqs: [],
  }),
  opsAccessLocks: endpoint({
    method: 'GET',
    path: '/ops/access-locks',
    token: 'operator',
    response: z.array(AccessLock),
    summary: 'Accounts and IPs locked after failed logins, still in force',
    reqs: ['ERR-23'],
  }),
  opsAccessUnlock: endpoint({
    method: 'DELETE',
    path: '/ops/access-locks',
    token: 'operator',
    query: AccessUnlockQuery,
    response: z.null(),
    summary: 'Lift a lock (customer service unlocking a customer\'s IP or account) and forget its failures',
    reqs: ['ERR-23'],
  }),
} as const;
