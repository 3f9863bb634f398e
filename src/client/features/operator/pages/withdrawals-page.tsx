import { useState } from 'react';
import { Image } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import type { OpsWithdrawal } from '@shared/contract/operator-money';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@shared/contract/wallet-payments';
import { Modal } from '@client/components/modal';
import { QueueToolbar, useQueueFilters } from '../components/list-filters';
import { OrderSummary } from '../components/order-summary';
import { OpsTable, Pager, QueryView, StatusBadge, type StatusTone } from '../components/ops-ui';
import { TextActionDialog } from '../components/text-action-dialog';
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

type Dialog = { kind: 'approve' | 'reject' | 'disburse' | 'proof'; order: OpsWithdrawal } | null;

function ProofImage({ proofId, index }: { proofId: number; index: number }) {
  const { t } = useTranslation('operator');
  const proof = useOpsQuery('opsWithdrawalProof', { query: { proofId } });
  return (
    <figure className="ops-proof">
      <QueryView query={proof}>
        {(file) => (
          <a href={`data:${file.contentType};base64,${file.data}`} target="_blank" rel="noreferrer">
            <img src={`data:${file.contentType};base64,${file.data}`} alt={t('withdrawals.proofAlt', { n: index + 1 })} />
          </a>
        )}
      </QueryView>
      <figcaption>{t('withdrawals.proofAlt', { n: index + 1 })}</figcaption>
    </figure>
  );
}

/** The proof images a player sent with a not-received answer. */
function ProofDialog({ order, onClose }: { order: OpsWithdrawal; onClose: () => void }) {
  const { t } = useTranslation(['operator', 'common']);
  const proofIds = order.confirmation?.proofIds ?? [];
  return (
    <Modal title={t('operator:withdrawals.proofTitle', { id: order.withdrawalId })} closeLabel={t('common:actions.close')} onClose={onClose} size="large" layer={50}>
      {order.confirmation?.remark && <p className="ops-dialog__text">{order.confirmation.remark}</p>}
      <div className="ops-proofs">
        {proofIds.map((proofId, index) => (
          <ProofImage key={proofId} proofId={proofId} index={index} />
        ))}
      </div>
    </Modal>
  );
}

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

/** What can be done with a withdrawal in its state: approve or disburse, reject, read the proof. */
function RowActions({ order, onOpen }: { order: OpsWithdrawal; onOpen: (dialog: Dialog) => void }) {
  const { t } = useTranslation('operator');
  const proofCount = order.confirmation?.proofIds.length ?? 0;
  return (
    <div className="ops-row-actions">
      {order.status === 'PENDING' && (
        <button type="button" className="button button--primary button--compact" onClick={() => onOpen({ kind: 'approve', order })}>
          {t('actions.approve')}
        </button>
      )}
      {order.status === 'APPROVED' && (
        <button type="button" className="button button--primary button--compact" onClick={() => onOpen({ kind: 'disburse', order })}>
          {t('withdrawals.disburse')}
        </button>
      )}
      {(order.status === 'PENDING' || order.status === 'APPROVED') && (
        <button type="button" className="button button--outline button--compact" onClick={() => onOpen({ kind: 'reject', order })}>
          {t('actions.reject')}
        </button>
      )}
      {proofCount > 0 && (
        <button type="button" className="button button--ghost button--compact" onClick={() => onOpen({ kind: 'proof', order })}>
          <Image aria-hidden size={16} />
          {t('withdrawals.viewProof', { count: proofCount })}
        </button>
      )}
    </div>
  );
}

/** The withdrawal queue: approve, reject (funds released), mark disbursed, and read the player's proof. */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const filters = useQueueFilters<WithdrawalStatus>('PENDING');
  const [dialog, setDialog] = useState<Dialog>(null);
  const withdrawals = useOpsQuery('opsWithdrawals', {
    query: filters.query,
  });

  const summary = (order: OpsWithdrawal) => (
    <OrderSummary
      rows={[
        [t('withdrawals.withdrawal'), order.withdrawalId],
        [t('list.member'), order.account],
        [t('list.amount'), formatMoney(order.amount, i18n.language)],
        [t('withdrawals.payee'), `${order.bankName} · ${order.accountName} · ${order.accountNo}`],
      ]}
    />
  );

  return (
    <div className="ops-page">
      <QueueToolbar
        statuses={WITHDRAWAL_STATUSES}
        statusLabel={(s) => t(`withdrawals.status.${s}`)}
        filters={filters}
        onRefresh={() => void withdrawals.refetch()}
        busy={withdrawals.isFetching}
      />
      <QueryView query={withdrawals}>
        {(page) =>
          page.list.length === 0 ? (
            <p className="ops-empty">{t('list.empty')}</p>
          ) : (
            <>
              <OpsTable
                caption={t('nav.withdrawals')}
                rows={page.list}
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
                  { label: t('list.actions'), render: (order) => <RowActions order={order} onOpen={setDialog} /> },
                ]}
              />
              <Pager pageNum={page.pageNum} totalPages={page.totalPages} onPage={filters.setPageNo} />
            </>
          )
        }
      </QueryView>

      {dialog?.kind === 'approve' && (
        <TextActionDialog
          title={t('withdrawals.approveTitle')}
          confirmLabel={t('actions.approve')}
          summary={summary(dialog.order)}
          label={t('fields.note')}
          hint={t('withdrawals.approveHint')}
          schema={http.opsApproveWithdrawal.body.shape.note}
          invalidMessage={t('fields.tooLong')}
          run={(note) => act('opsApproveWithdrawal', { body: { withdrawalId: dialog.order.withdrawalId, note } })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'disburse' && (
        <TextActionDialog
          title={t('withdrawals.disburseTitle')}
          confirmLabel={t('withdrawals.disburse')}
          summary={summary(dialog.order)}
          label={t('withdrawals.payoutReference')}
          hint={t('withdrawals.disburseHint')}
          schema={http.opsDisburseWithdrawal.body.shape.payoutReference}
          invalidMessage={t('fields.tooLong')}
          run={(payoutReference) => act('opsDisburseWithdrawal', { body: { withdrawalId: dialog.order.withdrawalId, payoutReference } })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'reject' && (
        <TextActionDialog
          title={t('withdrawals.rejectTitle')}
          confirmLabel={t('actions.reject')}
          tone="danger"
          summary={summary(dialog.order)}
          label={t('fields.reason')}
          hint={t('withdrawals.rejectHint')}
          schema={http.opsRejectWithdrawal.body.shape.reason}
          invalidMessage={t('fields.reasonInvalid')}
          run={(reason) => act('opsRejectWithdrawal', { body: { withdrawalId: dialog.order.withdrawalId, reason: reason ?? '' } })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'proof' && <ProofDialog order={dialog.order} onClose={() => setDialog(null)} />}
    </div>
  );
}
