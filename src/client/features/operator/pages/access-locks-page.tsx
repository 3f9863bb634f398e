import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessLock } from '@shared/contract/operator';
import { RefreshButton } from '../components/list-filters';
import { ActionDialog, OpsTable, QueryView } from '../components/ops-ui';
import { OrderSummary } from '../components/order-summary';
import { formatDateTime } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

/** `account:<name>` or `ip:<address>` as its kind and its value. */
const splitSubject = (subject: string): { kind: 'account' | 'ip' | null; value: string } => {
  const match = /^(account|ip):(.*)$/.exec(subject);
  return match ? { kind: match[1] as 'account' | 'ip', value: match[2] ?? '' } : { kind: null, value: subject };
};

/** Accounts and IPs locked after failed logins; customer service lifts a lock here. */
export function AccessLocksPage() {
  const { t } = useTranslation('operator');
  const act = useOpsAction();
  const locks = useOpsQuery('opsAccessLocks');
  const [unlocking, setUnlocking] = useState<AccessLock | null>(null);

  return (
    <div className="ops-page">
      <div className="ops-toolbar">
        <p className="ops-toolbar__text">{t('locks.intro')}</p>
        <div className="ops-toolbar__end">
          <RefreshButton onRefresh={() => void locks.refetch()} busy={locks.isFetching} />
        </div>
      </div>
      <QueryView query={locks}>
        {(list) =>
          list.length === 0 ? (
            <p className="ops-empty">{t('locks.none')}</p>
          ) : (
            <OpsTable
              caption={t('nav.accessLocks')}
              rows={list}
              rowKey={(lock) => lock.subject}
              columns={[
                {
                  label: t('locks.subject'),
                  render: (lock) => {
                    const { kind, value } = splitSubject(lock.subject);
                    return (
                      <>
                        {kind && <span className="tag tag--muted">{t(`locks.kinds.${kind}`)}</span>} <span className="ops-mono">{value}</span>
                      </>
                    );
                  },
                },
                { label: t('locks.until'), className: 'ops-nowrap', render: (lock) => formatDateTime(lock.lockedUntil) },
                { label: t('locks.reason'), render: (lock) => lock.reason },
                {
                  label: t('list.actions'),
                  render: (lock) => (
                    <button type="button" className="button button--primary button--compact" onClick={() => setUnlocking(lock)}>
                      {t('locks.unlock')}
                    </button>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>

      {unlocking && (
        <ActionDialog
          title={t('locks.unlockTitle')}
          confirmLabel={t('locks.unlock')}
          run={() => act('opsAccessUnlock', { query: { subject: unlocking.subject } })}
          onClose={() => setUnlocking(null)}
        >
          <OrderSummary
            rows={[
              [t('locks.subject'), unlocking.subject],
              [t('locks.until'), formatDateTime(unlocking.lockedUntil)],
            ]}
          />
          <p className="ops-dialog__text">{t('locks.unlockText')}</p>
        </ActionDialog>
      )}
    </div>
  );
}
