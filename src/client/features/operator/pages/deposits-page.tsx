import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import type { OpsDeposit } from '@shared/contract/operator-money';
import { DEPOSIT_STATUSES, type DepositStatus } from '@shared/contract/wallet-payments';
import { QueueToolbar, useQueueFilters } from '../components/list-filters';
import { OrderSummary } from '../components/order-summary';
import { ApproveRejectActions, OpsTable, Pager, QueryView, StatusBadge, type StatusTone } from '../components/ops-ui';
import { TextActionDialog } from '../components/text-action-dialog';
import { formatDateTime, formatMoney } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

const DEPOSIT_TONES: Record<DepositStatus, StatusTone> = { PENDING: 'warn', CREDITED: 'ok', FAILED: 'bad' };

type Dialog = { kind: 'approve' | 'reject'; order: OpsDeposit } | null;

/** The deposit queue: pending orders first in view, credited on approval or failed with a reason. */
export function DepositsPage() {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const filters = useQueueFilters<DepositStatus>('PENDING');
  const [dialog, setDialog] = useState<Dialog>(null);
  const deposits = useOpsQuery('opsDeposits', {
    query: filters.query,
  });

  const summary = (order: OpsDeposit) => (
    <OrderSummary
      rows={[
        [t('deposits.order'), order.orderId],
        [t('list.member'), order.account],
        [t('list.amount'), formatMoney(order.amount, i18n.language)],
        [t('deposits.channel'), order.channelName],
      ]}
    />
  );

  return (
    <div className="ops-page">
      <QueueToolbar
        statuses={DEPOSIT_STATUSES}
        statusLabel={(s) => t(`deposits.status.${s}`)}
        filters={filters}
        onRefresh={() => void deposits.refetch()}
        busy={deposits.isFetching}
      />
      <QueryView query={deposits}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="ops-empty">{t('list.empty')}</p>
          ) : (
            <>
              <OpsTable
                caption={t('nav.deposits')}
                rows={page.list}
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
                  {
                    label: t('list.actions'),
                    render: (order) =>
                      order.status === 'PENDING' && (
                        <ApproveRejectActions onApprove={() => setDialog({ kind: 'approve', order })} onReject={() => setDialog({ kind: 'reject', order })} />
                      ),
                  },
                ]}
              />
              <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={filters.setPageNo} />
            </>
          )
        }
      </QueryView>

      {dialog?.kind === 'approve' && (
        <TextActionDialog
          title={t('deposits.approveTitle')}
          confirmLabel={t('actions.approve')}
          summary={summary(dialog.order)}
          label={t('fields.note')}
          hint={t('fields.optional')}
          schema={http.opsApproveDeposit.body.shape.note}
          invalidMessage={t('fields.tooLong')}
          run={(note) => act('opsApproveDeposit', { body: { orderId: dialog.order.orderId, note } })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'reject' && (
        <TextActionDialog
          title={t('deposits.rejectTitle')}
          confirmLabel={t('actions.reject')}
          tone="danger"
          summary={summary(dialog.order)}
          label={t('fields.reason')}
          schema={http.opsRejectDeposit.body.shape.reason}
          invalidMessage={t('fields.reasonInvalid')}
          run={(reason) => act('opsRejectDeposit', { body: { orderId: dialog.order.orderId, reason: reason ?? '' } })}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
