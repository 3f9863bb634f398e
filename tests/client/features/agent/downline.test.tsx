import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BodyInputOf, QueryInputOf } from '@shared/contract/http';
import type { DownlineMember, DownlineMemberDetail, TransferReceipt } from '@shared/contract/agent';
import { refusal } from '../../../helpers/accounts-fixture';
import { resetShell } from '../../../helpers/render-app';
import { agentPath, paged, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});

const member = (over: Partial<DownlineMember> = {}): DownlineMember => ({
  memberId: 21,
  account: 'lannguyen',
  nickname: 'Lan Nguyen',
  type: 0,
  kind: 'MEMBER',
  level: 1,
  uplineAccount: 'agent01',
  status: 'ACTIVE',
  registeredAt: '2026-10-20T08:00:00.000Z',
  lastLoginAt: '2026-11-20T08:30:05.000Z',
  balance: 5029.09,
  teamSize: 0,
  ...over,
});

const detail = (over: Partial<DownlineMemberDetail> = {}): DownlineMemberDetail => ({
  ...member(),
  mobileNum: '*******789',
  email: 'l***@example.test',
  directMembers: 0,
  path: [],
  totals: { deposits: 3000, withdrawals: 500, betCount: 40, validBets: 800, profitLoss: -120, transfersIn: 100, transfersOut: 0 },
  ...over,
});

const receipt = (amount: number, balance: number): TransferReceipt => ({
  transactionId: 77,
  entryType: 'DOWNLINE_TRANSFER',
  amount,
  balance,
  counterparty: { memberId: 21, account: 'lannguyen', nickname: 'Lan Nguyen' },
  createdAt: '2026-11-20T08:31:00.000Z',
});

describe('downlineManagmentView', { timeout: 30_000 }, () => {
  it('[AGENT-09] lists the downline and searches by name, filters by level, type and status, and pages', async () => {
    const queries: QueryInputOf<'agentDownline'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: {
        agentDownline: ({ query }) => {
          queries.push(query!);
          return paged([member(), member({ memberId: 22, account: 'hoaagent', kind: 'AGENT', type: 1, teamSize: 5 })], { totalPages: 2, total: 12 });
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Downline members' });
    expect(screen.getByText('12 members')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Sub-agent');
    expect(queries[0]).toEqual({ pageNo: 1 });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ pageNo: 2 }));
    await user.type(screen.getByLabelText('Account or nickname'), 'hoa');
    await user.type(screen.getByLabelText('Level'), '1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ account: 'hoa', level: 1, pageNo: 1 }));
    await user.selectOptions(screen.getByLabelText('Type'), 'AGENT');
    await user.selectOptions(screen.getByLabelText('Status'), 'DISABLED');
    await waitFor(() => expect(queries.at(-1)).toEqual({ account: 'hoa', level: 1, kind: 'AGENT', status: 'DISABLED', pageNo: 1 }));
    await user.selectOptions(screen.getByLabelText('Type'), '');
    await waitFor(() => expect(queries.at(-1)).toEqual({ account: 'hoa', level: 1, status: 'DISABLED', pageNo: 1 }));
  });

  it('[AGENT-09] opening a member shows its profile, balance, last login and totals', async () => {
    const asked: number[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: {
        agentDownline: () => paged([member({ memberId: 30, account: 'vyhoang', level: 3, uplineAccount: 'khoaagent' })]),
        agentDownlineMember: ({ query }) => {
          asked.push(Number(query!.memberId));
          return detail({ memberId: 30, account: 'vyhoang', level: 3, path: [{ memberId: 22, account: 'hoaagent' }, { memberId: 25, account: 'khoaagent' }] });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open vyhoang' }));
    const dialog = await screen.findByRole('dialog', { name: 'vyhoang' });
    expect(asked).toEqual([30]);
    expect(within(dialog).getByText('hoaagent › khoaagent')).toBeInTheDocument();
    expect(within(dialog).getByText('Balance').nextSibling).toHaveTextContent('5,029.09');
    expect(within(dialog).getByText('Last login').nextSibling).toHaveTextContent(/^2026-11-20 \d\d:30:05$/);
    expect(within(dialog).getByText('Profit and loss').nextSibling).toHaveTextContent('-120.00');
    expect(within(dialog).getByText('Bets').nextSibling).toHaveTextContent('40');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[AGENT-12] a transfer to the member sends the amount, payment password and a request id, and reports the new balance', async () => {
    const bodies: BodyInputOf<'agentTransfer'>[] = [];
    let fail: string | null = 'TIMEOUT';
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: {
        agentDownline: () => paged([member()]),
        agentDownlineMember: () => detail(),
        agentTransfer: ({ body }) => {
          bodies.push(body!);
          if (fail) {
            const code = fail;
            fail = null;
            throw refusal(code, code === 'TIMEOUT' ? 504 : 400);
          }
          return receipt(Number(body!.amount), 1134.5);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open lannguyen' }));
    const form = await screen.findByRole('form', { name: 'Transfer to this member' });
    expect(within(form).getByText('To lannguyen (Lan Nguyen)')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByText('Your main wallet: 1,234.50')).toBeInTheDocument());

    // What the server would refuse is explained first and not sent.
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(within(form).getByText('Enter an amount')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Amount'), '5000');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(within(form).getByText('More than your main wallet holds')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Amount'));
    await user.type(within(form).getByLabelText('Amount'), '100');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(within(form).getByText('Enter your payment password')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    // A timed-out try is sent again with the same request id, so the money cannot move twice.
    await user.type(within(form).getByLabelText('Payment password'), '246810');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByRole('alert')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await within(form).findByText(/Sent to lannguyen/)).toHaveTextContent('Sent to lannguyen: 100.00 · your balance is now 1,134.50');
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({ memberId: 21, amount: 100, paymentPassword: '246810', requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId);
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
    expect(within(form).getByLabelText('Payment password')).toHaveValue('');

    // The next transfer is a new request.
    await user.type(within(form).getByLabelText('Amount'), '100');
    await user.type(within(form).getByLabelText('Payment password'), '246810');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]!.requestId).not.toBe(bodies[0]!.requestId);
  });

  it('[AGENT-12] a wrong payment password or transfers turned off are explained', async () => {
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: {
        agentDownline: () => paged([member()]),
        agentDownlineMember: () => detail(),
        agentTransfer: () => {
          throw refusal('FEATURE_DISABLED', 403);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open lannguyen' }));
    const form = await screen.findByRole('form', { name: 'Transfer to this member' });
    await user.type(within(form).getByLabelText('Amount'), '10');
    await user.type(within(form).getByLabelText('Payment password'), '111111');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    const { i18next } = await import('@client/lib/i18n');
    expect(await within(form).findByRole('alert')).toHaveTextContent(i18next.t('errors:FEATURE_DISABLED'));
  });

  it('[AGENT-12] a balance pushed over the bus refreshes the open list, without polling', async () => {
    let balance = 5029.09;
    let reads = 0;
    const { bus } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: {
        agentDownline: () => {
          reads += 1;
          return paged([member({ balance })]);
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Downline members' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('5,029.09');
    expect(reads).toBe(1);
    balance = 5129.09;
    bus.push('balance:updated', { balance: 1134.5, wallets: [{ wallet: 'MAIN', balance: 1134.5 }], entryType: 'DOWNLINE_TRANSFER', transactionId: 78, eventId: 61, at: '2026-11-20T09:00:00.000Z' } as never);
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('5,129.09'));
    expect(reads).toBe(2);
  });
});
