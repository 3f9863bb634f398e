import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshButton } from '../components/list-filters';
import { OpsTable, Pager, QueryView } from '../components/ops-ui';
import { formatDateTime } from '../ops-format';
import { OPS_PAGE_SIZE, useOpsQuery } from '../ops-api';

/** An entry's detail as compact JSON; nothing for an empty object. */
const describeDetail = (detail: unknown): string => {
  if (detail === null || detail === undefined) return '';
  const text = JSON.stringify(detail);
  return text === '{}' ? '' : text;
};

/** The append-only audit log of operator actions and money movements, newest first. */
export function AuditLogPage() {
  const { t } = useTranslation('operator');
  const [pageNo, setPageNo] = useState(1);
  const log = useOpsQuery('opsAuditLog', { query: { pageNo, pageSize: OPS_PAGE_SIZE } });

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <p className="ops-toolbar__text">{t('audit.intro')}</p>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void log.refetch()} busy={log.isFetching} />
        </div>
      </div>
      <QueryView query={log}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="ops-empty">{t('list.empty')}</p>
          ) : (
            <>
              <OpsTable
                caption={t('nav.auditLog')}
                rows={page.list}
                rowKey={(entry) => entry.id}
                columns={[
                  { label: t('list.time'), className: 'ops-nowrap', render: (entry) => formatDateTime(entry.createdAt) },
                  { label: t('audit.actor'), className: 'ops-nowrap', render: (entry) => `${entry.actorKind} #${entry.actorId}` },
                  { label: t('audit.action'), className: 'ops-mono', render: (entry) => entry.action },
                  { label: t('audit.detail'), render: (entry) => <code className="ops-detail">{describeDetail(entry.detail)}</code> },
                  { label: t('audit.ip'), className: 'ops-mono', render: (entry) => entry.ip },
                ]}
              />
              <p className="ops-toolbar__text">{t('audit.total', { count: page.total })}</p>
              <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />
            </>
          )
        }
      </QueryView>
    </div>
  );
}
