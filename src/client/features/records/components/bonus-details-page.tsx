import { useTranslation } from 'react-i18next';
import { BONUS_ENTRY_TYPES } from '@shared/contract/records';
import { Amount } from '@client/components/amount';
import { formatDateTime } from '@client/lib/format';
import { useRecordQuery } from '@client/components/records/use-record-query';
import { OptionFilter } from '@client/components/records/option-filter';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable } from '@client/components/records/record-table';
import { SummaryCards } from '@client/components/records/summary-cards';

/** bonusDetails (WALLET-11): promotion bonuses, red envelopes, salary, dividends and rebates. */
export function BonusDetailsPage() {
  const { t } = useTranslation('records');
  const { filters, records: query } = useRecordQuery('bonusDetails');
  return (
    <div className="member-page">
      <RecordPage
        filters={filters}
        extraFilters={
          <OptionFilter
            label={t('filters.bonusType')}
            options={BONUS_ENTRY_TYPES}
            value={filters.extra.type}
            optionLabel={(value) => t(`entryTypes.${value}`)}
            onChange={(type) => filters.setExtra(type ? { type } : {})}
          />
        }
      >
        <PagedRecords query={query} filters={filters}>
          {(data) => (
            <>
              <SummaryCards items={[{ id: 'total', label: t('bonus.total'), value: <Amount value={data.totalAmount} /> }]} />
              <RecordTable
                caption={t('bonus.caption')}
                rows={data.list}
                rowKey={(row) => row.transactionId}
                columns={[
                  { id: 'time', header: t('columns.time'), cell: (row) => formatDateTime(row.time) },
                  { id: 'type', header: t('columns.type'), cell: (row) => t(`entryTypes.${row.type}`) },
                  { id: 'amount', header: t('columns.amount'), align: 'end', cell: (row) => <Amount value={row.amount} signed /> },
                  { id: 'remark', header: t('columns.remark'), cell: (row) => row.remark || '—' },
                ]}
              />
            </>
          )}
        </PagedRecords>
      </RecordPage>
    </div>
  );
}
