import { htmlLangOf } from '@client/lib/i18n';

/** The console shows times and amounts exactly as the player's pages do. */
export { formatDateTime } from '@client/lib/format';
export { formatMoney } from '@client/lib/money';

/** An amount typed by the operator: digits with at most 2 decimals, above zero; null when it is not one. */
export const parseAmount = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
};

/** `<input type="datetime-local">` text (local time) as an ISO instant; undefined when empty. */
export const localInputToIso = (value: string): string | undefined => {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** An ISO instant as `<input type="datetime-local">` text, in local time. */
export const isoToLocalInput = (iso: string): string => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A whole number of points typed by the operator: digits only, above zero; null when it is not one. */
export const parsePoints = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
};

/** A count of points in the interface language's digits. */
export const formatPoints = (points: number, language: string): string => new Intl.NumberFormat(htmlLangOf(language)).format(points);
