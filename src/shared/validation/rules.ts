import { z } from 'zod';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from './messages';
import { isPatternId, matchesAcceptedPattern, matchesPattern, type PatternId } from './patterns';

/** The named rules of spec section 5 (VAL-01); `required` and `checkPass` have their own helpers. */
export const RULE_NAMES = [
  'required',
  'username',
  'password',
  'email',
  'mobileNum',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'captcha',
  'checkPass',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** A rule that checks a value's format: every named rule but required and checkPass, plus the form-only ones. */
export type FormatRule = Exclude<RuleName, 'required' | 'checkPass'> | 'verificationCode' | 'nickname' | 'birthday' | 'fullName' | 'text';

export interface RuleDefaults {
  patternId: PatternId;
  minLength: number;
  maxLength: number;
  /** The message shown when the value breaks the pattern. */
  message: ValidationMessageKey;
}

const M = VALIDATION_MESSAGES;

/**
 * Each rule's default pattern and length bounds; a field rule from the server overrides them
 * (VAL-03, VAL-04, VAL-05).
 */
export const RULE_DEFAULTS: Record<FormatRule, RuleDefaults> = {
  username: { patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16, message: M.formatIncorrect },
  password: { patternId: 'PASSWORD_STRONG', minLength: 8, maxLength: 32, message: M.formatIncorrect },
  email: { patternId: 'EMAIL', minLength: 5, maxLength: 254, message: M.formatIncorrect },
  mobileNum: { patternId: 'DIGITS', minLength: 6, maxLength: 15, message: M.mobileNumInvalid },
  payeeName: { patternId: 'ANY', minLength: 2, maxLength: 50, message: M.payeeNameInvalid },
  paymentPassword: { patternId: 'DIGITS', minLength: 6, maxLength: 6, message: M.formatIncorrect },
  qqNum: { patternId: 'DIGITS', minLength: 5, maxLength: 12, message: M.formatIncorrect },
  line: { patternId: 'NO_SPACES', minLength: 1, maxLength: 50, message: M.formatIncorrect },
  whatsapp: { patternId: 'DIGITS', minLength: 6, maxLength: 15, message: M.phoneFormatIncorrect },
  facebook: { patternId: 'NO_SPACES', minLength: 1, maxLength: 100, message: M.formatIncorrect },
  wechat: { patternId: 'NO_SPACES', minLength: 1, maxLength: 50, message: M.formatIncorrect },
  idNumber: { patternId: 'ALNUM', minLength: 6, maxLength: 30, message: M.formatIncorrect },
  recommenderId: { patternId: 'ALNUM', minLength: 1, maxLength: 32, message: M.formatIncorrect },
  affiliateCode: { patternId: 'ALNUM', minLength: 4, maxLength: 32, message: M.affiliateCodeInvalid },
  captcha: { patternId: 'ALNUM', minLength: 4, maxLength: 8, message: M.captchaRequired },
  verificationCode: { patternId: 'DIGITS', minLength: 4, maxLength: 8, message: M.verificationCodeInvalid },
  nickname: { patternId: 'ANY', minLength: 1, maxLength: 20, message: M.formatIncorrect },
  birthday: { patternId: 'DATE_YYYY_MM_DD', minLength: 10, maxLength: 10, message: M.formatIncorrect },
  fullName: { patternId: 'FULL_NAME', minLength: 3, maxLength: 100, message: M.formatIncorrect },
  text: { patternId: 'ANY', minLength: 1, maxLength: 200, message: M.formatIncorrect },
};

/** What a server field rule may change about a rule (a subset of the contract's FieldRule). */
export interface RuleOptions {
  required?: boolean;
  patternId?: string | undefined;
  acceptedPattern?: string | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
}

/** A validation failure as shown to the user: a message key and its placeholders. */
export interface RuleMessage {
  key: ValidationMessageKey;
  params?: Record<string, string | number>;
}

export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

/**
 * The zod schema of a rule with the server's overrides applied. Its issues carry the message key
 * as `message` and the placeholders as `params`, so the first issue is what the user sees.
 * Input is trimmed first (VAL-33); an empty optional value passes.
 */
export const ruleSchema = (rule: FormatRule, options: RuleOptions = {}) => {
  const defaults = RULE_DEFAULTS[rule];
  const patternId = options.patternId && isPatternId(options.patternId) ? options.patternId : defaults.patternId;
  const min = options.minLength ?? defaults.minLength;
  const max = options.maxLength ?? defaults.maxLength;
  const lengthMessage = (which: 'min' | 'max'): RuleMessage =>
    rule === 'mobileNum'
      ? { key: M.mobileNumLength, params: { min, max } }
      : which === 'min'
        ? { key: M.tooShort, params: { min } }
        : { key: M.tooLong, params: { max } };
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const fail = (m: RuleMessage) => ctx.addIssue({ code: 'custom', message: m.key, params: m.params ?? {} });
      if (value === '') {
        if (options.required) fail({ key: rule === 'captcha' ? M.captchaRequired : M.required });
        return;
      }
      const length = [...value].length;
      if (length < min) return fail(lengthMessage('min'));
      if (length > max) return fail(lengthMessage('max'));
      if (!matchesPattern(patternId, value) || !matchesAcceptedPattern(options.acceptedPattern, value)) {
        fail({ key: defaults.message });
      }
    });
};

const firstMessage = (error: z.ZodError): RuleMessage => {
  const issue = error.issues[0];
  const params = issue && 'params' in issue ? (issue.params as Record<string, string | number> | undefined) : undefined;
  return { key: (issue?.message ?? M.formatIncorrect) as ValidationMessageKey, ...(params && Object.keys(params).length ? { params } : {}) };
};

/** The message for a value under a rule, or null when it passes. */
export const checkRule = (rule: FormatRule, value: string | null | undefined, options: RuleOptions = {}): RuleMessage | null => {
  const result = ruleSchema(rule, options).safeParse(value ?? '');
  return result.success ? null : firstMessage(result.error);
};

/** The `required` rule: input cannot be empty (VAL-39, VAL-55). */
export const checkRequired = (value: string | null | undefined): RuleMessage | null => (isBlank(value) ? { key: M.required } : null);

/** The `checkPass` rule: the confirmation equals the password (VAL-02, VAL-53). */
export const checkPass = (
  password: string | null | undefined,
  confirmation: string | null | undefined,
  message: ValidationMessageKey = M.checkPassMismatch,
): RuleMessage | null => {
  if (isBlank(confirmation)) return { key: M.required };
  return (password ?? '').trim() === (confirmation ?? '').trim() ? null : { key: message };
};
