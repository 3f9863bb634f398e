import { format } from 'date-fns';
import { formatBalance } from '@client/features/shell/components/balance-pill';

/** yyyy-MM-dd HH:mm:ss in the operator's time zone; '—' for no time. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, 'yyyy-MM-dd HH:mm:ss');
};

/** Two decimals in the interface language's digits. */
export const formatMoney = (amount: number, language: string): string => formatBalance(amount, false, language);

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
