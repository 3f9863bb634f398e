import { screen, waitFor, within } from '@testing-library/react';
import { endOfDay, formatISO, startOfDay, startOfMonth, startOfWeek, subDays } from 'date-fns';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryInputOf } from '@shared/contract/http';
import type { TeamOverview } from '@shared/contract/agent';
import { resetShell } from '../../../helpers/render-app';
import { agentPath, figures, renderAgentCenter } from './agent-kit';

/** uPlot draws on a canvas jsdom lacks: this stand-in records what each chart was given. */
const charts = vi.hoisted(() => [] as { series: { label?: string }[]; data: number[][] }[]);
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      constructor(options: { series: { label?: string }[] }, data: number[][]) {
        charts.push({ series: options.series, data });
      }
      setSize() {}
      destroy() {}
    },
    { paths: { bars: () => () => null } },
  ),
}));

beforeEach(() => {
  resetShell();
  charts.length = 0;
});

const range = (from: Date, to: Date) => ({ startTime: formatISO(startOfDay(from)), endTime: formatISO(endOfDay(to)) });

const overview = (over: Partial<TeamOverview> = {}): TeamOverview => ({
  startTime: '2026-11-19T00:00:00+07:00',
  endTime: '2026-11-20T23:59:59+07:00',
  utcOffset: '+07:00',
  directMembers: 3,
  subAgents: 2,
  totals: figures({ validBets: 1900, deposits: 2500 }),
  days: [
    { date: '2026-11-19', ...figures({ validBets: 1000, deposits: 1000, profitLoss: 50 }) },
    { date: '2026-11-20', ...figures({ validBets: 900, deposits: 1500 }) },
  ],
  ...over,
});

describe('agentTeamOverview', { timeout: 30_000 }, () => {
  it('[AGENT-04] [AGENT-09] is the default page and asks for today first; each period asks for its own range', async () => {
    const queries: QueryInputOf<'agentOverview'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: '/agentHome',
      handlers: {
        agentOverview: ({ query }) => {
          queries.push(query!);
          return overview();
        },
      },
    });
    await screen.findByRole('table', { name: "The team's figures per day" });
    const today = new Date();
    expect(queries[0]).toEqual(range(today, today));
    const periods = screen.getByRole('group', { name: 'Period' });
    await user.click(within(periods).getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(queries.at(-1)).toEqual(range(subDays(today, 1), subDays(today, 1))));
    await user.click(within(periods).getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(queries.at(-1)).toEqual(range(startOfWeek(today, { weekStartsOn: 1 }), today)));
    await user.click(within(periods).getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(queries.at(-1)).toEqual(range(startOfMonth(today), today)));
    expect(within(periods).getByRole('button', { name: 'This month' })).toHaveAttribute('aria-pressed', 'true');

    // A custom range takes the record pages' date filter, presets included (CONST-04).
    await user.click(within(periods).getByRole('button', { name: 'Custom range' }));
    await waitFor(() => expect(queries.at(-1)).toEqual(range(subDays(today, 6), today)));
    await user.click(within(screen.getByRole('group', { name: 'Quick ranges' })).getByRole('button', { name: 'Previous 30 days' }));
    await waitFor(() => expect(queries.at(-1)).toEqual(range(subDays(today, 29), today)));
  });

  it('[AGENT-09] shows the totals, every figure per day in the table with its totals row, and the chosen figure per day in the chart', async () => {
    const { user } = await renderAgentCenter({ lng: 'en', path: agentPath('agentTeamOverview'), handlers: { agentOverview: () => overview() } });
    const table = await screen.findByRole('table', { name: "The team's figures per day" });
    const [head, day1, day2, totals] = within(table).getAllByRole('row');
    expect(within(head!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Date',
      'Team size',
      'New members',
      'Active members',
      'Deposits',
      'Withdrawals',
      'Valid bets',
      'Team profit and loss',
    ]);
    expect(within(day1!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11-19', '8', '1', '5', '1,000.00', '200.00', '1,000.00', '+50.00']);
    expect(within(day2!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11-20', '8', '1', '5', '1,500.00', '200.00', '900.00', '-120.50']);
    expect(within(totals!).getByRole('rowheader')).toHaveTextContent('Totals');
    expect(within(totals!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['8', '1', '5', '2,500.00', '200.00', '1,900.00', '-120.50']);

    const cards = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(cards.slice(0, 2)).toEqual(['3', '2']);

    await waitFor(() => expect(charts.at(-1)?.data[1]).toEqual([1000, 900]));
    expect(charts.at(-1)?.series[1]?.label).toBe('Valid bets per day (the table below has the same figures)');
    await user.click(within(screen.getByRole('group', { name: 'Figure shown in the chart' })).getByRole('button', { name: 'Deposits' }));
    await waitFor(() => expect(charts.at(-1)?.data[1]).toEqual([1000, 1500]));
    expect(screen.getByRole('img', { name: 'Deposits per day (the table below has the same figures)' })).toBeInTheDocument();
  });

  it('[AGENT-09] a refused overview shows the error with a retry, not invented figures', async () => {
    const { refusal } = await import('../../../helpers/accounts-fixture');
    await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentTeamOverview'),
      handlers: {
        agentOverview: () => {
          throw refusal('NOT_AGENT', 403);
        },
      },
    });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
