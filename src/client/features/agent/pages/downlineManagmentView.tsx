import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, DOWNLINE_KINDS, type AccountStatus, type DownlineKind, type DownlineMember } from '@shared/contract/agent';
import { useApiQuery } from '@client/state/queries';
import { Amount } from '@client/components/amount';
import { OptionFilter } from '@client/components/records/option-filter';
import { Pager } from '@client/components/records/pager';
import { QueryStates } from '@client/components/records/query-states';
import { RecordTable } from '@client/components/records/record-table';
import { StatusTag } from '@client/components/records/status-tag';
import { formatDateTime } from '@client/lib/format';
import { DownlineMemberDialog } from '../components/downline-member-dialog';
import { ScopeFilters, type Scope } from '../components/scope-filters';
import '../agent.css';

type Filters = Scope & { kind?: DownlineKind; status?: AccountStatus };

/** downlineManagmentView (AGENT-09): the whole downline, searched and filtered, paged; a member opens with its details and a transfer. */
export default function DownlineManagementPage() {
  const { t } = useTranslation(['agent', 'records']);
  const [filters, setFiltersState] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const downline = useApiQuery('agentDownline', { query: { ...filters, pageNo: page } });
  const { kind, status, ...scope } = filters;
  const setFilters = (next: Filters) => {
    setFiltersState(next);
    setPage(1);
  };
  const without = <K extends keyof Filters>(key: K) => {
    const { [key]: _dropped, ...rest } = filters;
    return rest;
  };
  return (
    <div className="agent-page">
      <div className="record-filters">
        <div className="record-filters__extra">
          <ScopeFilters value={scope} onChange={(next) => setFilters({ ...next, ...(kind ? { kind } : {}), ...(status ? { status } : {}) })} />
          <OptionFilter
            label={t('agent:columns.kind')}
            options={DOWNLINE_KINDS}
            value={kind}
            optionLabel={(value) => t(`agent:kinds.${value}`)}
            onChange={(next) => setFilters({ ...without('kind'), ...(next ? { kind: next } : {}) })}
          />
          <OptionFilter
            label={t('agent:columns.status')}
            options={ACCOUNT_STATUSES}
            value={status}
            optionLabel={(value) => t(`agent:statuses.${value}`)}
            onChange={(next) => setFilters({ ...without('status'), ...(next ? { status: next } : {}) })}
          />
        </div>
      </div>
      <QueryStates query={downline} isEmpty={(data) => data.list.length === 0}>
        {(data) => (
          <>
            <p className="report-count">{t('agent:downline.count', { count: data.total })}</p>
            <RecordTable<DownlineMember>
              caption={t('agent:downline.caption')}
              rows={data.list}
              rowKey={(row) => row.memberId}
              columns={[
                {
                  id: 'account',
                  header: t('agent:columns.account'),
                  cell: (row) => (
                    <button type="button" className="link-button link-button--strong" onClick={() => setOpenId(row.memberId)} aria-label={t('agent:downline.open', { account: row.account })}>
                      {row.account}
                    </button>
                  ),
                },
                { id: 'nickname', header: t('agent:columns.nickname'), cell: (row) => row.nickname || '—' },
                { id: 'kind', header: t('agent:columns.kind'), cell: (row) => t(`agent:kinds.${row.kind}`) },
                { id: 'level', header: t('agent:columns.level'), align: 'end', cell: (row) => row.level },
                { id: 'upline', header: t('agent:columns.upline'), cell: (row) => row.uplineAccount },
                {
                  id: 'status',
                  header: t('agent:columns.status'),
                  cell: (row) => <StatusTag tone={row.status === 'ACTIVE' ? 'success' : 'danger'} label={t(`agent:statuses.${row.status}`)} />,
                },
                { id: 'balance', header: t('agent:columns.balance'), align: 'end', cell: (row) => <Amount value={row.balance} /> },
                { id: 'team', header: t('agent:columns.teamSize'), align: 'end', cell: (row) => row.teamSize },
                { id: 'lastLogin', header: t('agent:columns.lastLogin'), cell: (row) => formatDateTime(row.lastLoginAt) },
              ]}
            />
            <Pager page={page} totalPages={data.totalPages} onPage={setPage} />
          </>
        )}
      </QueryStates>
      {openId !== null && <DownlineMemberDialog memberId={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
