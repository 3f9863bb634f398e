import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import type { OpsWithdrawal } from '@shared/contract/operator-money';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@shared/contract/wallet-payments';
import { QueueToolbar, useQueueFilters } from '../components/list-filters';
import { StatusBadge, type StatusTone } from '../components/ops-ui';
import { ReviewQueue } from '../components/review-queue';
import { formatDateTime, formatMoney } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

const WITHDRAWAL_TONES: Record<WithdrawalStatus, StatusTone> = {
  PENDING: 'warn',
  APPROVED: 'info',
  DISBURSED: 'info',
  RECEIVED: 'ok',
  NOT_RECEIVED: 'bad',
  REJECTED: 'muted',
};

/** One proof image a player sent with a not-received answer. */
const useProof = (proofId: number) => useOpsQuery('opsWithdrawalProof', { query: { proofId } });

function Confirmation({ order }: { order: OpsWithdrawal }) {
  const { t, i18n } = useTranslation('operator');
  const { confirmation } = order;
  if (!confirmation) {
    return order.status === 'DISBURSED' && order.autoReceiveAt ? <span className="ops-sub">{t('withdrawals.autoReceiveAt', { time: formatDateTime(order.autoReceiveAt) })}</span> : null;
  }
  return (
    <span className="ops-sub">
      {t('withdrawals.received', { amount: formatMoney(confirmation.receivedAmount, i18n.language) })}
      {confirmation.remainingAmount > 0 && ` · ${t('withdrawals.remaining', { amount: formatMoney(confirmation.remainingAmount, i18n.language) })}`}
      {confirmation.forced && ` · ${t('withdrawals.forced')}`}
    </span>
  );
}

/** The withdrawal queue: approve, reject (funds released), mark disbursed, and read the player's proof. */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const filters = useQueueFilters<WithdrawalStatus>('PENDING');
  const withdrawals = useOpsQuery('opsWithdrawals', {
    query: filters.query,
  });

  return (
    <div className="ops-page">
      <QueueToolbar
        statuses={WITHDRAWAL_STATUSES}
        statusLabel={(s) => t(`withdrawals.status.${s}`)}
        filters={filters}
        onRefresh={() => void withdrawals.refetch()}
        busy={withdrawals.isFetching}
      />
      <ReviewQueue
        caption={t('nav.withdrawals')}
        query={withdrawals}
        onPage={filters.setPageNo}
        rowKey={(order) => order.withdrawalId}
        columns={[
          { label: t('list.time'), className: 'ops-nowrap', render: (order) => formatDateTime(order.createdAt) },
          { label: t('withdrawals.withdrawal'), className: 'ops-mono', render: (order) => order.withdrawalId },
          { label: t('list.member'), render: (order) => order.account },
          { label: t('list.amount'), className: 'ops-num', render: (order) => formatMoney(order.amount, i18n.language) },
          {
            label: t('withdrawals.payee'),
            render: (order) => (
              <>
                {order.bankName}
                <span className="ops-sub">{order.accountName}</span>
                <span className="ops-sub ops-mono">{order.accountNo}</span>
              </>
            ),
          },
          {
            label: t('list.status'),
            render: (order) => (
              <>
                <StatusBadge tone={WITHDRAWAL_TONES[order.status]}>{t(`withdrawals.status.${order.status}`)}</StatusBadge>
                {order.rejectReason && <span className="ops-sub">{order.rejectReason}</span>}
                {order.disbursedAt && <span className="ops-sub">{t('withdrawals.disbursedAt', { time: formatDateTime(order.disbursedAt) })}</span>}
                <Confirmation order={order} />
              </>
            ),
          },
        ]}
        summary={(order) => [
          [t('withdrawals.withdrawal'), order.withdrawalId],
          [t('list.member'), order.account],
          [t('list.amount'), formatMoney(order.amount, i18n.language)],
          [t('withdrawals.payee'), `${order.bankName} · ${order.accountName} · ${order.accountNo}`],
        ]}
        approve={{
          when: (order) => order.status === 'PENDING',
          title: t('withdrawals.approveTitle'),
          hint: t('withdrawals.approveHint'),
          note: http.opsApproveWithdrawal.body.shape.note,
          run: (order, note) => act('opsApproveWithdrawal', { body: { withdrawalId: order.withdrawalId, note } }),
        }}
        steps={[
          {
            label: t('withdrawals.disburse'),
            when: (order) => order.status === 'APPROVED',
            title: t('withdrawals.disburseTitle'),
            textLabel: t('withdrawals.payoutReference'),
            hint: t('withdrawals.disburseHint'),
            text: http.opsDisburseWithdrawal.body.shape.payoutReference,
            run: (order, payoutReference) => act('opsDisburseWithdrawal', { body: { withdrawalId: order.withdrawalId, payoutReference } }),
          },
        ]}
        reject={{
          when: (order) => order.status === 'PENDING' || order.status === 'APPROVED',
          title: t('withdrawals.rejectTitle'),
          hint: t('withdrawals.rejectHint'),
          reason: http.opsRejectWithdrawal.body.shape.reason,
          run: (order, reason) => act('opsRejectWithdrawal', { body: { withdrawalId: order.withdrawalId, reason } }),
        }}
        images={{
          ids: (order) => order.confirmation?.proofIds ?? [],
          buttonLabel: (count) => t('withdrawals.viewProof', { count }),
          title: (order) => t('withdrawals.proofTitle', { id: order.withdrawalId }),
          text: (order) => order.confirmation?.remark,
          alt: (n) => t('withdrawals.proofAlt', { n }),
          useImage: useProof,
        }}
      />
    </div>
  );
}
