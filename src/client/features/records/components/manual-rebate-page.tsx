import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useApi } from '@client/state/api';
import { useApiQuery } from '@client/state/queries';
import { Amount } from '@client/components/amount';
import { FormAlert } from '@client/components/form';
import type { ApiCallError } from '@client/lib/api-client';
import { formatDateTime } from '@client/lib/format';
import { useIdempotencyKey } from '@client/lib/idempotency';
import { useRecordQuery } from '@client/components/records/use-record-query';
import { QueryStates } from '@client/components/records/query-states';
import { PagedRecords } from '@client/components/records/paged-records';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable } from '@client/components/records/record-table';
import { SummaryCards } from '@client/components/records/summary-cards';

function RebateClaim() {
  const { t } = useTranslation(['records', 'errors']);
  const api = useApi();
  const queryClient = useQueryClient();
  const summary = useApiQuery('rebateSummary');
  const key = useIdempotencyKey<'claim'>();
  const claim = useMutation<{ amount: number; balance: number }, ApiCallError>({
    mutationFn: () => api.call('claimRebate', { body: { requestId: key.keyFor('claim') } }),
    onSuccess: () => {
      key.settle();
      void queryClient.invalidateQueries({ queryKey: ['rebateSummary'] });
      void queryClient.invalidateQueries({ queryKey: ['manualRebateRecord'] });
    },
  });
  return (
    <section className="money-card" aria-labelledby="rebate-summary-title">
      <h3 id="rebate-summary-title" className="money-card__title">
        <HandCoins aria-hidden size={18} />
        {t('records:rebate.summaryTitle')}
      </h3>
      <QueryStates query={summary}>
        {(data) => (
          <>
            <SummaryCards
              items={[
                { id: 'claimable', label: t('records:rebate.claimable'), value: <Amount value={data.claimableAmount} /> },
                { id: 'valid', label: t('records:rebate.validBet'), value: <Amount value={data.validBetAmount} /> },
                { id: 'rate', label: t('records:rebate.rate'), value: t('records:rebate.ratePercent', { rate: data.ratePercent }) },
              ]}
            />
            {claim.isSuccess && (
              <FormAlert tone="info">
                {t('records:rebate.claimed')} <Amount value={claim.data.amount} />
              </FormAlert>
            )}
            {claim.isError && <FormAlert>{t(`errors:${claim.error.code}`)}</FormAlert>}
            <button
              type="button"
              className="button button--primary"
              onClick={() => claim.mutate()}
              disabled={data.claimableAmount <= 0 || claim.isPending}
              aria-busy={claim.isPending}
            >
              {t('records:rebate.claim')}
            </button>
            {data.claimableAmount <= 0 && <p className="form-field__hint">{t('records:rebate.nothingToClaim')}</p>}
          </>
        )}
      </QueryStates>
    </section>
  );
}

/** manualRebate: what can be claimed from settled bets, the claim, and the rebates claimed before. */
export function ManualRebatePage() {
  const { t } = useTranslation('records');
  const { filters, records: query } = useRecordQuery('manualRebateRecord');
  return (
    <div className="member-page">
      <RebateClaim />
      <h3 className="member-page__heading">{t('rebate.historyTitle')}</h3>
      <RecordPage filters={filters}>
        <PagedRecords query={query} filters={filters}>
          {(data) => (
            <RecordTable
              caption={t('rebate.historyTitle')}
              rows={data.list}
              rowKey={(row) => row.transactionId}
              columns={[
                { id: 'time', header: t('columns.time'), cell: (row) => formatDateTime(row.time) },
                { id: 'amount', header: t('columns.amount'), align: 'end', cell: (row) => <Amount value={row.amount} signed /> },
                { id: 'remark', header: t('columns.remark'), cell: (row) => row.remark || '—' },
              ]}
            />
          )}
        </PagedRecords>
      </RecordPage>
    </div>
  );
}
