import type { FieldError } from '@shared/validation/messages';

/** The error to show under `field`, if any (the shared validators list each failing field once). */
export const fieldErrorOf = (errors: readonly FieldError[], field: string): FieldError | null =>
  errors.find((error) => error.field === field) ?? null;

/** Trims every string value: forms are validated and sent trimmed (VAL-33). */
export const trimValues = <T extends object>(values: T): T =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value])) as T;
