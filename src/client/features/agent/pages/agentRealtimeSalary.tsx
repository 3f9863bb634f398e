import { useCallback, useMemo } from 'react';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Amount } from '@client/components/amount';
import { EmptyState } from '@client/components/empty-state';
import { QueryStates } from '@client/components/records/query-states';
import { SummaryCards } from '@client/components/records/summary-cards';
import { ContractTerms } from '@client/components/contract-terms';
import { formatMoney } from '@client/lib/format';
import { useBalance } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { useNow } from '../components/agent-clock';
import { BillsTable } from '../components/bills-table';
import { DailyChart } from '../components/daily-chart';
import '../agent.css';
import '@client/components/contracts.css';

/** The windows the page lists: an hour of 5-minute windows. */
export const REALTIME_WINDOWS = 12;

/** Clock times of window bounds: with seconds when windows do not fall on whole minutes (a short REALTIME_SALARY_WINDOW_SECONDS). */
const clockFormat = (windowSeconds: number | undefined) => (windowSeconds !== undefined && windowSeconds % 60 !== 0 ? 'HH:mm:ss' : 'HH:mm');

/** mm:ss to the next settlement; once it is due, the page says it is settling until the window's push arrives. */
function Countdown({ at }: { at: string }) {
  const { t } = useTranslation('agent');
  const left = Math.ceil((new Date(at).getTime() - useNow()) / 1000);
  if (left <= 0) return <span role="timer">{t('contracts.realtime.settling')}</span>;
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <time role="timer" dateTime={at}>
      {minutes}:{seconds}
    </time>
  );
}

/**
 * agentRealtimeSalary (AGENT-21): the caller's real-time salary agreement, a countdown to the next
 * settlement, the last windows (bets, profit and loss, pay) as a chart and its table, and the
 * balance. A settled window arrives over the socket (`salary:settled`, merged into this read by the
 * agent live cache) and the balance with it (`balance:updated`), without a reload.
 */
export default function AgentRealtimeSalaryPage() {
  const { t, i18n } = useTranslation('agent');
  const view = useApiQuery('agentRealtimeSalary', { query: { windows: REALTIME_WINDOWS } });
  const { balance } = useBalance();
  const clock = clockFormat(view.data?.windowSeconds);
  const windowTick = useCallback((iso: string) => format(parseISO(iso), clock), [clock]);
  const formatValue = useCallback((value: number) => formatMoney(value, i18n.language), [i18n.language]);
  const windows = view.data?.windows;
  // The chart reads oldest to newest, left to right.
  const points = useMemo(() => (windows ?? []).map((w) => ({ date: w.windowStart, value: w.pay })).reverse(), [windows]);
  return (
    <div className="agent-page">
      <QueryStates query={view}>
        {(data) =>
          !data.contract && data.windows.length === 0 ? (
            <EmptyState title={t('contracts.kinds.REALTIME')} text={t('contracts.noContract')} />
          ) : (
            <>
              <SummaryCards
                items={[
                  { id: 'next', label: t('contracts.realtime.nextSettlement'), value: <Countdown at={data.nextSettlementAt} /> },
                  { id: 'balance', label: t('contracts.realtime.balance'), value: balance === null ? '—' : <Amount value={balance} /> },
                  { id: 'pay', label: t('contracts.realtime.pay'), value: <Amount value={data.totalPay} /> },
                ]}
              />
              {data.contract && (
                <section className="agent-card" aria-labelledby="realtime-agreement-title">
                  <h3 id="realtime-agreement-title" className="agent-card__title">
                    {t('contracts.realtime.agreement')}
                  </h3>
                  <ContractTerms contract={data.contract} />
                </section>
              )}
              <section className="agent-card overview-days" aria-labelledby="realtime-windows-title">
                <h3 id="realtime-windows-title" className="agent-card__title">
                  {t('contracts.realtime.windows')}
                </h3>
                {data.windows.length === 0 ? (
                  <p className="contract-popup__more">{t('contracts.realtime.noWindows')}</p>
                ) : (
                  <div className="overview-days__body">
                    <DailyChart label={t('contracts.realtime.chartLabel')} points={points} formatValue={formatValue} tickLabel={windowTick} />
                    <BillsTable
                      caption={t('contracts.realtime.tableCaption')}
                      bills={data.windows}
                      totals={data}
                      windowText={(w) => `${format(parseISO(w.windowStart), `yyyy-MM-dd ${clock}`)}–${windowTick(w.windowEnd)}`}
                      withTier={false}
                    />
                  </div>
                )}
              </section>
            </>
          )
        }
      </QueryStates>
    </div>
  );
}
