import type { TFunction } from 'i18next';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * A form checked with the contract's own request schema: the first problem of each top-level
 * field, as a translated message (empty, too long, or not valid).
 */
export const fieldErrors = (result: z.ZodSafeParseResult<unknown>, t: TFunction<'operator'>): FieldErrors => {
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    errors[field] = issue.code === 'too_small' ? t('fields.required') : issue.code === 'too_big' ? t('fields.tooLong') : t('fields.invalid');
  }
  return errors;
};
