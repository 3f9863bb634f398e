import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import type { OpsDeposit } from '@shared/contract/operator-money';
import { DEPOSIT_STATUSES, type DepositStatus } from '@shared/contract/wallet-payments';
import { QueueToolbar, useQueueFilters } from '../components/list-filters';
import { StatusBadge, type StatusTone } from '../components/ops-ui';
import { ReviewQueue } from '../components/review-queue';
import { formatDateTime, formatMoney } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

const DEPOSIT_TONES: Record<DepositStatus, StatusTone> = { PENDING: 'warn', CREDITED: 'ok', FAILED: 'bad' };

const pending = (order: OpsDeposit) => order.status === 'PENDING';

/** The deposit queue: pending orders first in view, credited on approval or failed with a reason. */
export function DepositsPage() {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const filters = useQueueFilters<DepositStatus>('PENDING');
  const deposits = useOpsQuery('opsDeposits', {
    query: filters.query,
  });

  return (
    <div className="ops-page">
      <QueueToolbar
        statuses={DEPOSIT_STATUSES}
        statusLabel={(s) => t(`deposits.status.${s}`)}
        filters={filters}
        onRefresh={() => void deposits.refetch()}
        busy={deposits.isFetching}
      />
      <ReviewQueue
        caption={t('nav.deposits')}
        query={deposits}
        onPage={filters.setPageNo}
        rowKey={(order) => order.orderId}
        columns={[
          { label: t('list.time'), className: 'ops-nowrap', render: (order) => formatDateTime(order.createdAt) },
          { label: t('deposits.order'), className: 'ops-mono', render: (order) => order.orderId },
          { label: t('list.member'), render: (order) => order.account },
          { label: t('deposits.channel'), render: (order) => order.channelName },
          { label: t('list.amount'), className: 'ops-num', render: (order) => formatMoney(order.amount, i18n.language) },
          {
            label: t('deposits.payer'),
            render: (order) => (
              <>
                {order.payerName ?? '—'}
                {order.reference && <span className="ops-sub">{order.reference}</span>}
              </>
            ),
          },
          {
            label: t('list.status'),
            render: (order) => (
              <>
                <StatusBadge tone={DEPOSIT_TONES[order.status]}>{t(`deposits.status.${order.status}`)}</StatusBadge>
                {order.failureReason && <span className="ops-sub">{order.failureReason}</span>}
                {order.resolvedAt && <span className="ops-sub">{formatDateTime(order.resolvedAt)}</span>}
              </>
            ),
          },
        ]}
        summary={(order) => [
          [t('deposits.order'), order.orderId],
          [t('list.member'), order.account],
          [t('list.amount'), formatMoney(order.amount, i18n.language)],
          [t('deposits.channel'), order.channelName],
        ]}
        approve={{
          when: pending,
          title: t('deposits.approveTitle'),
          hint: t('fields.optional'),
          note: http.opsApproveDeposit.body.shape.note,
          run: (order, note) => act('opsApproveDeposit', { body: { orderId: order.orderId, note } }),
        }}
        reject={{
          when: pending,
          title: t('deposits.rejectTitle'),
          reason: http.opsRejectDeposit.body.shape.reason,
          run: (order, reason) => act('opsRejectDeposit', { body: { orderId: order.orderId, reason } }),
        }}
      />
    </div>
  );
}
