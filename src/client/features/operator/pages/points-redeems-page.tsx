import { useTranslation } from 'react-i18next';
import { http } from '@shared/contract/http';
import type { OpsRedeemOrder } from '@shared/contract/operator-points';
import { REDEEM_STATUSES } from '@shared/contract/points';
import { QueueToolbar, useQueueFilters } from '../components/list-filters';
import { StatusBadge, type StatusTone } from '../components/ops-ui';
import { ReviewQueue } from '../components/review-queue';
import { formatDateTime, formatMoney, formatPoints } from '../ops-format';
import { useOpsAction, useOpsQuery } from '../ops-api';

type RedeemStatus = (typeof REDEEM_STATUSES)[number];

const REDEEM_TONES: Record<RedeemStatus, StatusTone> = { PROCESSING: 'warn', APPROVED: 'ok', REJECTED: 'muted' };

const processing = (order: OpsRedeemOrder) => order.status === 'PROCESSING';

/**
 * The points redeem queue: orders in process first in view; approved when the goods are sent, or
 * rejected with a reason (the server gives the points, the cash and the stock back).
 */
export function PointsRedeemsPage() {
  const { t, i18n } = useTranslation('operator');
  const act = useOpsAction();
  const filters = useQueueFilters<RedeemStatus>('PROCESSING');
  const orders = useOpsQuery('opsRedeemOrders', {
    query: filters.query,
  });

  return (
    <div className="ops-page">
      <QueueToolbar
        statuses={REDEEM_STATUSES}
        statusLabel={(s) => t(`redeems.status.${s}`)}
        filters={filters}
        onRefresh={() => void orders.refetch()}
        busy={orders.isFetching}
      />
      <ReviewQueue
        caption={t('nav.pointsRedeems')}
        query={orders}
        onPage={filters.setPageNo}
        rowKey={(order) => order.referenceNo}
        columns={[
          { label: t('list.time'), className: 'ops-nowrap', render: (order) => formatDateTime(order.applyTime) },
          { label: t('redeems.reference'), className: 'ops-mono', render: (order) => order.referenceNo },
          { label: t('list.member'), render: (order) => order.account },
          {
            label: t('redeems.goods'),
            render: (order) => (
              <>
                {order.name}
                <span className="ops-sub">{order.type}</span>
              </>
            ),
          },
          { label: t('redeems.quantity'), className: 'ops-num', render: (order) => order.quantity },
          { label: t('redeems.points'), className: 'ops-num', render: (order) => formatPoints(order.pointsRequired, i18n.language) },
          { label: t('redeems.cash'), className: 'ops-num', render: (order) => formatMoney(order.amountRequired, i18n.language) },
          {
            label: t('redeems.deliverTo'),
            render: (order) => (
              <>
                {order.address}
                <span className="ops-sub ops-mono">{order.mobileNum}</span>
              </>
            ),
          },
          {
            label: t('list.status'),
            render: (order) => (
              <>
                <StatusBadge tone={REDEEM_TONES[order.status]}>{t(`redeems.status.${order.status}`)}</StatusBadge>
                {order.note && <span className="ops-sub">{order.note}</span>}
                {order.reviewedAt && <span className="ops-sub">{formatDateTime(order.reviewedAt)}</span>}
              </>
            ),
          },
        ]}
        summary={(order) => [
          [t('redeems.reference'), order.referenceNo],
          [t('list.member'), order.account],
          [t('redeems.goods'), t('redeems.goodsQuantity', { name: order.name, count: order.quantity })],
          [t('redeems.points'), formatPoints(order.pointsRequired, i18n.language)],
          [t('redeems.cash'), formatMoney(order.amountRequired, i18n.language)],
          [t('redeems.deliverTo'), `${order.address} · ${order.mobileNum}`],
        ]}
        approve={{
          when: processing,
          title: t('redeems.approveTitle'),
          hint: t('redeems.approveHint'),
          note: http.opsApproveRedeem.body.shape.note,
          run: (order, note) => act('opsApproveRedeem', { body: { referenceNo: order.referenceNo, note } }),
        }}
        reject={{
          when: processing,
          title: t('redeems.rejectTitle'),
          hint: t('redeems.rejectHint'),
          reason: http.opsRejectRedeem.body.shape.reason,
          run: (order, reason) => act('opsRejectRedeem', { body: { referenceNo: order.referenceNo, reason } }),
        }}
      />
    </div>
  );
}
