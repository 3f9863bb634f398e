import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatPoints, formatPointsChange } from '../points-rules';

/** Points in the interface language's digits; `signed` shows gains with + in the success colour and spending in the danger colour. */
export function PointsFigure({ value, signed = false, className }: { value: number; signed?: boolean; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={clsx('amount', signed && value > 0 && 'amount--credit', signed && value < 0 && 'amount--debit', className)}>
      {signed ? formatPointsChange(value, i18n.language) : formatPoints(value, i18n.language)}
    </span>
  );
}
