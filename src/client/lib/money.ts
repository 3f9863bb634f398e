import { htmlLangOf } from './i18n';

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
