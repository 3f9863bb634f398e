import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { WithdrawalOrder, WithdrawalStatus } from '@shared/contract/wallet-payments';
import type { BusStreams } from '@machines/app/bus-bridge';
import { Amount } from '@client/components/amount';
import { formatDateTime } from '@client/lib/format';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { StatusTag, type StatusTone } from '@client/components/records/status-tag';
import { useRecordQuery } from '@client/components/records/use-record-query';
import { ConfirmationDetails, WithdrawalConfirmation } from './withdrawal-confirmation';

const STATUS_TONE: Record<WithdrawalStatus, StatusTone> = {
  PENDING: 'pending',
  APPROVED: 'pending',
  DISBURSED: 'pending',
  RECEIVED: 'success',
  NOT_RECEIVED: 'danger',
  REJECTED: 'danger',
};

function WithdrawalItem({ order, bus, autoReceiveMinutes }: { order: WithdrawalOrder; bus: BusStreams; autoReceiveMinutes: number }) {
  const { t } = useTranslation('wallet');
  const [open, setOpen] = useState(false);
  const expandable = order.status === 'DISBURSED' || order.confirmation !== null;
  return (
    <li className={clsx('withdrawal-item', order.status === 'DISBURSED' && 'withdrawal-item--action')}>
      <div className="withdrawal-item__head">
        <div className="withdrawal-item__main">
          <span className="withdrawal-item__amount">
            <Amount value={order.amount} />
          </span>
          <span className="withdrawal-item__meta">
            {order.bankName} · {order.accountNoMasked} · {formatDateTime(order.createdAt)}
          </span>
          {order.rejectReason && <span className="withdrawal-item__meta">{t('withdrawals.rejectReason', { reason: order.rejectReason })}</span>}
        </div>
        <StatusTag tone={STATUS_TONE[order.status]} label={t(`withdrawals.status.${order.status}`)} />
        {expandable && (
          <button type="button" className="button button--outline button--compact" aria-expanded={open} onClick={() => setOpen(!open)}>
            {order.status === 'DISBURSED' ? t('withdrawals.confirm') : open ? t('withdrawals.hideDetails') : t('withdrawals.details')}
          </button>
        )}
      </div>
      {open &&
        (order.status === 'DISBURSED' ? (
          <WithdrawalConfirmation withdrawal={order} bus={bus} autoReceiveMinutes={autoReceiveMinutes} />
        ) : (
          <ConfirmationDetails withdrawal={order} />
        ))}
    </li>
  );
}

/** The player's withdrawals with their status; a disbursed one opens its confirmation (WALLET-12). */
export function WithdrawalList({ bus, autoReceiveMinutes }: { bus: BusStreams; autoReceiveMinutes: number }) {
  const { t } = useTranslation('wallet');
  const { filters, records: query } = useRecordQuery('withdrawalRecord');
  return (
    <section className="money-card" aria-labelledby="withdrawals-title">
      <h3 id="withdrawals-title" className="money-card__title">
        {t('withdrawals.title')}
      </h3>
      <RecordPage filters={filters}>
        <PagedRecords query={query} filters={filters}>
          {(data) => (
            <ul className="withdrawal-list">
              {data.list.map((order) => (
                <WithdrawalItem key={order.withdrawalId} order={order} bus={bus} autoReceiveMinutes={autoReceiveMinutes} />
              ))}
            </ul>
          )}
        </PagedRecords>
      </RecordPage>
    </section>
  );
}
