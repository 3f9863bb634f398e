import { screen, waitFor, within } from '@testing-library/react';
import { endOfDay, formatISO, startOfDay, subDays } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryInputOf, ResponseOf } from '@shared/contract/http';
import { resetShell } from '../../../helpers/render-app';
import { agentPath, paged, renderAgentCenter } from './agent-kit';

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    // Decoded keeping a byte-order mark, which readAsText would drop.
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

/** The files the page hands the browser to save. */
const saved: { name: string; text: Promise<string> }[] = [];

beforeEach(() => {
  resetShell();
  saved.length = 0;
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) saved.push({ name: this.download, text: readBlob(lastBlob) });
  });
});
afterEach(() => vi.restoreAllMocks());

const today = () => new Date();
const range = (from: Date, to: Date) => ({ startTime: formatISO(startOfDay(from)), endTime: formatISO(endOfDay(to)) });
const csv = (fileName: string, truncated = false): ResponseOf<'agentTeamBetsExport'> => ({
  fileName,
  contentType: 'text/csv',
  content: 'Account,Amount\r\nlannguyen,10.00\r\nTotal,10.00\r\n',
  rowCount: 1,
  truncated,
});

const teamBet = (over: Partial<ResponseOf<'agentTeamBets'>['list'][number]> = {}): ResponseOf<'agentTeamBets'>['list'][number] => ({
  betId: 'B1',
  vendor: 'HOUSE',
  gameType: 'RNG',
  gameCode: 'dice',
  gameName: 'House Dice',
  stake: 10,
  payout: 25,
  profitLoss: 15,
  status: 'SETTLED',
  placedAt: '2026-11-20T08:30:05.000Z',
  settledAt: '2026-11-20T08:30:09.000Z',
  memberId: 21,
  account: 'lannguyen',
  level: 1,
  ...over,
});

describe('agent record pages: filters, presets, paging, totals and CSV', { timeout: 30_000 }, () => {
  it('[AGENT-10] [CONST-04] team betting: the previous 7 days first, then the filters, the pages and the totals row over the whole filter', async () => {
    const queries: QueryInputOf<'agentTeamBets'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('personalHistoryCopy'),
      handlers: {
        agentTeamBets: ({ query }) => {
          queries.push(query!);
          return {
            ...paged([teamBet(), teamBet({ betId: 'B2', account: 'tuanle', level: 2, stake: 5, payout: 0, profitLoss: -5 })], { totalPages: 3, total: 25 }),
            totalStake: 120,
            totalValidBet: 115,
            totalPayout: 90,
            totalProfitLoss: -30,
          };
        },
      },
    });
    const table = await screen.findByRole('table', { name: "The team's bets" });
    expect(queries[0]).toEqual({ ...range(subDays(today(), 6), today()), pageNo: 1 });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('tuanle');
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Totals (25 rows)');
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '', '', '', '120.00', '90.00', '-30.00', '']);
    expect(screen.getByText('Valid bets').nextSibling).toHaveTextContent('115.00');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)?.pageNo).toBe(2));

    const search = screen.getByRole('search', { name: 'Search the team' });
    await user.type(within(search).getByLabelText('Account or nickname'), 'lan');
    await user.type(within(search).getByLabelText('Level'), '2');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(subDays(today(), 6), today()), pageNo: 1, account: 'lan', level: 2 }));
    await user.selectOptions(screen.getByLabelText('Status'), 'SETTLED');
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(subDays(today(), 6), today()), pageNo: 1, account: 'lan', level: 2, status: 'SETTLED' }));
    await user.click(within(screen.getByRole('group', { name: 'Quick ranges' })).getByRole('button', { name: 'Previous 30 days' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(subDays(today(), 29), today()), pageNo: 1, account: 'lan', level: 2, status: 'SETTLED' }));
  });

  it('[AGENT-10] clearing one filter drops it from the call and keeps the others, back on page 1', async () => {
    const queries: QueryInputOf<'agentTeamBets'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('personalHistoryCopy'),
      handlers: {
        agentTeamBets: ({ query }) => {
          queries.push(query!);
          return { ...paged([teamBet()], { totalPages: 3, total: 25 }), totalStake: 10, totalValidBet: 10, totalPayout: 25, totalProfitLoss: 15 };
        },
      },
    });
    await screen.findByRole('table', { name: "The team's bets" });
    const week = range(subDays(today(), 6), today());
    const search = screen.getByRole('search', { name: 'Search the team' });
    await user.type(within(search).getByLabelText('Account or nickname'), 'lan');
    await user.type(within(search).getByLabelText('Level'), '2');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'SETTLED');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)).toStrictEqual({ ...week, pageNo: 2, account: 'lan', level: 2, status: 'SETTLED' }));

    await user.clear(within(search).getByLabelText('Account or nickname'));
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    // Strict: a cleared filter is not sent at all, not even as undefined.
    await waitFor(() => expect(queries.at(-1)).toStrictEqual({ ...week, pageNo: 1, level: 2, status: 'SETTLED' }));
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(queries.at(-1)).toStrictEqual({ ...week, pageNo: 1, level: 2 }));
  });

  it('[AGENT-10] a level outside 1..100 is explained and not asked for', async () => {
    const queries: QueryInputOf<'agentTeamBets'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('personalHistoryCopy'),
      handlers: {
        agentTeamBets: ({ query }) => {
          queries.push(query!);
          return { ...paged([teamBet()]), totalStake: 10, totalValidBet: 10, totalPayout: 25, totalProfitLoss: 15 };
        },
      },
    });
    await screen.findByRole('table', { name: "The team's bets" });
    const search = screen.getByRole('search', { name: 'Search the team' });
    await user.type(within(search).getByLabelText('Level'), '0');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await within(search).findByText('A level is a whole number from 1 to 100')).toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('[AGENT-10] team betting exports the same filters as CSV, every page, and says when the file stops at 10,000 rows', async () => {
    const exports: QueryInputOf<'agentTeamBetsExport'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('personalHistoryCopy'),
      handlers: {
        agentTeamBets: () => ({ ...paged([teamBet()], { totalPages: 2, total: 11 }), totalStake: 10, totalValidBet: 10, totalPayout: 25, totalProfitLoss: 15 }),
        agentTeamBetsExport: ({ query }) => {
          exports.push(query!);
          return csv('team-bets-20261114-20261120.csv', true);
        },
      },
    });
    await screen.findByRole('table', { name: "The team's bets" });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'OPEN');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports).toEqual([{ ...range(subDays(today(), 6), today()), status: 'OPEN' }]);
    expect(saved[0]!.name).toBe('team-bets-20261114-20261120.csv');
    expect(await saved[0]!.text).toBe('\ufeffAccount,Amount\r\nlannguyen,10.00\r\nTotal,10.00\r\n');
    expect(await screen.findByText('The file holds the first 10000 rows only. Narrow the filters to export the rest.')).toBeInTheDocument();
  });

  it('[AGENT-10] user loss lists each member with the totals of every member in the range', async () => {
    const queries: QueryInputOf<'agentUserProfitLoss'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('palStatementsAgentCopy'),
      handlers: {
        agentUserProfitLoss: ({ query }) => {
          queries.push(query!);
          return {
            ...paged([{ memberId: 21, account: 'lannguyen', level: 1, betCount: 4, validBets: 40, payout: 10, profitLoss: -30, deposits: 500, withdrawals: 0 }]),
            totals: { members: 6, betCount: 40, validBets: 400, payout: 300, profitLoss: -100, deposits: 3000, withdrawals: 200 },
          };
        },
        agentUserProfitLossExport: () => csv('user-loss.csv'),
      },
    });
    const table = await screen.findByRole('table', { name: 'Profit and loss per member' });
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Totals (6 members)');
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '40', '400.00', '300.00', '-100.00', '3,000.00', '200.00']);
    await user.type(screen.getByLabelText('Account or nickname'), 'minh');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(subDays(today(), 6), today()), pageNo: 1, account: 'minh' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['user-loss.csv']));
  });

  it('[AGENT-11] my income lists the agent\'s own entries by type, signed, with money in, out and net', async () => {
    const queries: QueryInputOf<'agentIncome'>[] = [];
    const exports: QueryInputOf<'agentIncomeExport'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentRevenueReport'),
      handlers: {
        agentIncome: ({ query }) => {
          queries.push(query!);
          return {
            ...paged([
              { transactionId: 5, time: '2026-11-20T08:30:05.000Z', type: 'DOWNLINE_TRANSFER', amount: -100, balanceAfter: 900, counterparty: 'lannguyen', remark: 'agent → lannguyen' },
              { transactionId: 4, time: '2026-11-19T08:30:05.000Z', type: 'UPLINE_TRANSFER', amount: 50, balanceAfter: 1000, counterparty: 'minhtran', remark: '' },
            ]),
            totalIn: 50,
            totalOut: 100,
            net: -50,
          };
        },
        agentIncomeExport: ({ query }) => {
          exports.push(query!);
          return csv('income.csv');
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'My income' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('lannguyen');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('-100.00');
    expect(within(within(table).getAllByRole('row').at(-1)!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '', '-50.00', '', '']);
    expect(screen.getByText('Total in').nextSibling).toHaveTextContent('50.00');
    await user.selectOptions(screen.getByLabelText('Type'), 'DOWNLINE_TRANSFER');
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(subDays(today(), 6), today()), pageNo: 1, type: 'DOWNLINE_TRANSFER' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exports).toEqual([{ ...range(subDays(today(), 6), today()), type: 'DOWNLINE_TRANSFER' }]));
  });

  it('[AGENT-10] account details list the team\'s ledger entries with their member and level, filtered by type', async () => {
    const queries: QueryInputOf<'agentTransactions'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentDownlineTransactionDetailsCopy'),
      handlers: {
        agentTransactions: ({ query }) => {
          queries.push(query!);
          return {
            ...paged([{ transactionId: 9, time: '2026-11-20T08:30:05.000Z', type: 'DEPOSIT', wallet: 'MAIN', amount: 500, balanceAfter: 700, remark: 'Deposit D9', memberId: 30, account: 'vyhoang', level: 3 }]),
            totalIn: 500,
            totalOut: 0,
            net: 500,
          };
        },
        agentTransactionsExport: () => csv('transactions.csv'),
      },
    });
    const table = await screen.findByRole('table', { name: "The team's account entries" });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('vyhoang');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Deposit D9');
    await user.selectOptions(screen.getByLabelText('Type'), 'DEPOSIT');
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(subDays(today(), 6), today()), pageNo: 1, type: 'DEPOSIT' }));
  });

  it('[AGENT-10] an empty range says there is no data, and a refused export says why', async () => {
    const { refusal } = await import('../../../helpers/accounts-fixture');
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentDownlineTransactionDetailsCopy'),
      handlers: {
        agentTransactions: () => ({ ...paged([]), totalIn: 0, totalOut: 0, net: 0 }),
        agentTransactionsExport: () => {
          throw refusal('TOO_MANY_REQUESTS', 429);
        },
      },
    });
    expect(await screen.findByText('No data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
