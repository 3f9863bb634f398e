import { useTranslation } from 'react-i18next';
import { BET_STATUSES } from '@shared/contract/records';
import { Amount } from '@client/components/amount';
import { formatDateTime } from '@client/lib/format';
import { useRecordQuery } from '@client/components/records/use-record-query';
import { OptionFilter } from '@client/components/records/option-filter';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable } from '@client/components/records/record-table';
import { StatusTag } from '@client/components/records/status-tag';
import { SummaryCards } from '@client/components/records/summary-cards';

/** personalHistoryCopy (WALLET-07): the player's bets with totals over the whole filter. */
export function BettingRecordPage() {
  const { t } = useTranslation('records');
  const { filters, records: query } = useRecordQuery('bettingRecord');
  return (
    <div className="member-page">
      <RecordPage
        filters={filters}
        extraFilters={
          <OptionFilter
            label={t('filters.status')}
            options={BET_STATUSES}
            value={filters.extra.status}
            optionLabel={(value) => t(`betStatus.${value}`)}
            onChange={(status) => filters.setExtra(status ? { status } : {})}
          />
        }
      >
        <PagedRecords query={query} filters={filters}>
          {(data) => (
            <>
              <SummaryCards
                items={[
                  { id: 'count', label: t('betting.count'), value: String(data.total) },
                  { id: 'stake', label: t('betting.totalStake'), value: <Amount value={data.totalStake} /> },
                  { id: 'payout', label: t('betting.totalPayout'), value: <Amount value={data.totalPayout} /> },
                  { id: 'profit', label: t('betting.totalProfitLoss'), value: <Amount value={data.totalProfitLoss} signed /> },
                ]}
              />
              <RecordTable
                caption={t('betting.caption')}
                rows={data.list}
                rowKey={(row) => row.betId}
                columns={[
                  { id: 'time', header: t('columns.time'), cell: (row) => formatDateTime(row.placedAt) },
                  { id: 'game', header: t('columns.game'), cell: (row) => row.gameName },
                  { id: 'vendor', header: t('columns.vendor'), cell: (row) => row.vendor },
                  { id: 'stake', header: t('columns.stake'), align: 'end', cell: (row) => <Amount value={row.stake} /> },
                  { id: 'payout', header: t('columns.payout'), align: 'end', cell: (row) => <Amount value={row.payout} /> },
                  { id: 'profit', header: t('columns.profitLoss'), align: 'end', cell: (row) => <Amount value={row.profitLoss} signed /> },
                  {
                    id: 'status',
                    header: t('columns.status'),
                    cell: (row) => (
                      <StatusTag tone={row.status === 'SETTLED' ? 'success' : row.status === 'OPEN' ? 'pending' : 'neutral'} label={t(`betStatus.${row.status}`)} />
                    ),
                  },
                ]}
              />
            </>
          )}
        </PagedRecords>
      </RecordPage>
    </div>
  );
}
