import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DEPOSIT_STATUSES } from '@shared/contract/wallet-payments';
import { ENTRY_TYPES } from '@shared/contract/records';
import { Amount } from '@client/components/amount';
import { FormTabs } from '@client/components/form';
import { DEPOSIT_RECORD_FILTER } from '@client/config/center-pages';
import { formatDateTime } from '@client/lib/format';
import { useRecordQuery } from '@client/components/records/use-record-query';
import { OptionFilter } from '@client/components/records/option-filter';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable } from '@client/components/records/record-table';
import { StatusTag } from '@client/components/records/status-tag';

type Tab = 'account' | 'deposit';

function AccountRecords() {
  const { t } = useTranslation('records');
  const { filters, records: query } = useRecordQuery('accountRecord');
  return (
    <RecordPage
      filters={filters}
      extraFilters={
        <OptionFilter
          label={t('filters.entryType')}
          options={ENTRY_TYPES}
          value={filters.extra.type}
          optionLabel={(value) => t(`entryTypes.${value}`)}
          onChange={(type) => filters.setExtra(type ? { type } : {})}
        />
      }
    >
      <PagedRecords query={query} filters={filters}>
        {(data) => (
          <RecordTable
            caption={t('account.caption')}
            rows={data.list}
            rowKey={(row) => `${row.transactionId}-${row.wallet}`}
            columns={[
              { id: 'time', header: t('columns.time'), cell: (row) => formatDateTime(row.time) },
              { id: 'type', header: t('columns.type'), cell: (row) => t(`entryTypes.${row.type}`) },
              { id: 'wallet', header: t('columns.wallet'), cell: (row) => row.wallet },
              { id: 'amount', header: t('columns.amount'), align: 'end', cell: (row) => <Amount value={row.amount} signed /> },
              { id: 'balance', header: t('columns.balanceAfter'), align: 'end', cell: (row) => <Amount value={row.balanceAfter} /> },
              { id: 'remark', header: t('columns.remark'), cell: (row) => row.remark || '—' },
            ]}
          />
        )}
      </PagedRecords>
    </RecordPage>
  );
}

function DepositRecords() {
  const { t } = useTranslation('records');
  const { filters, records: query } = useRecordQuery('depositRecord');
  return (
    <RecordPage
      filters={filters}
      extraFilters={
        <OptionFilter
          label={t('filters.status')}
          options={DEPOSIT_STATUSES}
          value={filters.extra.status}
          optionLabel={(value) => t(`depositStatus.${value}`)}
          onChange={(status) => filters.setExtra(status ? { status } : {})}
        />
      }
    >
      <PagedRecords query={query} filters={filters}>
        {(data) => (
          <RecordTable
            caption={t('deposit.caption')}
            rows={data.list}
            rowKey={(row) => row.orderId}
            columns={[
              { id: 'time', header: t('columns.time'), cell: (row) => formatDateTime(row.createdAt) },
              { id: 'order', header: t('columns.orderId'), cell: (row) => row.orderId },
              { id: 'channel', header: t('columns.channel'), cell: (row) => row.channelName },
              { id: 'amount', header: t('columns.amount'), align: 'end', cell: (row) => <Amount value={row.amount} /> },
              {
                id: 'status',
                header: t('columns.status'),
                cell: (row) => <StatusTag tone={row.status === 'CREDITED' ? 'success' : row.status === 'FAILED' ? 'danger' : 'pending'} label={t(`depositStatus.${row.status}`)} />,
              },
              { id: 'reason', header: t('columns.remark'), cell: (row) => row.failureReason ?? '—' },
            ]}
          />
        )}
      </PagedRecords>
    </RecordPage>
  );
}

/** transactionHistory (WALLET-08): the account record, and the deposit record (WALLET-09) the side menu opens with ?filter=deposit. */
export function AccountRecordPage() {
  const { t } = useTranslation('records');
  const [params] = useSearchParams();
  // The link's filter picks the first tab; switching tabs stays on the page (a new URL would rebuild the whole view, SHELL-20).
  const [tab, setTab] = useState<Tab>(() => (params.get('filter') === DEPOSIT_RECORD_FILTER ? 'deposit' : 'account'));
  return (
    <div className="member-page">
      <FormTabs<Tab>
        label={t('account.tabs')}
        tabs={[
          { id: 'account', label: t('account.title') },
          { id: 'deposit', label: t('deposit.title') },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      {tab === 'account' ? <AccountRecords key="account" /> : <DepositRecords key="deposit" />}
    </div>
  );
}
