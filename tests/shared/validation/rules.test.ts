import { describe, expect, it } from 'vitest';
import { validateChangePassword, validateForgotByEmail, validateForgotByPhone, validateLogin, validateRegistration } from '@shared/validation/forms';
import { VALIDATION_MESSAGES as M } from '@shared/validation/messages';
import { checkPass, checkRequired, checkRule, RULE_DEFAULTS, RULE_NAMES, ruleSchema } from '@shared/validation/rules';
import type { FieldRules } from '@shared/contract/system';

const keysOf = (errors: { field: string; key: string }[]) => Object.fromEntries(errors.map((e) => [e.field, e.key]));

describe('named rules (spec section 5)', () => {
  it('[VAL-01] every named rule of the spec exists, and each format rule has a default pattern and bounds', () => {
    expect(RULE_NAMES).toEqual([
      'required', 'username', 'password', 'email', 'mobileNum', 'payeeName', 'paymentPassword', 'qqNum', 'line', 'whatsapp', 'facebook',
      'wechat', 'idNumber', 'recommenderId', 'affiliateCode', 'captcha', 'checkPass',
    ]);
    for (const rule of RULE_NAMES.filter((r) => r !== 'required' && r !== 'checkPass')) {
      expect(RULE_DEFAULTS[rule as keyof typeof RULE_DEFAULTS], rule).toBeDefined();
    }
  });

  it('[VAL-02][VAL-53] checkPass passes only when the confirmation equals the password', () => {
    expect(checkPass('Demo#2026pass', 'Demo#2026pass')).toBeNull();
    expect(checkPass('Demo#2026pass', 'demo#2026pass')).toEqual({ key: M.checkPassMismatch });
    expect(checkPass('Demo#2026pass', '')).toEqual({ key: M.required });
  });

  it('[VAL-39][VAL-55] required refuses empty and blank input with "input cannot be empty"', () => {
    expect(checkRequired('')).toEqual({ key: M.required });
    expect(checkRequired('   ')).toEqual({ key: M.required });
    expect(checkRequired(undefined)).toEqual({ key: M.required });
    expect(checkRequired('x')).toBeNull();
  });

  it('[VAL-03] which catalogue pattern a rule uses is configurable', () => {
    expect(checkRule('username', 'demo2026')).toBeNull();
    expect(checkRule('username', 'demo2026', { patternId: 'DIGITS' })).toEqual({ key: M.formatIncorrect });
    expect(checkRule('username', '12345', { patternId: 'DIGITS' })).toBeNull();
    // An unknown pattern id keeps the rule's default.
    expect(checkRule('username', '9lives', { patternId: 'NOT_A_PATTERN' })).toEqual({ key: M.formatIncorrect });
  });

  it('[VAL-04] length bounds are configurable and reach the message as (min) and (max)', () => {
    expect(checkRule('username', 'abc')).toEqual({ key: M.tooShort, params: { min: RULE_DEFAULTS.username.minLength } });
    expect(checkRule('username', 'abcdef', { minLength: 8 })).toEqual({ key: M.tooShort, params: { min: 8 } });
    expect(checkRule('username', 'abcdefghij', { maxLength: 6 })).toEqual({ key: M.tooLong, params: { max: 6 } });
  });

  it('[VAL-05][VAL-45][VAL-47] the mobile rule takes its bounds from the server and its message shows the digit count', () => {
    expect(checkRule('mobileNum', '12345', { minLength: 9, maxLength: 11 })).toEqual({ key: M.mobileNumLength, params: { min: 9, max: 11 } });
    expect(checkRule('mobileNum', '90123456a', { minLength: 9, maxLength: 11 })).toEqual({ key: M.mobileNumInvalid });
    expect(checkRule('mobileNum', '901234567', { minLength: 9, maxLength: 11, acceptedPattern: '*' })).toBeNull();
    expect(checkRule('mobileNum', '101234567', { acceptedPattern: '9\\d+' })).toEqual({ key: M.mobileNumInvalid });
  });

  it('[VAL-46] an invalid verification code shows "enter a valid verification code"', () => {
    expect(checkRule('verificationCode', '12ab56')).toEqual({ key: M.verificationCodeInvalid });
    expect(checkRule('verificationCode', '123456')).toBeNull();
  });

  it('[VAL-49] an invalid real name shows "real name format incorrect"', () => {
    expect(checkRule('payeeName', 'Nguyen Van A', { patternId: 'UPPER_SPACES' })).toEqual({ key: M.payeeNameInvalid });
    expect(checkRule('payeeName', 'NGUYEN VAN A', { patternId: 'UPPER_SPACES' })).toBeNull();
  });

  it('[VAL-50] a phone field such as whatsapp that fails its format shows "phone format incorrect"', () => {
    expect(checkRule('whatsapp', '+84 90 123')).toEqual({ key: M.phoneFormatIncorrect });
  });

  it('[VAL-51] an affiliate code that fails its rule shows "invalid invitation code"', () => {
    expect(checkRule('affiliateCode', 'AG-2026')).toEqual({ key: M.affiliateCodeInvalid });
    expect(checkRule('affiliateCode', 'AGENT2026')).toBeNull();
  });

  it('[VAL-52] account, password and email with a bad format show "account, password and email format incorrect"', () => {
    expect(checkRule('username', '9lives')).toEqual({ key: M.formatIncorrect });
    expect(checkRule('password', 'alllowercase1')).toEqual({ key: M.formatIncorrect });
    expect(checkRule('email', 'no-at-sign')).toEqual({ key: M.formatIncorrect });
  });

  it('[VAL-54] an empty required captcha shows "please enter the captcha"', () => {
    expect(checkRule('captcha', '', { required: true })).toEqual({ key: M.captchaRequired });
  });

  it('[VAL-33] input is trimmed before it is checked, and the rules are zod schemas that return keys', () => {
    expect(checkRule('username', '  demo2026  ')).toBeNull();
    const result = ruleSchema('email', { required: true }).safeParse('');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(M.required);
    expect(ruleSchema('username').parse('  demo2026 ')).toBe('demo2026');
  });
});

describe('form rules (spec section 5)', () => {
  const rules: FieldRules = {
    mobileNum: { enabled: true, required: false, patternId: 'DIGITS', minLength: 9, maxLength: 11, acceptedPattern: '*' },
    email: { enabled: true, required: true, patternId: 'EMAIL' },
    qqNum: { enabled: false, required: true, patternId: 'DIGITS' },
    payeeName: { enabled: true, required: false },
  };
  const base = { username: 'demo2026', password: 'Demo#2026pass', confirmPassword: 'Demo#2026pass', email: 'a@b.co' };

  it('[VAL-29] username registration requires username, password and its confirmation', () => {
    const errors = validateRegistration({}, { type: 'username', fieldRules: rules, smsVerification: false, mobilePassword: true });
    expect(keysOf(errors)).toMatchObject({ username: M.required, password: M.required, confirmPassword: M.required });
    expect(validateRegistration(base, { type: 'username', fieldRules: rules, smsVerification: false, mobilePassword: true })).toEqual([]);
  });

  it('[VAL-30] mobile registration requires the number; on the username type it follows its rule', () => {
    const mobile = validateRegistration({ email: 'a@b.co' }, { type: 'mobile', fieldRules: rules, smsVerification: false, mobilePassword: false });
    expect(keysOf(mobile)).toEqual({ mobileNum: M.required });
    const required = { ...rules, mobileNum: { ...rules.mobileNum!, required: true } };
    expect(keysOf(validateRegistration(base, { type: 'username', fieldRules: required, smsVerification: false, mobilePassword: true }))).toEqual({
      mobileNum: M.required,
    });
  });

  it('[VAL-31] a field is checked when enabled, required when its rule says so, and ignored when disabled', () => {
    const errors = validateRegistration({ ...base, email: '', qqNum: 'not digits', payeeName: '' }, {
      type: 'username',
      fieldRules: rules,
      smsVerification: false,
      mobilePassword: true,
    });
    expect(keysOf(errors)).toEqual({ email: M.required });
  });

  it('[VAL-32] the verification code is required whenever SMS verification is on', () => {
    const errors = validateRegistration({ ...base, mobileNum: '901234567' }, { type: 'username', fieldRules: rules, smsVerification: true, mobilePassword: true });
    expect(keysOf(errors)).toEqual({ verificationCode: M.required });
  });

  it('[VAL-33][VAL-34] login: username and password for the username type, mobile and code for the sms type', () => {
    expect(keysOf(validateLogin({ username: ' ', password: '' }, { type: 'username' }))).toEqual({ username: M.required, password: M.required });
    expect(keysOf(validateLogin({ username: 'demo', password: 'x' }, { type: 'username', captchaShown: true }))).toEqual({ captcha: M.captchaRequired });
    expect(keysOf(validateLogin({ mobileNum: '', verificationCode: '' }, { type: 'sms' }))).toEqual({ mobileNum: M.required, verificationCode: M.required });
  });

  it('[VAL-35][VAL-48] change password: old password when shown, the password rule, and a matching confirmation', () => {
    const errors = validateChangePassword({ oldPassword: '', newPassword: 'weak', confirmNewPassword: 'other' }, { oldPasswordShown: true });
    expect(keysOf(errors)).toEqual({ oldPassword: M.required, newPassword: M.tooShort, confirmNewPassword: M.confirmationWrong });
    expect(validateChangePassword({ newPassword: 'Fresh#2027pass', confirmNewPassword: 'Fresh#2027pass' }, { oldPasswordShown: false })).toEqual([]);
  });

  it('[VAL-36] forgot by email requires username and a well-formed email', () => {
    expect(keysOf(validateForgotByEmail({ username: '', email: 'x' }))).toEqual({ username: M.required, email: M.tooShort });
    expect(validateForgotByEmail({ username: 'demo', email: 'demo@demo.example' })).toEqual([]);
  });

  it('[VAL-37] forgot by phone requires mobile number, SMS code and new password', () => {
    expect(keysOf(validateForgotByPhone({}))).toEqual({ mobileNum: M.required, verificationCode: M.required, newPassword: M.required });
    expect(validateForgotByPhone({ mobileNum: '901234567', verificationCode: '123456', newPassword: 'Fresh#2027pass' })).toEqual([]);
  });
});
