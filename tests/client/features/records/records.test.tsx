import { act, screen, waitFor, within } from '@testing-library/react';
import { addDays, endOfDay, formatISO, startOfDay, subDays } from 'date-fns';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryInputOf, ResponseOf } from '@shared/contract/http';
import type { AccountRecord, BetRecord } from '@shared/contract/records';
import { refusal } from '../../../helpers/accounts-fixture';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { balanceUpdated, depositOrder } from '../../../helpers/money-fixtures';
import { resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const range = (from: Date, to: Date) => ({ startTime: formatISO(startOfDay(from)), endTime: formatISO(endOfDay(to)) });
const today = () => new Date();

const accountRow = (over: Partial<AccountRecord> = {}): AccountRecord => ({
  transactionId: 1,
  time: '2026-11-20T08:30:05.000Z',
  type: 'DEPOSIT',
  wallet: 'MAIN',
  amount: 500,
  balanceAfter: 1500,
  remark: 'Deposit D1001',
  ...over,
});

const paged = <T,>(list: T[], over: { pageNum?: number; totalPages?: number; total?: number } = {}) => ({
  list,
  pageNum: over.pageNum ?? 1,
  totalPages: over.totalPages ?? 1,
  total: over.total ?? list.length,
});

const betRow = (over: Partial<BetRecord> = {}): BetRecord => ({
  betId: 'B1',
  vendor: 'PG',
  gameType: 'RNG',
  gameCode: 'fortune-tiger',
  gameName: 'Fortune Tiger',
  stake: 10,
  payout: 25,
  profitLoss: 15,
  status: 'SETTLED',
  placedAt: '2026-11-20T08:30:05.000Z',
  settledAt: '2026-11-20T08:30:09.000Z',
  ...over,
});

describe('record pages: filters, date presets, paging and states', () => {
  it('[WALLET-08] [CONST-04] the account record asks for the previous 7 days first; each preset asks for its own range', async () => {
    const queries: QueryInputOf<'accountRecord'>[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('transactionHistory'),
      handlers: {
        accountRecord: ({ query }) => {
          queries.push(query!);
          return paged([accountRow()]);
        },
      },
    });
    expect(await screen.findByText('Deposit D1001')).toBeInTheDocument();
    expect(queries[0]).toEqual({ ...range(subDays(today(), 6), today()), pageNo: 1 });
    const presets = screen.getByRole('group', { name: 'Quick ranges' });
    expect(within(presets).getByRole('button', { name: 'Previous 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(presets).getByRole('button', { name: 'Previous 30 days' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(subDays(today(), 29), today()), pageNo: 1 }));
    await user.click(within(presets).getByRole('button', { name: 'Next 7 days' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(today(), addDays(today(), 6)), pageNo: 1 }));
    await user.click(within(presets).getByRole('button', { name: 'Next 30 days' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ ...range(today(), addDays(today(), 29)), pageNo: 1 }));
    expect(within(presets).getByRole('button', { name: 'Next 30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('[CONST-04] a range ending before it starts, or longer than 92 days, is explained and not asked for', async () => {
    const queries: QueryInputOf<'accountRecord'>[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('transactionHistory'),
      handlers: {
        accountRecord: ({ query }) => {
          queries.push(query!);
          return paged([accountRow()]);
        },
      },
    });
    await screen.findByText('Deposit D1001');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2020-01-01');
    expect(screen.getByRole('alert')).toHaveTextContent('The end date is before the start date.');
    await user.clear(from);
    await user.type(from, '2019-01-01');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a range of at most 92 days.');
    expect(screen.queryByText('Deposit D1001')).not.toBeInTheDocument();
    expect(queries).toHaveLength(1);
  });

  it('[WALLET-08] the type filter and the pager go into the call, a new filter starting at page 1', async () => {
    const queries: QueryInputOf<'accountRecord'>[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('transactionHistory'),
      handlers: {
        accountRecord: ({ query }) => {
          queries.push(query!);
          const page = Number(query?.pageNo ?? 1);
          return paged([accountRow({ transactionId: page, remark: `row on page ${page}` })], { pageNum: page, totalPages: 3, total: 25 });
        },
      },
    });
    await screen.findByText('row on page 1');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('row on page 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type'), 'TRANSFER_OUT');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ type: 'TRANSFER_OUT', pageNo: 1 }));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('[WALLET-08] rows show time, type, signed amount and balance after', async () => {
    await renderMemberCenter({
      lng: 'en',
      path: memberPath('transactionHistory'),
      handlers: { accountRecord: () => paged([accountRow({ type: 'BET', amount: -12.5, balanceAfter: 987.5, remark: 'Fortune Tiger' })]) },
    });
    const row = (await screen.findByText('Fortune Tiger')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bet')).toBeInTheDocument();
    expect(within(row).getByText('-12.50')).toHaveClass('amount--debit');
    expect(within(row).getByText('987.50')).toBeInTheDocument();
    expect(within(row).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
  });

  it('an empty record says in_no_data; a failed one shows the error and loads again on retry; loading shows a spinner', async () => {
    let answer: 'hang' | 'fail' | 'empty' = 'hang';
    const { user } = await renderMemberCenter({
      path: memberPath('bonusDetails'),
      handlers: {
        bonusDetails: () => {
          if (answer === 'hang') return new Promise<never>(() => {});
          if (answer === 'fail') throw refusal('INTERNAL', 500);
          return { ...paged([]), totalAmount: 0 };
        },
      },
    });
    await screen.findByRole('group', { name: 'records:filters.presets' });
    expect(screen.getByRole('status', { name: 'common:loading' })).toBeInTheDocument();
    answer = 'fail';
    await user.click(screen.getByRole('button', { name: 'records:filters.preset.previous30' }));
    expect(await screen.findByText('errors:INTERNAL')).toBeInTheDocument();
    answer = 'empty';
    await user.click(screen.getByRole('button', { name: 'common:actions.retry' }));
    expect(await screen.findByText('common:in_no_data')).toBeInTheDocument();
  });

  it('[WALLET-09] the side menu’s deposit record (filter=deposit) lists deposits with their status, filterable by status', async () => {
    const queries: QueryInputOf<'depositRecord'>[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('transactionHistory', 'deposit'),
      handlers: {
        depositRecord: ({ query }) => {
          queries.push(query!);
          return paged([depositOrder({ status: 'CREDITED' }), depositOrder({ orderId: 'D1002', status: 'FAILED', failureReason: 'No payment' })]);
        },
      },
    });
    expect(await screen.findByRole('tab', { name: 'Deposit record' })).toHaveAttribute('aria-selected', 'true');
    expect((await screen.findByText('D1001')).closest('tr')).toHaveTextContent('Credited');
    expect(screen.getByText('D1002').closest('tr')).toHaveTextContent('No payment');
    await user.selectOptions(screen.getByLabelText('Status'), 'FAILED');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'FAILED', pageNo: 1 }));
  });

  it('[WALLET-07] the betting record lists bets with totals over the whole filter, filterable by status', async () => {
    const queries: QueryInputOf<'bettingRecord'>[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('personalHistoryCopy'),
      handlers: {
        bettingRecord: ({ query }) => {
          queries.push(query!);
          return { ...paged([betRow(), betRow({ betId: 'B2', gameName: 'Mahjong Ways', profitLoss: -10, payout: 0, status: 'OPEN', settledAt: null })], { total: 42 }), totalStake: 420, totalPayout: 380.5, totalProfitLoss: -39.5 };
        },
      },
    });
    expect(await screen.findByText('Fortune Tiger')).toBeInTheDocument();
    expect(screen.getByText('Mahjong Ways').closest('tr')).toHaveTextContent('Open');
    expect(screen.getByText('Total stake').nextSibling).toHaveTextContent('420.00');
    expect(screen.getByText('Total profit / loss').nextSibling).toHaveTextContent('-39.50');
    expect(screen.getByText('Bets', { selector: 'dt' }).nextSibling).toHaveTextContent('42');
    await user.selectOptions(screen.getByLabelText('Status'), 'SETTLED');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'SETTLED' }));
  });

  it('[WALLET-10] personal profit and loss shows the totals and each vendor for the range', async () => {
    const queries: QueryInputOf<'profitLoss'>[] = [];
    const profit: ResponseOf<'profitLoss'> = {
      betCount: 12,
      totalStake: 120,
      totalPayout: 150,
      profitLoss: 30,
      deposits: 500,
      withdrawals: 300,
      bonuses: 20,
      rebates: 1.2,
      byVendor: [{ vendor: 'PG', betCount: 12, totalStake: 120, totalPayout: 150, profitLoss: 30 }],
    };
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('personalProfit'),
      handlers: {
        profitLoss: ({ query }) => {
          queries.push(query!);
          return profit;
        },
      },
    });
    expect(await screen.findByText('Profit / loss', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('Profit / loss', { selector: 'dt' }).nextSibling).toHaveTextContent('+30.00');
    expect(screen.getByText('Rebates').nextSibling).toHaveTextContent('1.20');
    expect(screen.getByRole('table', { name: 'By vendor' })).toHaveTextContent('PG');
    await user.click(screen.getByRole('button', { name: 'Previous 30 days' }));
    await waitFor(() => expect(queries.at(-1)).toEqual(range(subDays(today(), 29), today())));
  });

  it('[WALLET-11] bonus details filter by the bonus types only and show their total', async () => {
    const queries: QueryInputOf<'bonusDetails'>[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('bonusDetails'),
      handlers: {
        bonusDetails: ({ query }) => {
          queries.push(query!);
          return { ...paged([{ transactionId: 4, time: '2026-11-20T08:30:05.000Z', type: 'RED_ENVELOPE', amount: 8.88, remark: 'Lucky envelope' }]), totalAmount: 8.88 };
        },
      },
    });
    expect(await screen.findByText('Lucky envelope')).toBeInTheDocument();
    expect(screen.getByText('Total bonuses').nextSibling).toHaveTextContent('8.88');
    const types = within(screen.getByLabelText('Bonus type')).getAllByRole('option').map((o) => o.textContent);
    expect(types).toEqual(['All', 'Promotion bonus', 'Red envelope', 'Salary', 'Dividend', 'Rebate']);
    await user.selectOptions(screen.getByLabelText('Bonus type'), 'REBATE');
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ type: 'REBATE' }));
  });

  it('[MEMBER-03] manual rebate shows what can be claimed, claims it once, and lists claimed rebates', async () => {
    let claimable = 12.5;
    const { user, api } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('manualRebate'),
      handlers: {
        rebateSummary: () => ({ claimableAmount: claimable, validBetAmount: 2500, ratePercent: 0.5 }),
        claimRebate: () => {
          claimable = 0;
          return { amount: 12.5, balance: 1247 };
        },
        manualRebateRecord: () => ({ ...paged([]), totalAmount: 0 }),
      },
    });
    expect(await screen.findByText('Claimable now')).toBeInTheDocument();
    expect(screen.getByText('Claimable now').nextSibling).toHaveTextContent('12.50');
    expect(screen.getByText('0.5%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim rebate' }));
    expect(await screen.findByText(/Rebate credited:/)).toHaveTextContent('12.50');
    expect(api.callsTo('claimRebate')[0]?.body).toEqual({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim rebate' })).toBeDisabled());
    expect(screen.getByText('Nothing to claim yet: rebates build up from settled bets.')).toBeInTheDocument();
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });

  it('[WALLET-08] an open account record reloads when the bus says the balance changed', async () => {
    let rows = [accountRow()];
    const { bus, api } = await renderMemberCenter({ lng: 'en', path: memberPath('transactionHistory'), handlers: { accountRecord: () => paged(rows) } });
    await screen.findByText('Deposit D1001');
    rows = [accountRow({ transactionId: 2, type: 'PAYOUT', amount: 25, remark: 'Fortune Tiger win' }), ...rows];
    act(() => bus.push('balance:updated', balanceUpdated(1525, { entryType: 'PAYOUT' })));
    expect(await screen.findByText('Fortune Tiger win')).toBeInTheDocument();
    expect(api.callsTo('accountRecord')).toHaveLength(2);
  });
});
