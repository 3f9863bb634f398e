import { htmlLangOf } from './i18n';

/** One formatter per language and sign style: building an Intl.NumberFormat costs far more than using one (the jackpot formats on every step). */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const moneyFormat = (language: string, signDisplay: 'auto' | 'exceptZero'): Intl.NumberFormat => {
  const key = `${language}|${signDisplay}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(htmlLangOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay });
    moneyFormats.set(key, format);
  }
  return format;
};

/** An amount with 2 decimals in the interface language's digits (WALLET-01). */
export const formatMoney = (amount: number, language: string): string => moneyFormat(language, 'auto').format(amount);

/** A signed amount: a leading + for credits, the language's minus for debits. */
export const formatSignedMoney = (amount: number, language: string): string => moneyFormat(language, 'exceptZero').format(amount);

/** Money the player types: null when empty, NaN when not digits with at most 2 decimals. */
export const parseMoneyInput = (text: string): number | null => {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return /^\d{1,12}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};
