import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERVIEW_PERIODS, type OverviewPeriod, type TeamFigures, type TeamOverview } from '@shared/contract/agent';
import { useApiQuery } from '@client/state/queries';
import { Amount } from '@client/components/amount';
import { DateRangeFilter } from '@client/components/records/date-range-filter';
import { QueryStates } from '@client/components/records/query-states';
import { RecordTable, type RecordColumn } from '@client/components/records/record-table';
import { SummaryCards } from '@client/components/records/summary-cards';
import { dateRangeIssue, presetRange, rangeQuery, type DateRange } from '@client/components/records/date-range';
import { formatMoney } from '@client/lib/money';
import { htmlLangOf } from '@client/lib/i18n';
import { ChoiceChips } from '../components/choice-chips';
import { DailyChart } from '../components/daily-chart';
import { TotalsRow } from '../components/totals-row';
import { periodRange } from '../overview-periods';
import '../agent.css';

type Figure = keyof TeamFigures;
const FIGURES = ['teamSize', 'newMembers', 'activeMembers', 'deposits', 'withdrawals', 'validBets', 'profitLoss'] as const satisfies readonly Figure[];
const MONEY_FIGURES: ReadonlySet<Figure> = new Set(['deposits', 'withdrawals', 'validBets', 'profitLoss']);
const SIGNED_FIGURES: ReadonlySet<Figure> = new Set(['profitLoss']);

function FigureValue({ figure, value }: { figure: Figure; value: number }) {
  const { i18n } = useTranslation();
  if (MONEY_FIGURES.has(figure)) return <Amount value={value} signed={SIGNED_FIGURES.has(figure)} />;
  return <>{new Intl.NumberFormat(htmlLangOf(i18n.language)).format(value)}</>;
}

/** The chosen figure per day as a chart, and every figure per day in the table beside it, with the totals. */
function DailyFigures({ overview }: { overview: TeamOverview }) {
  const { t, i18n } = useTranslation('agent');
  const [figure, setFigure] = useState<Figure>('validBets');
  const points = useMemo(() => overview.days.map((d) => ({ date: d.date, value: d[figure] })), [overview, figure]);
  const formatValue = useCallback(
    (value: number) => (MONEY_FIGURES.has(figure) ? formatMoney(value, i18n.language) : new Intl.NumberFormat(htmlLangOf(i18n.language)).format(value)),
    [figure, i18n.language],
  );
  const columns: RecordColumn<TeamOverview['days'][number]>[] = [
    { id: 'date', header: t('overview.date'), cell: (row) => row.date },
    ...FIGURES.map((f) => ({ id: f, header: t(`overview.figures.${f}`), align: 'end' as const, cell: (row: TeamFigures) => <FigureValue figure={f} value={row[f]} /> })),
  ];
  return (
    <section className="agent-card overview-days" aria-labelledby="overview-days-title">
      <h3 id="overview-days-title" className="agent-card__title">
        {t('overview.perDay')}
      </h3>
      <ChoiceChips label={t('overview.chartFigure')} options={FIGURES} value={figure} optionLabel={(f) => t(`overview.figures.${f}`)} onChange={setFigure} />
      <div className="overview-days__body">
        <DailyChart label={t('overview.chartLabel', { figure: t(`overview.figures.${figure}`) })} points={points} formatValue={formatValue} />
        <RecordTable
          caption={t('overview.tableCaption')}
          rows={overview.days}
          rowKey={(row) => row.date}
          columns={columns}
          footer={<TotalsRow label={t('totals')} columns={columns} totals={Object.fromEntries(FIGURES.map((f) => [f, <FigureValue figure={f} value={overview.totals[f]} />]))} />}
        />
      </div>
    </section>
  );
}

/** agentTeamOverview (AGENT-04, AGENT-09): the team's figures over a period, in total and per day. */
export default function AgentTeamOverviewPage() {
  const { t } = useTranslation('agent');
  const [period, setPeriod] = useState<OverviewPeriod>('today');
  const [custom, setCustom] = useState<DateRange>(() => presetRange('previous7'));
  const range = period === 'custom' ? custom : periodRange(period);
  const valid = dateRangeIssue(range) === null;
  const overview = useApiQuery('agentOverview', { query: valid ? rangeQuery(range) : undefined }, { enabled: valid });
  return (
    <div className="agent-page">
      <ChoiceChips label={t('overview.period')} options={OVERVIEW_PERIODS} value={period} optionLabel={(p) => t(`overview.periods.${p}`)} onChange={setPeriod} />
      {period === 'custom' && <DateRangeFilter value={custom} onChange={setCustom} />}
      {valid && (
        <QueryStates query={overview}>
          {(data) => (
            <>
              <SummaryCards
                items={[
                  { id: 'directMembers', label: t('overview.directMembers'), value: <FigureValue figure="teamSize" value={data.directMembers} /> },
                  { id: 'subAgents', label: t('overview.subAgents'), value: <FigureValue figure="teamSize" value={data.subAgents} /> },
                  ...FIGURES.map((f) => ({ id: f, label: t(`overview.figures.${f}`), value: <FigureValue figure={f} value={data.totals[f]} /> })),
                ]}
              />
              <DailyFigures overview={data} />
            </>
          )}
        </QueryStates>
      )}
    </div>
  );
}
