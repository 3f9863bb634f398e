import type { FieldRule } from '@shared/contract/system';
import type { Captcha, LoginRequest, LoginResult, LoginSite, TwoFactorChallenge } from '@shared/contract/auth';
import type { FieldError } from '@shared/validation/messages';
import type { FlowError } from '../shared/flow-error';

/** The tabs of the login popup; `sms` only while verification-code login is on (AUTH-02). */
export type LoginTab = 'username' | 'sms';

export interface SmsLoginTarget {
  mobileNum: string;
  countryDialingCode: string;
}

/**
 * What the 1-day remember-me cookies keep (AUTH-12): the username, the loginTypeSms values and
 * whether the server holds a remember-me token for this browser (the token itself is in an HttpOnly
 * cookie page script cannot read); never a password. `loginRemember` is this object being present.
 */
export interface RememberedLogin {
  username: string | null;
  loginTypeSms: SmsLoginTarget | null;
  hasRememberToken: boolean;
}

/** Remember-me cookies last 1 day (spec section 9). */
export const REMEMBER_ME_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface LoginInput {
  /** `agent` on the /agent page: agents only (ERR-05), and success goes to /agentHome. */
  site: LoginSite;
  /** The mobile verification-code login flag (SMSLOGIN3). */
  smsLoginEnabled: boolean;
  /** Read by the app from the remember-me cookies; null when there are none. */
  remembered: RememberedLogin | null;
  /** The server's rule for the password field, used by a forced password change. */
  passwordRule?: FieldRule;
}

export interface LoginValues {
  username?: string;
  password?: string;
  captcha?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  verificationCode?: string;
  rememberMe: boolean;
}

export interface LoginContext {
  site: LoginSite;
  smsLoginEnabled: boolean;
  passwordRule: FieldRule | undefined;
  tab: LoginTab;
  remembered: RememberedLogin | null;
  /** The trimmed values of the submission in flight; the password lives here in memory only. */
  values: LoginValues | null;
  /** Which login call the submission makes: a remembered username with a blank password uses the token. */
  requestType: LoginRequest['type'];
  botCheck: string | null;
  /** A failure said the captcha is required from now on (AUTH-10). */
  captchaRequired: boolean;
  captcha: Captcha | null;
  captchaError: FlowError | null;
  fieldErrors: FieldError[];
  error: FlowError | null;
  result: LoginResult | null;
  challenge: TwoFactorChallenge | null;
}

export type LoginEvent =
  | { type: 'tab.select'; tab: LoginTab }
  | { type: 'credentials.submit'; values: LoginValues }
  /** Send the SMS login code to this number (throttled by the countdown child, AUTH-31). */
  | ({ type: 'code.request' } & SmsLoginTarget)
  | { type: 'captcha.refresh' }
  | { type: 'twoFactor.cancel' };

export type LoginTag =
  | 'loading'
  | 'step:credentials'
  | 'step:botCheck'
  | 'step:captcha'
  | 'step:twoFactor'
  | 'step:passwordChange';
