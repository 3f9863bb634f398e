import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@shared/contract/http';
import { Amount } from '@client/components/amount';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { CsvExportButton } from '../components/csv-export-button';
import { ScopeFilters } from '../components/scope-filters';
import { TotalsRow } from '../components/totals-row';
import { useAgentReport } from '../hooks/use-agent-report';
import '../agent.css';

type UserProfitLoss = ResponseOf<'agentUserProfitLoss'>['list'][number];

/** palStatementsAgentCopy, user loss (AGENT-10): each downline member's result in the range, biggest loss first, with totals and CSV. */
export default function UserLossPage() {
  const { t } = useTranslation(['agent', 'records']);
  const { filters, records, exportQuery } = useAgentReport('agentUserProfitLoss');
  const columns: RecordColumn<UserProfitLoss>[] = [
    { id: 'account', header: t('agent:columns.account'), cell: (row) => row.account },
    { id: 'level', header: t('agent:columns.level'), align: 'end', cell: (row) => row.level },
    { id: 'bets', header: t('agent:userLoss.betCount'), align: 'end', cell: (row) => row.betCount },
    { id: 'valid', header: t('agent:userLoss.validBets'), align: 'end', cell: (row) => <Amount value={row.validBets} /> },
    { id: 'payout', header: t('records:columns.payout'), align: 'end', cell: (row) => <Amount value={row.payout} /> },
    { id: 'profit', header: t('records:columns.profitLoss'), align: 'end', cell: (row) => <Amount value={row.profitLoss} signed /> },
    { id: 'deposits', header: t('agent:userLoss.deposits'), align: 'end', cell: (row) => <Amount value={row.deposits} /> },
    { id: 'withdrawals', header: t('agent:userLoss.withdrawals'), align: 'end', cell: (row) => <Amount value={row.withdrawals} /> },
  ];
  return (
    <div className="agent-page">
      <RecordPage filters={filters} extraFilters={<ScopeFilters value={filters.extra} onChange={filters.updateExtra} />}>
        <div className="report-toolbar">
          <CsvExportButton exportKey="agentUserProfitLossExport" query={exportQuery} />
        </div>
        <PagedRecords query={records} filters={filters}>
          {(data) => (
            <RecordTable
              caption={t('agent:userLoss.caption')}
              rows={data.list}
              rowKey={(row) => row.memberId}
              columns={columns}
              footer={
                <TotalsRow
                  label={t('agent:totalsMembers', { count: data.totals.members })}
                  columns={columns}
                  totals={{
                    bets: data.totals.betCount,
                    valid: <Amount value={data.totals.validBets} />,
                    payout: <Amount value={data.totals.payout} />,
                    profit: <Amount value={data.totals.profitLoss} signed />,
                    deposits: <Amount value={data.totals.deposits} />,
                    withdrawals: <Amount value={data.totals.withdrawals} />,
                  }}
                />
              }
            />
          )}
        </PagedRecords>
      </RecordPage>
    </div>
  );
}
