import { useTranslation } from 'react-i18next';
import { Amount } from '@client/components/amount';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable } from '@client/components/records/record-table';
import { useRecordFilters } from '@client/components/records/use-record-filters';
import { formatDateTime } from '@client/lib/format';
import { useApiQuery } from '@client/state/queries';
import { formatPoints } from '../points-rules';
import { PointsFigure } from './points-figure';

/**
 * Points details (MEMBER-06, API-62): time, ratio, redeem amount, points balance, the signed change
 * and the remark, over a date range (the record screens' presets, previous 7 days first) a page at a time.
 */
export function PointsDetails() {
  const { t, i18n } = useTranslation('points');
  const filters = useRecordFilters<Record<string, never>>({});
  const records = useApiQuery(
    'pointsTransactions',
    { query: { startDate: filters.range.from, endDate: filters.range.to, pageNo: filters.page } },
    { enabled: filters.query !== null },
  );
  return (
    <RecordPage filters={filters}>
      <PagedRecords query={records} filters={filters}>
        {(data) => (
          <RecordTable
            caption={t('details.caption')}
            rows={data.list}
            rowKey={(row) => row.id}
            columns={[
              { id: 'time', header: t('columns.time'), cell: (row) => formatDateTime(row.time) },
              { id: 'ratio', header: t('columns.ratio'), cell: (row) => t('ratioValue', { ratio: formatPoints(row.ratio, i18n.language) }) },
              { id: 'redeemAmount', header: t('columns.redeemAmount'), align: 'end', cell: (row) => <Amount value={row.redeemAmount} /> },
              { id: 'balance', header: t('columns.balance'), align: 'end', cell: (row) => <PointsFigure value={row.balance} /> },
              { id: 'change', header: t('columns.change'), align: 'end', cell: (row) => <PointsFigure value={row.change} signed /> },
              { id: 'remark', header: t('columns.remark'), cell: (row) => row.remark || '—' },
            ]}
          />
        )}
      </PagedRecords>
    </RecordPage>
  );
}
