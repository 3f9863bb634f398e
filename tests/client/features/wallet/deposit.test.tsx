import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DepositRequest } from '@shared/contract/wallet-payments';
import { refusal } from '../../../helpers/accounts-fixture';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { bankChannel, depositOrder, depositResult } from '../../../helpers/money-fixtures';
import { resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const channels = () => [
  bankChannel(),
  bankChannel({ channelId: 'MOMO', name: 'MoMo e-wallet', type: 'E_WALLET', minAmount: 50, maxAmount: 1_000, payeeBank: null, payeeAccountNo: '0909000111' }),
];

const form = () => screen.getByRole('form', { name: 'Deposit' });

describe('depositv2', () => {
  it('[WALLET-04] offers the server’s channels with their bounds and payee details', async () => {
    await renderMemberCenter({ lng: 'en', path: memberPath('depositv2'), handlers: { depositChannels: channels } });
    const bank = await screen.findByRole('radio', { name: /Vietcombank transfer/ });
    expect(bank).toBeChecked();
    expect(screen.getByRole('radio', { name: /MoMo e-wallet/ })).toBeInTheDocument();
    expect(within(form()).getAllByText('Min 100.00 – max 50,000.00').length).toBeGreaterThan(0);
    expect(within(form()).getByText('0011002233')).toBeInTheDocument();
  });

  it('[WALLET-04] refuses an amount outside the chosen channel’s bounds before calling the server', async () => {
    const { user, api } = await renderMemberCenter({ lng: 'en', path: memberPath('depositv2'), handlers: { depositChannels: channels } });
    await user.click(await screen.findByRole('radio', { name: /MoMo e-wallet/ }));
    const amount = within(form()).getByLabelText(/^Amount/);
    await user.click(within(form()).getByRole('button', { name: 'Submit deposit' }));
    expect(within(form()).getByText('Enter an amount.')).toBeInTheDocument();
    await user.type(amount, '1000.01');
    await user.click(within(form()).getByRole('button', { name: 'Submit deposit' }));
    expect(within(form()).getByText('This channel takes 50.00 to 1,000.00.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, 'ten');
    await user.click(within(form()).getByRole('button', { name: 'Submit deposit' }));
    expect(within(form()).getByText('Enter an amount above 0 with at most 2 decimals.')).toBeInTheDocument();
    expect(api.callsTo('depositRequest')).toHaveLength(0);
  });

  it('[WALLET-04] [WALLET-09] a request waits as pending; the pushed deposit:result shows it credited without a refetch', async () => {
    const sent: DepositRequest[] = [];
    const { user, api, bus } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('depositv2'),
      handlers: {
        depositChannels: channels,
        depositRequest: ({ body }) => {
          sent.push(body as DepositRequest);
          return depositOrder({ amount: 500 });
        },
      },
    });
    await user.type(await within(await screen.findByRole('form', { name: 'Deposit' })).findByLabelText(/^Amount/), '500');
    await user.type(within(form()).getByLabelText(/Your name on the transfer/), 'Lucky Seven');
    await user.click(within(form()).getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(screen.getByText('Order D1001: 500.00 via Vietcombank transfer')).toBeInTheDocument();
    expect(sent).toEqual([{ channelId: 'BANK1', amount: 500, payerName: 'Lucky Seven', requestId: expect.any(String) }]);
    act(() => bus.push('deposit:result', depositResult({ orderId: 'D1001', status: 'CREDITED' })));
    expect(screen.getByRole('heading', { name: 'Deposit credited' })).toBeInTheDocument();
    expect(api.callsTo('depositChannels')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'New deposit' }));
    expect(await screen.findByRole('form', { name: 'Deposit' })).toBeInTheDocument();
  });

  it('[WALLET-04] a failed result shows the failure and its reason', async () => {
    const { user, bus } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('depositv2'),
      handlers: { depositChannels: channels, depositRequest: () => depositOrder() },
    });
    await user.type(await within(await screen.findByRole('form', { name: 'Deposit' })).findByLabelText(/^Amount/), '500');
    await user.click(within(form()).getByRole('button', { name: 'Submit deposit' }));
    await screen.findByRole('heading', { name: 'Waiting for your payment' });
    act(() => bus.push('deposit:result', depositResult({ orderId: 'D1001', status: 'FAILED', failureReason: 'No payment received' })));
    expect(screen.getByRole('heading', { name: 'Deposit failed' })).toBeInTheDocument();
    expect(screen.getByText('Reason: No payment received')).toBeInTheDocument();
  });

  it('[WALLET-04] a refused request keeps the form with the server’s error', async () => {
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('depositv2'),
      handlers: {
        depositChannels: channels,
        depositRequest: () => {
          throw refusal('CHANNEL_UNAVAILABLE');
        },
      },
    });
    await user.type(await within(await screen.findByRole('form', { name: 'Deposit' })).findByLabelText(/^Amount/), '500');
    await user.click(within(form()).getByRole('button', { name: 'Submit deposit' }));
    expect(await within(form()).findByRole('alert')).toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Amount/)).toHaveValue('500');
  });

  it('channels that fail to load show the error and load again on retry; none open is said so', async () => {
    let fail = true;
    const { user } = await renderMemberCenter({
      path: memberPath('depositv2'),
      handlers: {
        depositChannels: () => {
          if (fail) throw refusal('INTERNAL', 500);
          return [];
        },
      },
    });
    expect(await screen.findByText('errors:INTERNAL')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'common:actions.retry' }));
    expect(await screen.findByText('wallet:deposit.noChannels')).toBeInTheDocument();
  });
});
