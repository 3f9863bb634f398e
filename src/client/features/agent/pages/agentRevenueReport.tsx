import { useTranslation } from 'react-i18next';
import { AGENT_INCOME_TYPES } from '@shared/contract/agent';
import type { ResponseOf } from '@shared/contract/http';
import { Amount } from '@client/components/amount';
import { OptionFilter } from '@client/components/records/option-filter';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { formatDateTime } from '@client/lib/format';
import { CsvExportButton } from '../components/csv-export-button';
import { FlowSummary } from '../components/flow-summary';
import { TotalsRow } from '../components/totals-row';
import { useAgentReport } from '../hooks/use-agent-report';
import '../agent.css';

type IncomeEntry = ResponseOf<'agentIncome'>['list'][number];

/** agentRevenueReport, my income (AGENT-11): the agent's own transfers, salary and dividends, signed, with totals and CSV. */
export default function MyIncomePage() {
  const { t } = useTranslation(['agent', 'records']);
  const { filters, records, exportQuery } = useAgentReport('agentIncome');
  const columns: RecordColumn<IncomeEntry>[] = [
    { id: 'time', header: t('records:columns.time'), cell: (row) => formatDateTime(row.time) },
    { id: 'type', header: t('records:columns.type'), cell: (row) => t(`records:entryTypes.${row.type}`) },
    { id: 'counterparty', header: t('agent:income.counterparty'), cell: (row) => row.counterparty ?? '—' },
    { id: 'amount', header: t('records:columns.amount'), align: 'end', cell: (row) => <Amount value={row.amount} signed /> },
    { id: 'balance', header: t('records:columns.balanceAfter'), align: 'end', cell: (row) => <Amount value={row.balanceAfter} /> },
    { id: 'remark', header: t('records:columns.remark'), cell: (row) => row.remark || '—' },
  ];
  return (
    <div className="agent-page">
      <RecordPage
        filters={filters}
        extraFilters={
          <OptionFilter
            label={t('records:filters.entryType')}
            options={AGENT_INCOME_TYPES}
            value={filters.extra.type}
            optionLabel={(value) => t(`records:entryTypes.${value}`)}
            onChange={(type) => filters.updateExtra({ type })}
          />
        }
      >
        <div className="report-toolbar">
          <CsvExportButton exportKey="agentIncomeExport" query={exportQuery} />
        </div>
        <PagedRecords query={records} filters={filters}>
          {(data) => (
            <>
              <FlowSummary totals={data} />
              <RecordTable
                caption={t('agent:income.caption')}
                rows={data.list}
                rowKey={(row) => row.transactionId}
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
