import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '@shared/contract/http';
import type { BankAccount, WithdrawalOrder } from '@shared/contract/wallet-payments';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { refusal } from '../../../helpers/accounts-fixture';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { bankAccount, withdrawalOrder } from '../../../helpers/money-fixtures';
import { resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const settings = (over: Partial<ResponseOf<'withdrawalSettings'>> = {}): ResponseOf<'withdrawalSettings'> => ({
  minAmount: 100,
  maxAmount: 50_000,
  autoReceiveMinutes: 15,
  paymentPasswordSet: true,
  withdrawableBalance: 1234.5,
  ...over,
});

const page = (list: WithdrawalOrder[]) => ({ list, pageNum: 1, totalPages: 1, total: list.length });

const withdrawHandlers = (over: FakeHandlers = {}): FakeHandlers => ({
  withdrawalSettings: () => settings(),
  bankAccounts: () => [bankAccount()],
  withdrawalRecord: () => page([]),
  ...over,
});

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();

const withdrawForm = () => screen.getByRole('form', { name: 'Withdraw' });

describe('withdraw', () => {
  it('[WALLET-04] without a payment password the page asks for one first: 6 digits, confirmed', async () => {
    let set = false;
    const { user, api } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('withdraw'),
      handlers: withdrawHandlers({
        withdrawalSettings: () => settings({ paymentPasswordSet: set }),
        setPaymentPassword: () => {
          set = true;
          return { paymentPasswordSet: true };
        },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Set a withdrawal password' });
    await user.type(within(form).getByLabelText(/^Withdrawal password/), '12ab');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(within(form).getByText('The withdrawal password is 6 digits.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^Withdrawal password/));
    await user.type(within(form).getByLabelText(/^Withdrawal password/), '123456');
    await user.type(within(form).getByLabelText(/^Confirm withdrawal password/), '123455');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(within(form).getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(api.callsTo('setPaymentPassword')).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/^Confirm withdrawal password/));
    await user.type(within(form).getByLabelText(/^Confirm withdrawal password/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('form', { name: 'Withdraw' })).toBeInTheDocument();
    expect(api.callsTo('setPaymentPassword')[0]?.body).toEqual({ newPaymentPassword: '123456', confirmPaymentPassword: '123456' });
  });

  it('binds a bank account (fields checked, password sent) and removes one after a confirmation', async () => {
    let accounts: BankAccount[] = [bankAccount()];
    const { user, api } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('withdraw'),
      handlers: withdrawHandlers({
        bankAccounts: () => accounts,
        addBankAccount: ({ body }) => {
          const added = bankAccount({ bankAccountId: 2, bankName: body!.bankName, accountNoMasked: `****${body!.accountNo.slice(-4)}` });
          accounts = [...accounts, added];
          return added;
        },
        removeBankAccount: ({ query }) => {
          const removed = accounts.find((a) => a.bankAccountId === query!.bankAccountId)!;
          accounts = accounts.filter((a) => a !== removed);
          return removed;
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add bank account' }));
    const add = screen.getByRole('form', { name: 'Add bank account' });
    await user.type(within(add).getByLabelText(/Account number/), '12ab');
    await user.click(within(add).getByRole('button', { name: 'Save account' }));
    expect(within(add).getByText('The account number is 6 to 30 digits.')).toBeInTheDocument();
    expect(within(add).getByText('Enter the bank name (2 to 100 characters).')).toBeInTheDocument();
    await user.type(within(add).getByLabelText(/Bank name/), 'Techcombank');
    await user.type(within(add).getByLabelText(/Account holder/), 'Lucky Seven');
    await user.clear(within(add).getByLabelText(/Account number/));
    await user.type(within(add).getByLabelText(/Account number/), '9988776655');
    await user.type(within(add).getByLabelText(/Withdrawal password/), '123456');
    await user.click(within(add).getByRole('button', { name: 'Save account' }));
    expect(await screen.findByText('Techcombank')).toBeInTheDocument();
    expect(api.callsTo('addBankAccount')[0]?.body).toEqual({ bankName: 'Techcombank', accountName: 'Lucky Seven', accountNo: '9988776655', paymentPassword: '123456' });
    await user.click(screen.getByRole('button', { name: 'Remove account ****6655' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove bank account' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Techcombank')).not.toBeInTheDocument());
    expect(api.callsTo('removeBankAccount')[0]?.query).toEqual({ bankAccountId: 2 });
  });

  it('[WALLET-04] the withdraw form checks the bounds, the withdrawable balance and the password before asking', async () => {
    const { user, api } = await renderMemberCenter({ lng: 'en', path: memberPath('withdraw'), handlers: withdrawHandlers() });
    const form = await screen.findByRole('form', { name: 'Withdraw' });
    expect(within(form).getByText('1,234.50')).toBeInTheDocument();
    const amount = within(form).getByLabelText(/^Amount/);
    const submit = within(form).getByRole('button', { name: 'Withdraw' });
    await user.type(amount, '99');
    await user.click(submit);
    expect(within(form).getByText('Withdrawals are 100.00 to 50,000.00.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '2000');
    await user.click(submit);
    expect(within(form).getByText('The amount is more than you can withdraw.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(submit);
    expect(within(form).getByText('Enter your withdrawal password.')).toBeInTheDocument();
    expect(api.callsTo('withdrawalRequest')).toHaveLength(0);
  });

  it('[WALLET-04] a withdrawal is held at once and appears in the list as pending', async () => {
    let orders: WithdrawalOrder[] = [];
    const { user, api } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('withdraw'),
      handlers: withdrawHandlers({
        withdrawalRecord: () => page(orders),
        withdrawalRequest: ({ body }) => {
          const order = withdrawalOrder({ withdrawalId: 'W3001', amount: body!.amount, status: 'PENDING', disbursedAt: null, autoReceiveAt: null });
          orders = [order];
          return order;
        },
      }),
    });
    await user.type(within(await screen.findByRole('form', { name: 'Withdraw' })).getByLabelText(/^Amount/), '300');
    await user.type(within(withdrawForm()).getByLabelText(/Withdrawal password/), '123456');
    await user.click(within(withdrawForm()).getByRole('button', { name: 'Withdraw' }));
    expect(await within(withdrawForm()).findByText('Withdrawal W3001 of 300.00 is on hold until it is approved.')).toBeInTheDocument();
    expect(api.callsTo('withdrawalRequest')[0]?.body).toEqual({ bankAccountId: 1, amount: 300, paymentPassword: '123456', requestId: expect.any(String) });
    const list = screen.getByRole('region', { name: 'My withdrawals' });
    expect(await within(list).findByText('Pending')).toBeInTheDocument();
  });

  it('[WALLET-04] a wrong payment password is the server’s answer, shown on the form', async () => {
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('withdraw'),
      handlers: withdrawHandlers({
        withdrawalRequest: () => {
          throw refusal('PAYMENT_PASSWORD_WRONG');
        },
      }),
    });
    await user.type(within(await screen.findByRole('form', { name: 'Withdraw' })).getByLabelText(/^Amount/), '300');
    await user.type(within(withdrawForm()).getByLabelText(/Withdrawal password/), '000000');
    await user.click(within(withdrawForm()).getByRole('button', { name: 'Withdraw' }));
    expect(await within(withdrawForm()).findByRole('alert')).toBeInTheDocument();
  });

  it('[WALLET-12] [WALLET-14] the list shows each status; a paid-out one offers the confirmation, a settled one its details', async () => {
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('withdraw'),
      handlers: withdrawHandlers({
        withdrawalRecord: () =>
          page([
            withdrawalOrder({ withdrawalId: 'W1', status: 'DISBURSED', autoReceiveAt: inTenMinutes() }),
            withdrawalOrder({ withdrawalId: 'W2', status: 'REJECTED', rejectReason: 'Name mismatch', disbursedAt: null }),
            withdrawalOrder({
              withdrawalId: 'W3',
              status: 'NOT_RECEIVED',
              confirmation: { receivedAmount: 100, remainingAmount: 200, remark: 'half came', proofIds: [9], confirmedAt: '2026-11-20T09:00:00.000Z', forced: false },
            }),
          ]),
        withdrawalProof: () => ({ proofId: 9, contentType: 'image/png', data: 'iVBORw0KGgo=' }),
      }),
    });
    const list = await screen.findByRole('region', { name: 'My withdrawals' });
    expect(await within(list).findByText('Paid out')).toBeInTheDocument();
    expect(within(list).getByText('Rejected: Name mismatch')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Confirm receipt' }));
    expect(within(list).getByText('300.00 was paid out to ACB ****4321. Did you receive it?')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Details' }));
    expect(within(list).getByText('Outstanding').nextSibling).toHaveTextContent('200.00');
    expect(within(list).getByText('half came')).toBeInTheDocument();
    expect(await within(list).findByRole('img', { name: 'Proof image 1' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
  });

  it('[WALLET-15] a paid-out withdrawal past its auto-receive time counts as received when opened', async () => {
    const { user } = await renderMemberCenter({
      lng: 'en',
      path: memberPath('withdraw'),
      handlers: withdrawHandlers({ withdrawalRecord: () => page([withdrawalOrder({ autoReceiveAt: new Date(Date.now() - 60_000).toISOString() })]) }),
    });
    const list = await screen.findByRole('region', { name: 'My withdrawals' });
    await user.click(await within(list).findByRole('button', { name: 'Confirm receipt' }));
    expect(within(list).getByText('No answer came in time, so this withdrawal counts as received. This is final.')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Yes, received' })).not.toBeInTheDocument();
  });

  it('an empty withdrawal list says in_no_data', async () => {
    await renderMemberCenter({ path: memberPath('withdraw'), handlers: withdrawHandlers() });
    const list = await screen.findByRole('region', { name: 'wallet:withdrawals.title' });
    expect(await within(list).findByText('common:in_no_data')).toBeInTheDocument();
  });
});
