import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toErrorCode } from '@shared/contract/errors';
import { paths, type OpsPage } from '@client/config/paths';
import { ActionDialog, OpsTable, QueryView, StatusBadge } from '../components/ops-ui';
import { formatMoney } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

/** One figure of a read: its value, '…' while it loads, or why there is none. */
function Figure<T>({ query, children }: { query: UseQueryResult<T, unknown>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation(['operator', 'errors']);
  if (query.isPending) return <>…</>;
  if (query.isError) {
    const code = toErrorCode(query.error);
    return <span className="ops-figure__none">{code === 'NOT_IMPLEMENTED' ? t('operator:unavailable.short') : t(`errors:${code}`)}</span>;
  }
  return <>{children(query.data)}</>;
}

function QueueTile({ label, page, query }: { label: string; page: OpsPage; query: UseQueryResult<{ total: number }, unknown> }) {
  const { t } = useTranslation('operator');
  return (
    <Link to={paths.ops.getHref(page)} className="ops-tile">
      <span className="ops-tile__label">{label}</span>
      <span className="ops-tile__value">
        <Figure query={query}>{(data) => data.total}</Figure>
      </span>
      <span className="ops-tile__link">{t('dashboard.open')}</span>
    </Link>
  );
}

/** The site's switches and figures: maintenance, region blocks, the queues and the ledger totals. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const status = useOpsQuery('opsSystemStatus');
  const ledger = useOpsQuery('opsLedgerSummary');
  const pendingDeposits = useOpsQuery('opsDeposits', { query: { status: 'PENDING', pageSize: 1 } });
  const pendingWithdrawals = useOpsQuery('opsWithdrawals', { query: { status: 'PENDING', pageSize: 1 } });
  const disputedWithdrawals = useOpsQuery('opsWithdrawals', { query: { status: 'NOT_RECEIVED', pageSize: 1 } });
  const [maintenanceTarget, setMaintenanceTarget] = useState<boolean | null>(null);

  return (
    <div className="ops-page">
      <section className="ops-card" aria-labelledby="ops-site-title">
        <h2 id="ops-site-title" className="ops-card__title">
          {t('dashboard.site')}
        </h2>
        <QueryView query={status}>
          {(current) => (
            <div className="ops-switches">
              <div className="ops-switch">
                <div>
                  <p className="ops-switch__label">
                    {t('dashboard.maintenance')}{' '}
                    <StatusBadge tone={current.maintenance ? 'warn' : 'ok'}>{current.maintenance ? t('dashboard.on') : t('dashboard.off')}</StatusBadge>
                  </p>
                  <p className="ops-switch__text">{current.maintenance ? t('dashboard.maintenanceOnText') : t('dashboard.maintenanceOffText')}</p>
                </div>
                <button
                  type="button"
                  className={current.maintenance ? 'button button--primary button--compact' : 'button ops-button--danger button--compact'}
                  onClick={() => setMaintenanceTarget(!current.maintenance)}
                >
                  {current.maintenance ? t('dashboard.turnOff') : t('dashboard.turnOn')}
                </button>
              </div>
              <div className="ops-switch">
                <div>
                  <p className="ops-switch__label">{t('dashboard.regionBlocks')}</p>
                  <p className="ops-switch__text">{t('dashboard.regionBlockCount', { count: current.regionBlockCount })}</p>
                </div>
                <Link to={paths.ops.getHref('regionBlocks')} className="button button--outline button--compact">
                  {t('dashboard.manage')}
                </Link>
              </div>
            </div>
          )}
        </QueryView>
      </section>

      <section className="ops-card" aria-labelledby="ops-queues-title">
        <h2 id="ops-queues-title" className="ops-card__title">
          {t('dashboard.queues')}
        </h2>
        <div className="ops-tiles">
          <QueueTile label={t('dashboard.pendingDeposits')} page="deposits" query={pendingDeposits} />
          <QueueTile label={t('dashboard.pendingWithdrawals')} page="withdrawals" query={pendingWithdrawals} />
          <QueueTile label={t('dashboard.disputedWithdrawals')} page="withdrawals" query={disputedWithdrawals} />
        </div>
      </section>

      <section className="ops-card" aria-labelledby="ops-ledger-title">
        <h2 id="ops-ledger-title" className="ops-card__title">
          {t('dashboard.ledger')}
        </h2>
        <QueryView query={ledger}>
          {(summary) => (
            <>
              <dl className="summary-list">
                <div>
                  <dt>{t('dashboard.postingSum')}</dt>
                  <dd>
                    {formatMoney(summary.postingSum, i18n.language)}{' '}
                    <StatusBadge tone={summary.postingSum === 0 ? 'ok' : 'bad'}>{summary.postingSum === 0 ? t('dashboard.balanced') : t('dashboard.unbalanced')}</StatusBadge>
                  </dd>
                </div>
                <div>
                  <dt>{t('dashboard.transactionCount')}</dt>
                  <dd>{summary.transactionCount}</dd>
                </div>
                <div>
                  <dt>{t('dashboard.memberBalances')}</dt>
                  <dd>{formatMoney(summary.memberBalances, i18n.language)}</dd>
                </div>
              </dl>
              {summary.systemAccounts.length > 0 && (
                <OpsTable
                  caption={t('dashboard.systemAccounts')}
                  rows={summary.systemAccounts}
                  rowKey={(account) => account.code}
                  columns={[
                    { label: t('dashboard.systemAccount'), render: (account) => account.code },
                    { label: t('dashboard.balance'), className: 'ops-num', render: (account) => formatMoney(account.balance, i18n.language) },
                  ]}
                />
              )}
            </>
          )}
        </QueryView>
      </section>

      {maintenanceTarget !== null && (
        <ActionDialog
          title={maintenanceTarget ? t('dashboard.confirmOnTitle') : t('dashboard.confirmOffTitle')}
          confirmLabel={maintenanceTarget ? t('dashboard.turnOn') : t('dashboard.turnOff')}
          tone={maintenanceTarget ? 'danger' : 'primary'}
          run={() => act('opsSetMaintenance', { body: { on: maintenanceTarget } })}
          onClose={() => setMaintenanceTarget(null)}
        >
          <p className="ops-dialog__text">{maintenanceTarget ? t('dashboard.confirmOnText') : t('dashboard.confirmOffText')}</p>
        </ActionDialog>
      )}
    </div>
  );
}
