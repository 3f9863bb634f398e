import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { ContractBill } from '@shared/contract/contracts';
import { Amount } from '@client/components/amount';
import { EmptyState } from '@client/components/empty-state';
import { Pager } from '@client/components/records/pager';
import { QueryStates } from '@client/components/records/query-states';
import { RecordPage } from '@client/components/records/record-page';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { useRecordFilters } from '@client/components/records/use-record-filters';
import { ContractTerms, Rate } from '@client/components/contract-terms';
import { useApiQuery } from '@client/state/queries';
import { TotalsRow } from './totals-row';
import '../agent.css';
import '@client/components/contracts.css';

/** The records calls of the contract pages (AGENT-05): dividend records, daily wages, hourly salary. */
export type ContractRecordsKey = 'agentDividendRecords' | 'agentDailyWages' | 'agentHourlySalary';

const KIND_OF = { agentDividendRecords: 'DIVIDEND', agentDailyWages: 'DAILY', agentHourlySalary: 'HOURLY' } as const;

const windowText = (bill: ContractBill, key: ContractRecordsKey) => {
  const start = parseISO(bill.windowStart);
  // An hour shows its clock time; a day or a dividend period its dates (the end is exclusive).
  if (key === 'agentHourlySalary') return `${format(start, 'yyyy-MM-dd HH:mm')}–${format(parseISO(bill.windowEnd), 'HH:mm')}`;
  const last = new Date(parseISO(bill.windowEnd).getTime() - 1);
  const first = format(start, 'yyyy-MM-dd');
  const end = format(last, 'yyyy-MM-dd');
  return first === end ? first : `${first} – ${end}`;
};

/**
 * A contract records page (agentDividendRecordCopy2, agentDailyWages2, agentHourSalary): the
 * caller's contract of that kind with its terms, and its settlement records in the date range,
 * one per window (figures, rate applied, pay, state), with totals; a settled bill refreshes it live.
 */
export function ContractRecords({ recordsKey }: { recordsKey: ContractRecordsKey }) {
  const { t } = useTranslation('agent');
  const filters = useRecordFilters({});
  const records = useApiQuery(recordsKey, { query: filters.query ?? undefined }, { enabled: filters.query !== null });
  const columns: RecordColumn<ContractBill>[] = [
    { id: 'window', header: t('contracts.bills.window'), cell: (bill) => windowText(bill, recordsKey) },
    { id: 'validBet', header: t('contracts.bills.validBet'), align: 'end', cell: (bill) => <Amount value={bill.validBet} /> },
    { id: 'profitLoss', header: t('contracts.bills.profitLoss'), align: 'end', cell: (bill) => <Amount value={bill.profitLoss} signed /> },
    { id: 'activeMembers', header: t('contracts.bills.activeMembers'), align: 'end', cell: (bill) => bill.activeMembers },
    { id: 'rate', header: t('contracts.bills.rate'), align: 'end', cell: (bill) => (bill.rate === null ? '—' : <Rate value={bill.rate} />) },
    { id: 'pay', header: t('contracts.bills.pay'), align: 'end', cell: (bill) => <Amount value={bill.pay} /> },
    { id: 'state', header: t('contracts.bills.state'), cell: (bill) => t(`contracts.bills.states.${bill.state}`) },
  ];
  return (
    <div className="agent-page">
      <RecordPage filters={filters}>
        <QueryStates query={records}>
          {(data) => (
            <>
              {data.contract ? (
                <section className="agent-card" aria-labelledby="contract-terms-title">
                  <h3 id="contract-terms-title" className="agent-card__title">
                    {t(`contracts.kinds.${KIND_OF[recordsKey]}`)}
                  </h3>
                  <ContractTerms contract={data.contract} />
                </section>
              ) : (
                <EmptyState title={t(`contracts.kinds.${KIND_OF[recordsKey]}`)} text={t('contracts.noContract')} />
              )}
              {data.list.length === 0 ? (
                data.contract && <p className="contract-popup__more">{t('contracts.bills.none')}</p>
              ) : (
                <>
                  <RecordTable
                    caption={t('contracts.bills.caption')}
                    rows={data.list}
                    rowKey={(bill) => bill.billId}
                    columns={columns}
                    footer={
                      <TotalsRow
                        label={t('totals')}
                        columns={columns}
                        totals={{ validBet: <Amount value={data.totalValidBet} />, profitLoss: <Amount value={data.totalProfitLoss} signed />, pay: <Amount value={data.totalPay} /> }}
                      />
                    }
                  />
                  <Pager page={filters.page} totalPages={data.totalPages} onPage={filters.setPage} />
                </>
              )}
            </>
          )}
        </QueryStates>
      </RecordPage>
    </div>
  );
}
