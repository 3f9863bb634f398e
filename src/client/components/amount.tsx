import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatSignedMoney } from '@client/lib/money';

/** Money with 2 decimals; `signed` shows credits with + and in the success colour, debits in the danger colour. */
export function Amount({ value, signed = false, className }: { value: number; signed?: boolean; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={clsx('amount', signed && value > 0 && 'amount--credit', signed && value < 0 && 'amount--debit', className)}>
      {signed ? formatSignedMoney(value, i18n.language) : formatMoney(value, i18n.language)}
    </span>
  );
}
