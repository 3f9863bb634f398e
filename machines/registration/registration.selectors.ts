import type { SnapshotFrom } from 'xstate';
import { PROFILE_FIELDS, type ProfileField } from '@shared/validation/fields';
import { isBirthdayCheckShown, isProfileFieldRequired, isProfileFieldShown, registrationHasPassword, registrationMobileField } from '@shared/validation/forms';
import { fieldErrorOf } from '../shared/form';
import type { RegistrationMachine } from './registration.machine';
import type { RegistrationType } from './registration.types';

type Snapshot = SnapshotFrom<RegistrationMachine>;

/** The register and registerMobile tabs, each only while its flag is on (AUTH-21). */
export const selectRegistrationTabs = (snapshot: Snapshot): RegistrationType[] => [
  ...(snapshot.context.usernameRegistration ? (['username'] as const) : []),
  ...(snapshot.context.mobileRegistration ? (['mobile'] as const) : []),
];

export const selectRegistrationType = (snapshot: Snapshot): RegistrationType => snapshot.context.registrationType;

export const selectTermsAccepted = (snapshot: Snapshot): boolean => snapshot.context.termsAccepted;

/** The birthday check (VAL-44): shown with the birthday field, the configured age, and whether it is confirmed. */
export const selectBirthdayCheck = (snapshot: Snapshot): { shown: boolean; age: number; confirmed: boolean } => ({
  shown: isBirthdayCheckShown(snapshot.context.fieldRules),
  age: snapshot.context.birthdayCheckAge,
  confirmed: snapshot.context.ageConfirmed,
});

/** Username and password fields for the username type; the mobile type has a password per MOBILENUMPASSREG3. */
export const selectHasPassword = (snapshot: Snapshot): boolean =>
  registrationHasPassword({ type: snapshot.context.registrationType, mobilePassword: snapshot.context.mobilePassword });

/** The verificationCode field and its send button show whenever SMS verification is on (VAL-32). */
export const selectNeedsSmsCode = (snapshot: Snapshot): boolean => snapshot.context.smsVerification;

/** The profile fields the server's rules enable (VAL-31, AUTH-23), in form order. */
export const selectShownProfileFields = (snapshot: Snapshot): ProfileField[] =>
  PROFILE_FIELDS.filter((field) => isProfileFieldShown(field, snapshot.context.fieldRules));

/** Whether the mobile number field shows and whether it is required (VAL-30, VAL-32). */
export const selectMobileField = (snapshot: Snapshot): { shown: boolean; required: boolean } =>
  registrationMobileField({
    type: snapshot.context.registrationType,
    fieldRules: snapshot.context.fieldRules,
    smsVerification: snapshot.context.smsVerification,
  });

/** The profile fields the rules require, marked * on the form (VAL-31, VAL-39). */
export const selectRequiredProfileFields = (snapshot: Snapshot): ProfileField[] =>
  PROFILE_FIELDS.filter((field) => isProfileFieldRequired(field, snapshot.context.fieldRules));

export const selectRegistrationFieldError = (field: string) => (snapshot: Snapshot) => fieldErrorOf(snapshot.context.fieldErrors, field);

export const selectRegistrationError = (snapshot: Snapshot) => snapshot.context.error;

export const selectIsRegistering = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

/** The bot-check is being solved before the register call (AUTH-27, AUTH-33). */
export const selectIsCheckingBot = (snapshot: Snapshot): boolean => snapshot.hasTag('step:botCheck');

/** The send-code button's actor; read it with the sms-countdown selectors. */
export const selectSmsCountdownRef = (snapshot: Snapshot) => snapshot.children.smsCountdown;
