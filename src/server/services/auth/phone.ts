import { checkRule } from '@shared/validation/rules';
import type { AppContext } from '../../app-context';
import { ApiError } from '../../http/api-error';
import { readFieldRules } from '../../routes/system/system.handlers';

export interface Phone {
  /** Digits only, no plus. */
  dialingCode: string;
  mobileNum: string;
}

export const e164 = (phone: Phone): string => `${phone.dialingCode}${phone.mobileNum}`;

/** For two-factor prompts: the last three digits only. */
export const maskMobile = (phone: Phone): string => `+${phone.dialingCode} ${'•'.repeat(Math.max(0, phone.mobileNum.length - 3))}${phone.mobileNum.slice(-3)}`;

export const normalizeDialingCode = (raw: string): string => raw.trim().replace(/^\+/, '');

/**
 * A mobile number checked the way the spec's phone errors read: empty is PHONE_MISSING (ERR-08);
 * a number that breaks the mobile field rule, or a dialing code of no listed country, is PHONE_INVALID (ERR-07).
 */
export const parsePhone = async (ctx: AppContext, rawDialingCode: string, rawMobileNum: string): Promise<Phone> => {
  const mobileNum = rawMobileNum.trim();
  if (mobileNum === '') throw new ApiError('PHONE_MISSING', 'Please enter the mobile number');
  const rules = await readFieldRules(ctx);
  const problem = checkRule('mobileNum', mobileNum, { required: true, ...rules.mobileNum });
  if (problem) throw new ApiError('PHONE_INVALID', 'Invalid phone number format', [{ field: 'mobileNum', ...problem }]);
  const dialingCode = normalizeDialingCode(rawDialingCode);
  const country = /^\d{1,4}$/.test(dialingCode)
    ? await ctx.db.selectFrom('countries').select('country_code').where('country_dialing_code', 'in', [dialingCode, `+${dialingCode}`]).executeTakeFirst()
    : undefined;
  if (!country) {
    throw new ApiError('PHONE_INVALID', 'Choose the country of the mobile number', [{ field: 'countryDialingCode', key: 'validation:phoneFormatIncorrect' }]);
  }
  return { dialingCode, mobileNum };
};
