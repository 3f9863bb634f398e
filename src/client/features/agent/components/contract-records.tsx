import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import type { ContractBill } from '@shared/contract/contracts';
import { EmptyState } from '@client/components/empty-state';
import { Pager } from '@client/components/records/pager';
import { QueryStates } from '@client/components/records/query-states';
import { RecordPage } from '@client/components/records/record-page';
import { useAgentReport } from '../hooks/use-agent-report';
import { BillsTable } from './bills-table';
import { HeldContract } from './held-contract';
import '../agent.css';
import '@client/components/contracts.css';

/** The records calls of the contract pages (AGENT-05): dividend records, daily wages, hourly salary. */
export type ContractRecordsKey = 'agentDividendRecords' | 'agentDailyWages' | 'agentHourlySalary';

const KIND_OF = { agentDividendRecords: 'DIVIDEND', agentDailyWages: 'DAILY', agentHourlySalary: 'HOURLY' } as const;

const windowText = (bill: Pick<ContractBill, 'windowStart' | 'windowEnd'>, key: ContractRecordsKey) => {
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
 * caller's contract of that kind with its terms and the holder's answers on it, and its settlement records in the date range,
 * one per window (figures, rate applied, pay, state), with totals; a settled bill refreshes it live.
 */
export function ContractRecords({ recordsKey }: { recordsKey: ContractRecordsKey }) {
  const { t } = useTranslation('agent');
  const { filters, records } = useAgentReport(recordsKey);
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
                  <HeldContract contract={data.contract} />
                </section>
              ) : (
                <EmptyState title={t(`contracts.kinds.${KIND_OF[recordsKey]}`)} text={t('contracts.noContract')} />
              )}
              {data.list.length === 0 ? (
                data.contract && <p className="contract-popup__more">{t('contracts.bills.none')}</p>
              ) : (
                <>
                  <BillsTable caption={t('contracts.bills.caption')} bills={data.list} totals={data} windowText={(bill) => windowText(bill, recordsKey)} withTier />
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
