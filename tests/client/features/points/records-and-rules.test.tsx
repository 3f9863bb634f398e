import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { format, subDays } from 'date-fns';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BodyOf, QueryInputOf } from '@shared/contract/http';
import { formatDateTime } from '@client/lib/format';
import { convertedAmount } from '@client/features/points/points-rules';
import { refusal } from '../../../helpers/accounts-fixture';
import { resetShell, TRIAL } from '../../../helpers/render-app';
import { pointsTransaction, redeemRecord, renderMall, tab } from './points-kit';

beforeEach(() => {
  resetShell();
});

const day = (date: Date) => format(date, 'yyyy-MM-dd');
const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;
const convertForm = () => screen.getByRole('form', { name: 'Convert points into balance' });

describe('points mall: redeem history', { timeout: 30_000 }, () => {
  it('[MEMBER-07] [MEMBER-08] [API-60] redeem history shows reference number, apply time, type, name, quantity, points, amount and the translated status', async () => {
    const { user } = await renderMall({
      handlers: {
        pointsRedeemList: () => ({
          list: [
            redeemRecord(),
            redeemRecord({ referenceNo: 'PR2', type: 'PHYSICAL', name: 'Smart phone', quantity: 1, pointsRequired: 50_000, amountRequired: 20, status: 'APPROVED' }),
            redeemRecord({ referenceNo: 'PR3', status: 'REJECTED' }),
          ],
          totalPages: 1,
        }),
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Redeem history' }));
    const table = await screen.findByRole('table', { name: 'Redeem history' });
    expect(headers(table)).toEqual(['Reference number', 'Apply time', 'Type', 'Name', 'Quantity', 'Points required', 'Amount required', 'Status']);
    const first = rowOf(table, 'PR20261120001');
    expect(within(first).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'PR20261120001',
      formatDateTime('2026-11-20T08:30:05.000Z'),
      'Voucher',
      'Gold voucher',
      '2',
      '2,000',
      '0.00',
      'In process',
    ]);
    const second = rowOf(table, 'PR2');
    expect(second).toHaveTextContent('Physical goods');
    expect(second).toHaveTextContent('50,000');
    expect(second).toHaveTextContent('20.00');
    expect(within(second).getByText('Approved')).toHaveClass('status-tag--success');
    expect(within(rowOf(table, 'PR3')).getByText('Rejected')).toHaveClass('status-tag--danger');
  });

  it('[MEMBER-08] [API-60] the status filter asks for one status from page 1, and the pager moves through the pages', async () => {
    const queries: QueryInputOf<'pointsRedeemList'>[] = [];
    const { user } = await renderMall({
      handlers: {
        pointsRedeemList: ({ query }) => {
          queries.push(query!);
          return { list: [redeemRecord({ referenceNo: `PR-page-${String(query?.pageNo)}-${query?.status ?? 'ALL'}` })], totalPages: 3 };
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Redeem history' }));
    expect(await screen.findByText('PR-page-1-ALL')).toBeInTheDocument();
    expect(queries[0]).toEqual({ pageNo: 1 });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('PR-page-2-ALL')).toBeInTheDocument();
    const filter = screen.getByLabelText('Status');
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'In process', 'Approved', 'Rejected']);
    await user.selectOptions(filter, 'APPROVED');
    expect(await screen.findByText('PR-page-1-APPROVED')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ pageNo: 1, status: 'APPROVED' });
    await user.selectOptions(filter, '');
    await waitFor(() => expect(queries.at(-1)).toEqual({ pageNo: 1 }));
  });

  it('[MEMBER-07] an empty history says so; a visitor is asked to log in and a trial account to register, without a call', async () => {
    const { user } = await renderMall();
    await user.click(await screen.findByRole('tab', { name: 'Redeem history' }));
    expect(await within(screen.getByRole('tabpanel')).findByText('No data')).toBeInTheDocument();
    cleanup();
    resetShell();

    const visitor = await renderMall({ member: null });
    await visitor.user.click(await screen.findByRole('tab', { name: 'Redeem history' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Sorry, you are not logged in')).toBeInTheDocument();
    expect(visitor.api.callsTo('pointsRedeemList')).toHaveLength(0);
    cleanup();
    resetShell();

    const trial = await renderMall({ member: TRIAL });
    await trial.user.click(await screen.findByRole('tab', { name: 'Points details' }));
    expect(within(screen.getByRole('tabpanel')).getByText('Please register an account first')).toBeInTheDocument();
    expect(trial.api.callsTo('pointsTransactions')).toHaveLength(0);
  });
});

describe('points mall: points details', { timeout: 30_000 }, () => {
  it('[MEMBER-06] [API-62] points details show time, ratio, redeem amount, balance, a signed coloured change and the remark, for the previous 7 days first', async () => {
    const queries: QueryInputOf<'pointsTransactions'>[] = [];
    const { user } = await renderMall({
      handlers: {
        pointsTransactions: ({ query }) => {
          queries.push(query!);
          return {
            list: [
              pointsTransaction(),
              pointsTransaction({ id: 'T2', ratio: 100, redeemAmount: 12.5, balance: 11_250, change: -1250, remark: 'Converted to balance' }),
              pointsTransaction({ id: 'T3', change: -1000, balance: 10_250, remark: '' }),
            ],
            totalPages: 1,
          };
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Points details' }));
    const table = await screen.findByRole('table', { name: 'Points details' });
    expect(headers(table)).toEqual(['Time', 'Ratio', 'Redeem amount', 'Balance', 'Change', 'Remark']);
    expect(within(rowOf(table, 'Bets settled')).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      formatDateTime('2026-11-20T08:30:05.000Z'),
      '100 : 1',
      '0.00',
      '12,500',
      '+250',
      'Bets settled',
    ]);
    expect(within(rowOf(table, 'Bets settled')).getByText('+250')).toHaveClass('amount--credit');
    const converted = rowOf(table, 'Converted to balance');
    expect(within(converted).getByText('12.50')).toBeInTheDocument();
    expect(within(converted).getByText('-1,250')).toHaveClass('amount--debit');
    expect(within(rowOf(table, '-1,000')).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(queries[0]).toEqual({ startDate: day(subDays(new Date(), 6)), endDate: day(new Date()), pageNo: 1 });
    await user.click(screen.getByRole('button', { name: 'Previous 30 days' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ startDate: day(subDays(new Date(), 29)), endDate: day(new Date()), pageNo: 1 }));
  });

  it('[MEMBER-06] a failed load of the points details shows the error and loads again on retry', async () => {
    let fail = true;
    const { user, api } = await renderMall({
      handlers: {
        pointsTransactions: () => {
          if (fail) throw refusal('INTERNAL', 500);
          return { list: [pointsTransaction()], totalPages: 1 };
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Points details' }));
    expect(await screen.findByText('Something went wrong on our side. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Bets settled')).toBeInTheDocument();
    expect(api.callsTo('pointsTransactions')).toHaveLength(2);
  });
});

describe('points mall: rules and conversion', { timeout: 30_000 }, () => {
  it('[MEMBER-09] [API-61] the rules tab shows the sanitised HTML rules, the ratio, the minimum and that points never expire', async () => {
    const { user } = await renderMall({
      handlers: { pointsConfig: () => ({ ratio: 100, minConvertPoints: 300, rules: '<h4>Earning</h4><p>1 point per 10 staked.</p><img src="x" onerror="window.__pwned = 1">' }) },
    });
    await user.click(await screen.findByRole('tab', { name: 'Points rules' }));
    const rules = await screen.findByRole('region', { name: 'Points rules' });
    expect(within(rules).getByText('1 point per 10 staked.')).toBeInTheDocument();
    expect(rules.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(within(rules).getByText('Conversion ratio').nextElementSibling).toHaveTextContent('100 points = 1.00');
    expect(within(rules).getByText('Minimum to convert').nextElementSibling).toHaveTextContent('300 points');
    expect(within(rules).getByText('Points never expire.')).toBeInTheDocument();
  });

  it('[API-63] the conversion previews the amount at the ratio, rounded down to the cent', async () => {
    const { user } = await renderMall({ handlers: { pointsConfig: () => ({ ratio: 30, minConvertPoints: 300, rules: '' }) } });
    await user.click(await screen.findByRole('tab', { name: 'Points rules' }));
    const form = await screen.findByRole('form', { name: 'Convert points into balance' });
    const preview = form.querySelector('.convert-preview') as HTMLElement;
    expect(preview).toHaveTextContent('0.00');
    await user.type(within(form).getByLabelText(/^Points to convert/), '1000');
    // 1000 / 30 = 33.333…: 33.33, never 33.34.
    expect(preview).toHaveTextContent('33.33');
    await user.clear(within(form).getByLabelText(/^Points to convert/));
    await user.type(within(form).getByLabelText(/^Points to convert/), '1999');
    // 1999 / 30 = 66.6333…
    expect(preview).toHaveTextContent('66.63');
    expect(convertedAmount(1999, 30)).toBe(66.63);
    expect(convertedAmount(29, 30)).toBe(0.96);
    // Float noise must not cost a cent: 30 / 0.3 is 99.99999999999999 in floating point.
    expect(convertedAmount(30, 0.3)).toBe(100);
    expect(convertedAmount(7, 0.07)).toBe(100);
  });

  it('[API-63] a conversion below the minimum or above the points held, or without the password, is refused before the call', async () => {
    const { user, api } = await renderMall({ handlers: { pointsBalance: () => ({ points: 1200 }) } });
    await user.click(await screen.findByRole('tab', { name: 'Points rules' }));
    const form = await screen.findByRole('form', { name: 'Convert points into balance' });
    const points = within(form).getByLabelText(/^Points to convert/);
    const submit = within(form).getByRole('button', { name: 'Convert' });
    await user.click(submit);
    expect(within(form).getByText('Enter the points to convert.')).toBeInTheDocument();
    await user.type(points, '299');
    await user.click(submit);
    expect(within(form).getByText('Convert at least 300 points.')).toBeInTheDocument();
    await user.clear(points);
    await user.type(points, '1201');
    await user.click(submit);
    expect(within(form).getByText('You have only 1,200 points.')).toBeInTheDocument();
    await user.clear(points);
    await user.type(points, '12.5');
    await user.click(submit);
    expect(within(form).getByText('Enter a whole number of points.')).toBeInTheDocument();
    await user.clear(points);
    await user.type(points, '1200');
    await user.click(submit);
    expect(within(form).getByText('Enter your withdrawal password.')).toBeInTheDocument();
    expect(api.callsTo('pointsConvert')).toHaveLength(0);
  });

  it('[API-63] points worth less than a cent at the ratio are refused before the call', async () => {
    const { user, api } = await renderMall({ handlers: { pointsConfig: () => ({ ratio: 1000, minConvertPoints: 1, rules: '' }) } });
    await user.click(await screen.findByRole('tab', { name: 'Points rules' }));
    const form = await screen.findByRole('form', { name: 'Convert points into balance' });
    await user.type(within(form).getByLabelText(/^Points to convert/), '9');
    await user.type(within(form).getByLabelText(/^Withdrawal password/), '246810');
    await user.click(within(form).getByRole('button', { name: 'Convert' }));
    expect(within(form).getByText('These points are worth less than 0.01.')).toBeInTheDocument();
    expect(api.callsTo('pointsConvert')).toHaveLength(0);
  });

  it('[API-63] a conversion sends the points, the password and a request id, reports the amount and the new wallet balance, and shows the points left', async () => {
    const sent: BodyOf<'pointsConvert'>[] = [];
    const { user } = await renderMall({
      handlers: {
        // The balance read answers 12,500 throughout: the header's 11,250 can only come from the conversion's answer.
        pointsBalance: () => ({ points: 12_500 }),
        pointsConvert: ({ body }) => {
          sent.push(body as BodyOf<'pointsConvert'>);
          return { points: 11_250, amount: 12.5, balance: 1247 };
        },
      },
    });
    await waitFor(() => expect(screen.getByTestId('points-held')).toHaveTextContent('12,500'));
    await user.click(tab('Points rules'));
    const form = await screen.findByRole('form', { name: 'Convert points into balance' });
    await user.type(within(form).getByLabelText(/^Points to convert/), '1250');
    await user.type(within(form).getByLabelText(/^Withdrawal password/), '246810');
    await user.click(within(form).getByRole('button', { name: 'Convert' }));
    expect(await within(form).findByText('Converted 1,250 points into 12.50. Your wallet balance is now 1,247.00.')).toBeInTheDocument();
    expect(sent).toEqual([{ points: 1250, paymentPassword: '246810', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(screen.getByTestId('points-held')).toHaveTextContent('11,250');
    expect(within(form).getByLabelText(/^Points to convert/)).toHaveValue('');
  });

  it('[API-63] a refused conversion shows the refusal translated; a missing payment password links to where one is set', async () => {
    const { user } = await renderMall({
      handlers: {
        pointsConvert: () => {
          throw refusal('PAYMENT_PASSWORD_NOT_SET', 400);
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Points rules' }));
    const form = await screen.findByRole('form', { name: 'Convert points into balance' });
    await user.type(within(form).getByLabelText(/^Points to convert/), '500');
    await user.type(within(form).getByLabelText(/^Withdrawal password/), '246810');
    await user.click(within(form).getByRole('button', { name: 'Convert' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Please set a withdrawal password first.');
    expect(within(alert).getByRole('link', { name: 'Set a withdrawal password' })).toHaveAttribute('href', '/member?page=withdraw');
  });

  it('[API-63] [AUTH-47] [ERR-06] a trial account is refused a conversion with in_need_true_account before any call; a visitor sees the rules and a log-in prompt', async () => {
    const trial = await renderMall({ member: TRIAL });
    await trial.user.click(await screen.findByRole('tab', { name: 'Points rules' }));
    await trial.user.type(within(await screen.findByRole('form', { name: 'Convert points into balance' })).getByLabelText(/^Points to convert/), '500');
    await trial.user.type(within(convertForm()).getByLabelText(/^Withdrawal password/), '246810');
    await trial.user.click(within(convertForm()).getByRole('button', { name: 'Convert' }));
    expect(within(convertForm()).getByRole('alert')).toHaveTextContent('Please register an account first');
    expect(trial.api.callsTo('pointsConvert')).toHaveLength(0);
    cleanup();
    resetShell();

    const visitor = await renderMall({ member: null });
    await visitor.user.click(await screen.findByRole('tab', { name: 'Points rules' }));
    expect(await screen.findByText('Points never expire.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Convert points into balance' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('Sorry, you are not logged in')).toBeInTheDocument();
  });
});
