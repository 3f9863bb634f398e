import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REDEEM_STATUSES } from '@shared/contract/points';
import { Amount } from '@client/components/amount';
import { OptionFilter } from '@client/components/records/option-filter';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordTable } from '@client/components/records/record-table';
import { StatusTag } from '@client/components/records/status-tag';
import { formatDateTime } from '@client/lib/format';
import { useApiQuery } from '@client/state/queries';
import { redeemStatusTone, type RedeemStatus } from '../redeem-status';
import { PointsFigure } from './points-figure';

/**
 * Redeem history (MEMBER-07, API-60): reference number, apply time, type, name, quantity, points and
 * amount required and the status (MEMBER-08), filtered by status, a page at a time.
 */
export function RedeemHistory() {
  const { t } = useTranslation('points');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<RedeemStatus | undefined>(undefined);
  const records = useApiQuery('pointsRedeemList', { query: { pageNo: page, ...(status ? { status } : {}) } });
  return (
    <div className="record-page">
      <div className="record-filters">
        <div className="record-filters__extra">
          <OptionFilter
            label={t('history.statusFilter')}
            options={REDEEM_STATUSES}
            value={status}
            optionLabel={(value) => t(`status.${value}`)}
            onChange={(next) => {
              setStatus(next);
              setPage(1);
            }}
          />
        </div>
      </div>
      <PagedRecords query={records} filters={{ page, setPage }}>
        {(data) => (
          <RecordTable
            caption={t('history.caption')}
            rows={data.list}
            rowKey={(row) => row.referenceNo}
            columns={[
              { id: 'referenceNo', header: t('columns.referenceNo'), cell: (row) => row.referenceNo },
              { id: 'applyTime', header: t('columns.applyTime'), cell: (row) => formatDateTime(row.applyTime) },
              { id: 'type', header: t('columns.type'), cell: (row) => t(`goodsTypes.${row.type}`, { defaultValue: row.type }) },
              { id: 'name', header: t('columns.name'), cell: (row) => row.name },
              { id: 'quantity', header: t('columns.quantity'), align: 'end', cell: (row) => row.quantity },
              { id: 'pointsRequired', header: t('columns.pointsRequired'), align: 'end', cell: (row) => <PointsFigure value={row.pointsRequired} /> },
              { id: 'amountRequired', header: t('columns.amountRequired'), align: 'end', cell: (row) => <Amount value={row.amountRequired} /> },
              { id: 'status', header: t('columns.status'), cell: (row) => <StatusTag tone={redeemStatusTone(row.status)} label={t(`status.${row.status}`)} /> },
            ]}
          />
        )}
      </PagedRecords>
    </div>
  );
}
