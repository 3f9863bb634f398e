import type { FieldRule, FieldRules } from '../contract/system';
import { PROFILE_FIELDS, type ProfileField } from './fields';
import { VALIDATION_MESSAGES, type FieldError } from './messages';
import { checkPass, checkRequired, checkRule, type FormatRule, type RuleMessage, type RuleOptions } from './rules';

/**
 * The form rules of spec section 5, one function per form, shared by the client's forms and the
 * server's handlers. Each returns every failing field with its message key (empty when valid).
 */
type Values<K extends string> = Partial<Record<K, string | null | undefined>>;

const collect = (checks: [string, RuleMessage | null][]): FieldError[] =>
  checks.flatMap(([field, message]) => (message ? [{ field, ...message }] : []));

const optionsOf = (rule: FieldRule | undefined, required: boolean): RuleOptions => ({
  required,
  patternId: rule?.patternId,
  acceptedPattern: rule?.acceptedPattern,
  minLength: rule?.minLength,
  maxLength: rule?.maxLength,
});

/** The rule each profile field is checked with; the named rules keep their names. */
export const PROFILE_FIELD_RULE: Record<ProfileField, FormatRule> = {
  payeeName: 'payeeName',
  email: 'email',
  qqNum: 'qqNum',
  recommenderId: 'recommenderId',
  affiliateCode: 'affiliateCode',
  paymentPassword: 'paymentPassword',
  line: 'line',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  wechat: 'wechat',
  idNumber: 'idNumber',
  nickname: 'nickname',
  telegram: 'line',
  zalo: 'whatsapp',
  birthday: 'birthday',
  referrer: 'text',
  permanentAddress: 'text',
  currentAddress: 'text',
  placeOfBirth: 'text',
  nationality: 'text',
  occupation: 'text',
  sourceOfIncome: 'text',
  fullName: 'fullName',
  bankAccountName: 'payeeName',
};

/** A profile field is shown when its rule is enabled (VAL-31); the affiliate code is always accepted. */
export const isProfileFieldShown = (field: ProfileField, rules: FieldRules): boolean =>
  field === 'affiliateCode' || rules[field]?.enabled === true;

export type RegistrationType = 'username' | 'mobile';

export interface RegistrationContext {
  type: RegistrationType;
  fieldRules: FieldRules;
  /** REGMOBVERF3: a verification code is required (VAL-32). */
  smsVerification: boolean;
  /** MOBILENUMPASSREG3: mobile registration also sets a password. */
  mobilePassword: boolean;
}

export type RegistrationValues = Values<
  'username' | 'password' | 'confirmPassword' | 'mobileNum' | 'verificationCode' | 'referralCode' | ProfileField
>;

/** Whether the registration form of this type has a password (username type always; mobile per flag). */
export const registrationHasPassword = (ctx: Pick<RegistrationContext, 'type' | 'mobilePassword'>): boolean =>
  ctx.type === 'username' || ctx.mobilePassword;

/**
 * The mobile number field of the registration form: required for the mobile type and whenever an
 * SMS code is needed, otherwise shown and required per its field rule (VAL-30, VAL-32).
 */
export const registrationMobileField = (ctx: Omit<RegistrationContext, 'mobilePassword'>): { shown: boolean; required: boolean } => {
  const mobileRule = ctx.fieldRules.mobileNum;
  const required = ctx.type === 'mobile' || ctx.smsVerification || (mobileRule?.enabled === true && mobileRule.required);
  return { shown: required || mobileRule?.enabled === true, required };
};

/** A profile field is required when its rule is enabled and required (VAL-31). */
export const isProfileFieldRequired = (field: ProfileField, rules: FieldRules): boolean => rules[field]?.enabled === true && rules[field].required;

/** VAL-29..VAL-32: the registration form of either type. */
export const validateRegistration = (values: RegistrationValues, ctx: RegistrationContext): FieldError[] => {
  const rules = ctx.fieldRules;
  const withPassword = registrationHasPassword(ctx);
  const mobileRule = rules.mobileNum;
  const { shown: mobileShown, required: mobileRequired } = registrationMobileField(ctx);
  const checks: [string, RuleMessage | null][] = [];
  if (ctx.type === 'username') checks.push(['username', checkRule('username', values.username, optionsOf(rules.username, true))]);
  if (withPassword) {
    checks.push(['password', checkRule('password', values.password, optionsOf(rules.password, true))]);
    checks.push(['confirmPassword', checkPass(values.password, values.confirmPassword)]);
  }
  if (mobileShown) checks.push(['mobileNum', checkRule('mobileNum', values.mobileNum, optionsOf(mobileRule, mobileRequired))]);
  if (ctx.smsVerification) {
    checks.push(['verificationCode', checkRule('verificationCode', values.verificationCode, optionsOf(rules.verificationCode, true))]);
  }
  if (rules.referralCode?.enabled) checks.push(['referralCode', checkRule('text', values.referralCode, optionsOf(rules.referralCode, false))]);
  for (const field of PROFILE_FIELDS) {
    if (!isProfileFieldShown(field, rules)) continue;
    checks.push([field, checkRule(PROFILE_FIELD_RULE[field], values[field], optionsOf(rules[field], isProfileFieldRequired(field, rules)))]);
  }
  return collect(checks);
};

/**
 * VAL-44: the birthday check. Wherever the form asks for a birthday, the user also confirms being
 * at least the configured age (21 by default); registering without that confirmation fails on the
 * `ageConfirmed` field, whose message names the age.
 */
export const isBirthdayCheckShown = (rules: FieldRules): boolean => isProfileFieldShown('birthday', rules);

export const validateBirthdayCheck = (ageConfirmed: boolean | undefined, ctx: { fieldRules: FieldRules; age: number }): FieldError[] =>
  isBirthdayCheckShown(ctx.fieldRules) && ageConfirmed !== true
    ? [{ field: 'ageConfirmed', key: VALIDATION_MESSAGES.ageConfirmationRequired, params: { age: ctx.age } }]
    : [];

/** VAL-33, VAL-34: login by username (trimmed) or by SMS code. */
export const validateLogin = (
  values: Values<'username' | 'password' | 'mobileNum' | 'verificationCode' | 'captcha'>,
  ctx: { type: 'username' | 'sms'; captchaShown?: boolean },
): FieldError[] =>
  ctx.type === 'username'
    ? collect([
        ['username', checkRequired(values.username)],
        ['password', checkRequired(values.password)],
        ...(ctx.captchaShown ? ([['captcha', checkRule('captcha', values.captcha, { required: true })]] as [string, RuleMessage | null][]) : []),
      ])
    : collect([
        ['mobileNum', checkRule('mobileNum', values.mobileNum, { required: true })],
        ['verificationCode', checkRule('verificationCode', values.verificationCode, { required: true })],
      ]);

/** VAL-35: the old password when shown, a new password by the password rule, a matching confirmation. */
export const validateChangePassword = (
  values: Values<'oldPassword' | 'newPassword' | 'confirmNewPassword'>,
  ctx: { oldPasswordShown: boolean; passwordRule?: FieldRule | undefined },
): FieldError[] =>
  collect([
    ...(ctx.oldPasswordShown ? ([['oldPassword', checkRequired(values.oldPassword)]] as [string, RuleMessage | null][]) : []),
    ['newPassword', checkRule('password', values.newPassword, optionsOf(ctx.passwordRule, true))],
    ['confirmNewPassword', checkPass(values.newPassword, values.confirmNewPassword, VALIDATION_MESSAGES.confirmationWrong)],
  ]);

/** VAL-36 */
export const validateForgotByEmail = (values: Values<'username' | 'email'>): FieldError[] =>
  collect([
    ['username', checkRequired(values.username)],
    ['email', checkRule('email', values.email, { required: true })],
  ]);

/** VAL-37 */
export const validateForgotByPhone = (
  values: Values<'mobileNum' | 'verificationCode' | 'newPassword'>,
  ctx: { mobileRule?: FieldRule | undefined; passwordRule?: FieldRule | undefined } = {},
): FieldError[] =>
  collect([
    ['mobileNum', checkRule('mobileNum', values.mobileNum, optionsOf(ctx.mobileRule, true))],
    ['verificationCode', checkRule('verificationCode', values.verificationCode, { required: true })],
    ['newPassword', checkRule('password', values.newPassword, optionsOf(ctx.passwordRule, true))],
  ]);
