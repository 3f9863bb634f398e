import type { ProfileField } from '@shared/validation/fields';
import type { PatternId } from '@shared/validation/patterns';

export interface FieldRuleSeed {
  enabled: boolean;
  required: boolean;
  patternId?: PatternId;
  /** Mobile only: `*` accepts any number, otherwise a regular expression for the whole number. */
  acceptedPattern?: string;
  minLength?: number;
  maxLength?: number;
}

type RegistrationField = ProfileField | 'username' | 'password' | 'confirmPassword' | 'mobileNum' | 'verificationCode' | 'captcha' | 'referralCode';

const on = (required: boolean, patternId: PatternId, minLength: number, maxLength: number): FieldRuleSeed => ({
  enabled: true,
  required,
  patternId,
  minLength,
  maxLength,
});
const off = (patternId: PatternId, minLength: number, maxLength: number): FieldRuleSeed => ({
  enabled: false,
  required: false,
  patternId,
  minLength,
  maxLength,
});

/**
 * Registration field rules for the demo merchant (VAL-31): the form shows a field when enabled and
 * requires it when required. The type lists every registration field, so none can be left out.
 */
export const FIELD_RULES: Record<RegistrationField, FieldRuleSeed> = {
  username: on(true, 'LETTER_FIRST_ALNUM', 4, 16),
  password: on(true, 'PASSWORD_STRONG', 8, 32),
  confirmPassword: on(true, 'PASSWORD_STRONG', 8, 32),
  // Vietnamese mobile numbers without the leading 0; `*` lets the demo accept any digits.
  mobileNum: { ...on(true, 'DIGITS', 9, 11), acceptedPattern: '*' },
  verificationCode: on(true, 'DIGITS', 6, 6),
  captcha: off('ALNUM', 4, 8),
  referralCode: on(false, 'ALNUM', 4, 32),
  payeeName: on(false, 'ANY', 2, 50),
  email: on(false, 'EMAIL', 5, 254),
  qqNum: off('DIGITS', 5, 12),
  recommenderId: off('ALNUM', 1, 32),
  affiliateCode: on(false, 'ALNUM', 4, 32),
  paymentPassword: on(false, 'DIGITS', 6, 6),
  line: off('NO_SPACES', 1, 50),
  whatsapp: off('DIGITS', 6, 15),
  facebook: off('NO_SPACES', 1, 100),
  wechat: off('NO_SPACES', 1, 50),
  idNumber: off('ALNUM', 6, 30),
  nickname: on(false, 'ANY', 1, 20),
  telegram: on(false, 'NO_SPACES', 5, 32),
  zalo: on(false, 'DIGITS', 9, 11),
  birthday: on(false, 'DATE_YYYY_MM_DD', 10, 10),
  referrer: off('ALNUM', 1, 32),
  permanentAddress: off('ANY', 5, 200),
  currentAddress: off('ANY', 5, 200),
  placeOfBirth: off('ANY', 2, 100),
  nationality: off('ANY', 2, 60),
  occupation: off('ANY', 2, 60),
  sourceOfIncome: off('ANY', 2, 100),
  fullName: off('FULL_NAME', 3, 100),
  bankAccountName: off('ANY', 2, 100),
};
