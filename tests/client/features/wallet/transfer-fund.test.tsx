import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WalletTransferRequest } from '@shared/contract/wallet';
import { refusal } from '../../../helpers/accounts-fixture';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { balanceUpdated } from '../../../helpers/money-fixtures';
import { resetShell, TRIAL } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const wallets = async () => screen.findByRole('list', { name: 'Wallets' });
const card = (list: HTMLElement, name: string) => within(list).getByText(name).closest('li') as HTMLElement;
const form = () => screen.getByRole('form', { name: 'Transfer' });

describe('transferFund (wallet)', () => {
  it('[WALLET-05] lists the main and game wallets and moves funds with GCS_walletTransfer', async () => {
    const transfers: WalletTransferRequest[] = [];
    const { user, api } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('transferFund'),
      handlers: {
        walletTransfer: ({ body }) => {
          transfers.push(body as WalletTransferRequest);
          return { transferId: 't1', balance: 1034.5, wallets: [{ wallet: 'PG', balance: 300 }] };
        },
      },
    });
    const list = await wallets();
    expect(card(list, 'Main wallet')).toHaveTextContent('1,234.50');
    expect(card(list, 'PG')).toHaveTextContent('100.00');
    expect(card(list, 'JDB')).toHaveTextContent('0.00');
    await user.type(within(form()).getByLabelText(/Amount/), '200');
    await user.click(within(form()).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Transfer complete.')).toBeInTheDocument();
    expect(transfers).toEqual([{ fromWallet: 'MAIN', toWallet: 'PG', amount: 200, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(card(list, 'PG')).toHaveTextContent('300.00');
    expect(card(list, 'Main wallet')).toHaveTextContent('1,034.50');
    expect(api.callsTo('consolidatedFunds')).toHaveLength(1);
  });

  it('[WALLET-05] refuses an empty amount, a malformed one and more than the source wallet holds, without a call', async () => {
    const { user, api } = await renderMemberCenter({ lng: 'en', path: memberPath('transferFund') });
    await wallets();
    const amount = within(form()).getByLabelText(/Amount/);
    const submit = within(form()).getByRole('button', { name: 'Transfer' });
    await user.click(submit);
    expect(within(form()).getByText('Enter an amount.')).toBeInTheDocument();
    await user.type(amount, '1.234');
    await user.click(submit);
    expect(within(form()).getByText('Enter an amount above 0 with at most 2 decimals.')).toBeInTheDocument();
    await user.clear(amount);
    await user.selectOptions(within(form()).getByLabelText('From'), 'PG');
    expect(within(form()).getByLabelText('To')).toHaveValue('MAIN');
    await user.type(amount, '100.01');
    await user.click(submit);
    expect(within(form()).getByText('The amount is more than this wallet holds.')).toBeInTheDocument();
    expect(api.callsTo('walletTransfer')).toHaveLength(0);
  });

  it('[WALLET-05] a transfer the server refuses shows its error; the retry keeps the idempotency key', async () => {
    const keys: string[] = [];
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('transferFund'),
      handlers: {
        walletTransfer: ({ body }) => {
          keys.push((body as WalletTransferRequest).requestId);
          throw refusal('NETWORK', 0);
        },
      },
    });
    await wallets();
    await user.type(within(form()).getByLabelText(/Amount/), '50');
    await user.click(within(form()).getByRole('button', { name: 'Transfer' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent(/network/i);
    await user.click(within(form()).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('[API-49] a single-wallet merchant (isSingle) shows no game wallets and no transfer form', async () => {
    await renderMemberCenter({ lng: 'en', path: memberPath('transferFund'), handlers: { merchantWallet: () => ({ isSingle: true }) } });
    const list = await wallets();
    expect(within(list).queryByText('PG')).not.toBeInTheDocument();
    expect(screen.getByText('This site uses one wallet for every game: there is nothing to transfer.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Transfer' })).not.toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem('merchantWallet') ?? 'null')).toEqual({ isSingle: true });
  });

  it('[AUTH-18] the consolidated total shows under the agent policy (AGENTPOLICY3)', async () => {
    await renderMemberCenter({ lng: 'en', path: memberPath('transferFund'), permission: { flags: { AGENTPOLICY3: true } } });
    expect(card(await wallets(), 'Total funds')).toHaveTextContent('1,334.50');
  });

  it('[AUTH-18] without the agent policy there is no consolidated total', async () => {
    await renderMemberCenter({ lng: 'en', path: memberPath('transferFund'), permission: { flags: {} } });
    expect(within(await wallets()).queryByText('Total funds')).not.toBeInTheDocument();
  });

  it('[WALLET-05] wallet balances pushed by the bus change the cards without another call', async () => {
    const { bus, api } = await renderMemberCenter({ lng: 'en', path: memberPath('transferFund'), permission: { flags: { AGENTPOLICY3: true } } });
    const list = await wallets();
    // The session loads them too at login (AUTH-18); what matters is that the push asks for nothing more.
    const loads = api.callsTo('consolidatedFunds').length;
    act(() => bus.push('balance:updated', balanceUpdated(1000, { wallets: [{ wallet: 'MAIN', balance: 1000 }, { wallet: 'JDB', balance: 234.5 }], entryType: 'TRANSFER_OUT' })));
    expect(card(list, 'JDB')).toHaveTextContent('234.50');
    expect(card(list, 'Main wallet')).toHaveTextContent('1,000.00');
    expect(card(list, 'Total funds')).toHaveTextContent('1,334.50');
    expect(api.callsTo('consolidatedFunds')).toHaveLength(loads);
  });

  it('[MEMBER-02] a trial account is told to register instead', async () => {
    await renderMemberCenter({ member: TRIAL, path: memberPath('transferFund') });
    expect(await screen.findByText('common:in_need_true_account')).toBeInTheDocument();
  });
});
