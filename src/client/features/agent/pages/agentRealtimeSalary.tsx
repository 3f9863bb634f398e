import { useCallback, useMemo, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Amount } from '@client/components/amount';
import { EmptyState } from '@client/components/empty-state';
import { QueryStates } from '@client/components/records/query-states';
import { SummaryCards } from '@client/components/records/summary-cards';
import { ContractTerms } from '@client/components/contract-terms';
import { SelectField } from '@client/components/form';
import { formatMoney } from '@client/lib/money';
import { useBalance, useSessionInfo } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { useNow } from '../components/agent-clock';
import { BillsTable } from '../components/bills-table';
import { DailyChart } from '../components/daily-chart';
import { HeldContract } from '../components/held-contract';
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
 * The direct members the agent gave a real-time salary agreement (any state): the agent pays them,
 * so their settled windows are pushed to it too. Members further down are paid by their own upline,
 * whose pushes the agent does not receive, so they are not offered here.
 */
function useWatchableMembers() {
  const me = useSessionInfo().member?.account;
  const given = useApiQuery('agentContracts', { query: { kind: 'REALTIME', pageSize: 100 } });
  return useMemo(() => {
    const members = new Map<number, string>();
    for (const contract of given.data?.list ?? []) if (contract.uplineAccount === me) members.set(contract.downlineMemberId, contract.downlineAccount);
    return [...members].map(([memberId, account]) => ({ memberId, account })).sort((a, b) => a.account.localeCompare(b.account));
  }, [given.data, me]);
}

/** Whose windows the page shows: the agent's own, or a direct member's agreement the agent gave. */
function HolderPicker({ memberId, onChange }: { memberId: number | null; onChange: (memberId: number | null) => void }) {
  const { t } = useTranslation('agent');
  const members = useWatchableMembers();
  if (members.length === 0) return null;
  return (
    <div className="record-filters">
      <div className="record-filters__extra">
        <SelectField label={t('contracts.realtime.holder')} value={memberId ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
          <option value="">{t('contracts.realtime.mine')}</option>
          {members.map((m) => (
            <option key={m.memberId} value={m.memberId}>
              {m.account}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

/**
 * agentRealtimeSalary (AGENT-21): the caller's real-time salary agreement, or one it gave a direct
 * member, a countdown to the next settlement, the window still running (its bets, profit and loss
 * and pay so far, marked as not settled) above the last windows, as a chart and its table, and the
 * balance. Each bet counted in the running window updates its row (`salary:running`); when the
 * window settles, its bill takes the row's place (`salary:settled`) and the next window's row starts,
 * with the balance change (`balance:updated`): all merged into this read by the agent live cache,
 * without a reload.
 */
export default function AgentRealtimeSalaryPage() {
  const { t, i18n } = useTranslation('agent');
  const [memberId, setMemberId] = useState<number | null>(null);
  const view = useApiQuery('agentRealtimeSalary', { query: { windows: REALTIME_WINDOWS, ...(memberId === null ? {} : { memberId }) } });
  const { balance } = useBalance();
  const clock = clockFormat(view.data?.windowSeconds);
  const windowTick = useCallback((iso: string) => format(parseISO(iso), clock), [clock]);
  const formatValue = useCallback((value: number) => formatMoney(value, i18n.language), [i18n.language]);
  const windows = view.data?.windows;
  const running = view.data?.running ?? null;
  // The chart reads oldest to newest, left to right: the running window's pay so far is the last bar.
  const points = useMemo(
    () => [...(windows ?? []).map((w) => ({ date: w.windowStart, value: w.pay })).reverse(), ...(running ? [{ date: running.windowStart, value: running.pay }] : [])],
    [windows, running],
  );
  return (
    <div className="agent-page">
      <HolderPicker memberId={memberId} onChange={setMemberId} />
      <QueryStates query={view}>
        {(data) =>
          !data.contract && data.windows.length === 0 ? (
            <EmptyState title={t('contracts.kinds.REALTIME')} text={t(memberId === null ? 'contracts.noContract' : 'contracts.realtime.memberNoAgreement')} />
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
                  {/* The agent answers on its own agreement; one it gave is answered in the downline list. */}
                  {memberId === null ? <HeldContract contract={data.contract} /> : <ContractTerms contract={data.contract} />}
                </section>
              )}
              <section className="agent-card overview-days" aria-labelledby="realtime-windows-title">
                <h3 id="realtime-windows-title" className="agent-card__title">
                  {t('contracts.realtime.windows')}
                </h3>
                {data.windows.length === 0 && !data.running ? (
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
                      running={data.running}
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
