import type { RegisterRequest } from '@shared/contract/registration';
import type { LoginResult } from '@shared/contract/auth';
import type { FieldRules } from '@shared/contract/system';
import type { RegistrationType, RegistrationValues } from '@shared/validation/forms';
import type { FieldError } from '@shared/validation/messages';
import type { FlowError } from '../shared/flow-error';

export type { RegistrationType };

export interface RegistrationInput {
  /** USERNAMEREG3: the register (username) tab. */
  usernameRegistration: boolean;
  /** MOBILENUMREG3: the registerMobile tab. */
  mobileRegistration: boolean;
  /** MOBILENUMPASSREG3: mobile registration also sets a password. */
  mobilePassword: boolean;
  /** REGMOBVERF3: an SMS verification code is required (VAL-32). */
  smsVerification: boolean;
  /** A third-party SMS provider: its countdown is always 1 minute (AUTH-30). */
  thirdPartySms?: boolean;
  /** The per-field rules of the register settings (VAL-31). */
  fieldRules: FieldRules;
  /** The `referralCode` query parameter of the page (AUTH-24). */
  referralCode: string | null;
  /** The page the form is on and its domain (API-10). */
  registerUrl: string;
  domain: string;
  /** The age the birthday check asks to confirm (permission birthdayCheckAge, VAL-44); 21 when absent. */
  birthdayCheckAge?: number;
}

export type RegistrationFormValues = RegistrationValues & { countryDialingCode?: string };

export interface RegistrationContext {
  usernameRegistration: boolean;
  mobileRegistration: boolean;
  mobilePassword: boolean;
  smsVerification: boolean;
  thirdPartySms: boolean;
  fieldRules: FieldRules;
  referralCode: string | null;
  registerUrl: string;
  domain: string;
  registrationType: RegistrationType;
  /** The terms box (18 or older), ticked by default (AUTH-25). */
  termsAccepted: boolean;
  /** The birthday check (VAL-44): shown with the birthday field, unticked until the user confirms the age. */
  birthdayCheckAge: number;
  ageConfirmed: boolean;
  /** The payload being registered, without its bot-check proof; held only while in flight. */
  request: Omit<RegisterRequest, 'botCheck'> | null;
  botCheck: string | null;
  /** The session of the new account (the request asks to log in). */
  session: LoginResult | null;
  fieldErrors: FieldError[];
  error: FlowError | null;
}

export type RegistrationEvent =
  | { type: 'type.select'; registrationType: RegistrationType }
  | { type: 'terms.change'; accepted: boolean }
  | { type: 'age.confirm'; confirmed: boolean }
  | { type: 'code.request'; mobileNum: string; countryDialingCode: string }
  | { type: 'registration.submit'; values: RegistrationFormValues };

export type RegistrationTag = 'loading' | 'step:form' | 'step:botCheck';
