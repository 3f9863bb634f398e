import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@shared/contract/http';
import { ENTRY_TYPES } from '@shared/contract/records';
import { Amount } from '@client/components/amount';
import { OptionFilter } from '@client/components/records/option-filter';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { formatDateTime } from '@client/lib/format';
import { CsvExportButton } from '../components/csv-export-button';
import { FlowSummary } from '../components/flow-summary';
import { ScopeFilters } from '../components/scope-filters';
import { TotalsRow } from '../components/totals-row';
import { useAgentReport } from '../hooks/use-agent-report';
import '../agent.css';

type TeamTransaction = ResponseOf<'agentTransactions'>['list'][number];

/** agentDownlineTransactionDetailsCopy, account details (AGENT-10): the downline's ledger entries, with totals and CSV. */
export default function AccountDetailsPage() {
  const { t } = useTranslation(['agent', 'records']);
  const { filters, records, exportQuery } = useAgentReport('agentTransactions');
  const columns: RecordColumn<TeamTransaction>[] = [
    { id: 'time', header: t('records:columns.time'), cell: (row) => formatDateTime(row.time) },
    { id: 'account', header: t('agent:columns.account'), cell: (row) => row.account },
    { id: 'level', header: t('agent:columns.level'), align: 'end', cell: (row) => row.level },
    { id: 'type', header: t('records:columns.type'), cell: (row) => t(`records:entryTypes.${row.type}`) },
    { id: 'wallet', header: t('records:columns.wallet'), cell: (row) => row.wallet },
    { id: 'amount', header: t('records:columns.amount'), align: 'end', cell: (row) => <Amount value={row.amount} signed /> },
    { id: 'balance', header: t('records:columns.balanceAfter'), align: 'end', cell: (row) => <Amount value={row.balanceAfter} /> },
    { id: 'remark', header: t('records:columns.remark'), cell: (row) => row.remark || '—' },
  ];
  return (
    <div className="agent-page">
      <RecordPage
        filters={filters}
        extraFilters={
          <>
            <ScopeFilters value={filters.extra} onChange={filters.updateExtra} />
            <OptionFilter
              label={t('records:filters.entryType')}
              options={ENTRY_TYPES}
              value={filters.extra.type}
              optionLabel={(value) => t(`records:entryTypes.${value}`)}
              onChange={(type) => filters.updateExtra({ type })}
            />
          </>
        }
      >
        <div className="report-toolbar">
          <CsvExportButton exportKey="agentTransactionsExport" query={exportQuery} />
        </div>
        <PagedRecords query={records} filters={filters}>
          {(data) => (
            <>
              <FlowSummary totals={data} />
              <RecordTable
                caption={t('agent:transactions.caption')}
                rows={data.list}
                rowKey={(row) => `${row.transactionId}-${row.memberId}-${row.wallet}`}
                columns={columns}
                footer={<TotalsRow label={t('agent:totalsOf', { count: data.total })} columns={columns} totals={{ amount: <Amount value={data.net} signed /> }} />}
              />
            </>
          )}
        </PagedRecords>
      </RecordPage>
    </div>
  );
}
