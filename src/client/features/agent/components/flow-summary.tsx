import { useTranslation } from 'react-i18next';
import { Amount } from '@client/components/amount';
import { SummaryCards } from '@client/components/records/summary-cards';

/** Money in, out and net of a report's ledger entries, over the whole filter. */
export function FlowSummary({ totals }: { totals: { totalIn: number; totalOut: number; net: number } }) {
  const { t } = useTranslation('agent');
  return (
    <SummaryCards
      items={[
        { id: 'in', label: t('flow.totalIn'), value: <Amount value={totals.totalIn} /> },
        { id: 'out', label: t('flow.totalOut'), value: <Amount value={totals.totalOut} /> },
        { id: 'net', label: t('flow.net'), value: <Amount value={totals.net} signed /> },
      ]}
    />
  );
}
