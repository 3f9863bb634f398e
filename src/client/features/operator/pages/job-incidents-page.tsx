import { useTranslation } from 'react-i18next';
import { RefreshButton } from '../components/list-filters';
import { OpsTable, QueryView } from '../components/ops-ui';
import { formatDateTime } from '../ops-format';
import { useOpsQuery } from '../ops-api';

/** Items background jobs set aside because they could not be finished; each job went on with the rest. */
export function JobIncidentsPage() {
  const { t } = useTranslation('operator');
  const incidents = useOpsQuery('opsJobIncidents');

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <p className="ops-toolbar__text">{t('incidents.intro')}</p>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void incidents.refetch()} busy={incidents.isFetching} />
        </div>
      </div>
      <QueryView query={incidents}>
        {(list) =>
          list.length === 0 ? (
            <p className="ops-empty">{t('incidents.none')}</p>
          ) : (
            <OpsTable
              caption={t('nav.jobIncidents')}
              rows={list}
              rowKey={(incident) => `${incident.job} ${incident.subject}`}
              columns={[
                { label: t('incidents.job'), render: (incident) => <span className="ops-mono">{incident.job}</span> },
                { label: t('incidents.subject'), render: (incident) => <span className="ops-mono">{incident.subject}</span> },
                { label: t('incidents.problem'), render: (incident) => incident.problem },
                { label: t('incidents.occurrences'), render: (incident) => incident.occurrences },
                { label: t('incidents.lastAt'), className: 'ops-nowrap', render: (incident) => formatDateTime(incident.lastAt) },
              ]}
            />
          )
        }
      </QueryView>
    </div>
  );
}
