import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '@shared/contract/http';
import { BET_STATUSES } from '@shared/contract/records';
import { Amount } from '@client/components/amount';
import { OptionFilter } from '@client/components/records/option-filter';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { StatusTag } from '@client/components/records/status-tag';
import { SummaryCards } from '@client/components/records/summary-cards';
import { formatDateTime } from '@client/lib/format';
import { CsvExportButton } from '../components/csv-export-button';
import { ScopeFilters } from '../components/scope-filters';
import { TotalsRow } from '../components/totals-row';
import { useAgentReport } from '../hooks/use-agent-report';
import '../agent.css';

type TeamBet = ResponseOf<'agentTeamBets'>['list'][number];

/** personalHistoryCopy, team betting (AGENT-10): the downline's bets, filtered, paged, with totals over the whole filter and CSV. */
export default function TeamBettingPage() {
  const { t } = useTranslation(['agent', 'records']);
  const { filters, records, exportQuery } = useAgentReport('agentTeamBets');
  const columns: RecordColumn<TeamBet>[] = [
    { id: 'time', header: t('records:columns.time'), cell: (row) => formatDateTime(row.placedAt) },
    { id: 'account', header: t('agent:columns.account'), cell: (row) => row.account },
    { id: 'level', header: t('agent:columns.level'), align: 'end', cell: (row) => row.level },
    { id: 'game', header: t('records:columns.game'), cell: (row) => row.gameName },
    { id: 'vendor', header: t('records:columns.vendor'), cell: (row) => row.vendor },
    { id: 'stake', header: t('records:columns.stake'), align: 'end', cell: (row) => <Amount value={row.stake} /> },
    { id: 'payout', header: t('records:columns.payout'), align: 'end', cell: (row) => <Amount value={row.payout} /> },
    { id: 'profit', header: t('records:columns.profitLoss'), align: 'end', cell: (row) => <Amount value={row.profitLoss} signed /> },
    {
      id: 'status',
      header: t('records:columns.status'),
      cell: (row) => <StatusTag tone={row.status === 'SETTLED' ? 'success' : row.status === 'OPEN' ? 'pending' : 'neutral'} label={t(`records:betStatus.${row.status}`)} />,
    },
  ];
  return (
    <div className="agent-page">
      <RecordPage
        filters={filters}
        extraFilters={
          <>
            <ScopeFilters value={filters.extra} onChange={filters.updateExtra} />
            <OptionFilter
              label={t('records:filters.status')}
              options={BET_STATUSES}
              value={filters.extra.status}
              optionLabel={(value) => t(`records:betStatus.${value}`)}
              onChange={(status) => filters.updateExtra({ status })}
            />
          </>
        }
      >
        <div className="report-toolbar">
          <CsvExportButton exportKey="agentTeamBetsExport" query={exportQuery} />
        </div>
        <PagedRecords query={records} filters={filters}>
          {(data) => (
            <>
              <SummaryCards
                items={[
                  { id: 'count', label: t('agent:teamBets.count'), value: String(data.total) },
                  { id: 'stake', label: t('agent:teamBets.totalStake'), value: <Amount value={data.totalStake} /> },
                  { id: 'valid', label: t('agent:teamBets.totalValidBet'), value: <Amount value={data.totalValidBet} /> },
                  { id: 'payout', label: t('agent:teamBets.totalPayout'), value: <Amount value={data.totalPayout} /> },
                  { id: 'profit', label: t('agent:teamBets.totalProfitLoss'), value: <Amount value={data.totalProfitLoss} signed /> },
                ]}
              />
              <RecordTable
                caption={t('agent:teamBets.caption')}
                rows={data.list}
                rowKey={(row) => row.betId}
                columns={columns}
                footer={
                  <TotalsRow
                    label={t('agent:totalsOf', { count: data.total })}
                    columns={columns}
                    totals={{
                      stake: <Amount value={data.totalStake} />,
                      payout: <Amount value={data.totalPayout} />,
                      profit: <Amount value={data.totalProfitLoss} signed />,
                    }}
                  />
                }
              />
            </>
          )}
        </PagedRecords>
      </RecordPage>
    </div>
  );
}
