import { z } from 'zod';

/**
 * i18n keys of the validation messages (spec section 5, VAL-46..VAL-56). Rules return these keys,
 * never text; the client translates them (`t(key, params)`), the server sends them in `details`.
 */
export const VALIDATION_MESSAGES = {
  required: 'validation:required',
  verificationCodeInvalid: 'validation:verificationCodeInvalid',
  mobileNumInvalid: 'validation:mobileNumInvalid',
  mobileNumLength: 'validation:mobileNumLength',
  confirmationWrong: 'validation:confirmationWrong',
  payeeNameInvalid: 'validation:payeeNameInvalid',
  phoneFormatIncorrect: 'validation:phoneFormatIncorrect',
  affiliateCodeInvalid: 'validation:affiliateCodeInvalid',
  formatIncorrect: 'validation:formatIncorrect',
  checkPassMismatch: 'validation:checkPassMismatch',
  captchaRequired: 'validation:captchaRequired',
  botCheckRequired: 'validation:botCheckRequired',
  termsRequired: 'validation:termsRequired',
  /** The birthday check (VAL-44) unconfirmed; its text names the configured age ({{age}}), so it lives with the form's texts. */
  ageConfirmationRequired: 'registration:birthdayCheck.required',
  tooShort: 'validation:tooShort',
  tooLong: 'validation:tooLong',
} as const;

export type ValidationMessageKey = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];
export const ValidationMessageKey = z.enum(Object.values(VALIDATION_MESSAGES) as [ValidationMessageKey, ...ValidationMessageKey[]]);

/** One failed field: the message key and its placeholders (min, max). */
export const FieldError = z.object({
  field: z.string(),
  key: ValidationMessageKey,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof FieldError>;
