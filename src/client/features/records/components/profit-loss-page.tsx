import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@client/state/queries';
import { Amount } from '@client/components/amount';
import { EmptyState } from '@client/components/empty-state';
import { useRecordFilters } from '@client/components/records/use-record-filters';
import { QueryStates } from '@client/components/records/query-states';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable } from '@client/components/records/record-table';
import { SummaryCards } from '@client/components/records/summary-cards';

/** personalProfit (WALLET-10): profit and loss over a range, in total and per vendor. */
export function ProfitLossPage() {
  const { t } = useTranslation(['records', 'common']);
  const filters = useRecordFilters({});
  const range = filters.query ? { startTime: filters.query.startTime, endTime: filters.query.endTime } : undefined;
  const query = useApiQuery('profitLoss', { query: range }, { enabled: range !== undefined });
  return (
    <div className="member-page">
      <RecordPage filters={filters}>
        <QueryStates query={query}>
          {(data) => (
            <>
              <SummaryCards
                items={[
                  { id: 'profit', label: t('records:profit.profitLoss'), value: <Amount value={data.profitLoss} signed /> },
                  { id: 'bets', label: t('records:profit.betCount'), value: String(data.betCount) },
                  { id: 'stake', label: t('records:profit.totalStake'), value: <Amount value={data.totalStake} /> },
                  { id: 'payout', label: t('records:profit.totalPayout'), value: <Amount value={data.totalPayout} /> },
                  { id: 'deposits', label: t('records:profit.deposits'), value: <Amount value={data.deposits} /> },
                  { id: 'withdrawals', label: t('records:profit.withdrawals'), value: <Amount value={data.withdrawals} /> },
                  { id: 'bonuses', label: t('records:profit.bonuses'), value: <Amount value={data.bonuses} /> },
                  { id: 'rebates', label: t('records:profit.rebates'), value: <Amount value={data.rebates} /> },
                ]}
              />
              <h3 className="member-page__heading">{t('records:profit.byVendor')}</h3>
              {data.byVendor.length === 0 ? (
                <EmptyState title={t('common:in_no_data')} />
              ) : (
                <RecordTable
                  caption={t('records:profit.byVendor')}
                  rows={data.byVendor}
                  rowKey={(row) => row.vendor}
                  columns={[
                    { id: 'vendor', header: t('records:columns.vendor'), cell: (row) => row.vendor },
                    { id: 'bets', header: t('records:profit.betCount'), align: 'end', cell: (row) => row.betCount },
                    { id: 'stake', header: t('records:columns.stake'), align: 'end', cell: (row) => <Amount value={row.totalStake} /> },
                    { id: 'payout', header: t('records:columns.payout'), align: 'end', cell: (row) => <Amount value={row.totalPayout} /> },
                    { id: 'profit', header: t('records:columns.profitLoss'), align: 'end', cell: (row) => <Amount value={row.profitLoss} signed /> },
                  ]}
                />
              )}
            </>
          )}
        </QueryStates>
      </RecordPage>
    </div>
  );
}
