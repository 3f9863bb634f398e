import { act, screen, waitFor, within } from '@testing-library/react';
import { format, parseISO } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContractBill, ContractOfKind, RunningWindow } from '@shared/contract/contracts';
import type { ResponseOf } from '@shared/contract/http';
import { createFakeBus } from '../../../helpers/fake-bus';
import { balanceUpdated } from '../../../helpers/money-fixtures';
import { AGENT, resetShell } from '../../../helpers/render-app';
import { agentPath, contractInfo, paged, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});
afterEach(() => vi.useRealTimers());

const agreement: ContractOfKind<'REALTIME'> = {
  contractId: '21',
  kind: 'REALTIME',
  status: 'valid',
  action: null,
  uplineAccount: null,
  downlineAccount: AGENT.account,
  downlineMemberId: AGENT.id,
  payer: 'PLATFORM',
  requestedAt: '2026-11-25T00:00:00.000Z',
  answerBy: null,
  terminationRequestedBy: null,
  validFrom: '2026-11-25T01:00:00.000Z',
  endedAt: null,
  endReason: null,
  profitRate: 0.4,
  lossRate: 0.8,
  singleBetAmount: 5,
};

const bill = (n: number, over: Partial<ContractBill> = {}): ContractBill => {
  const start = Date.UTC(2026, 10, 26, 1, 0) + n * 300_000;
  return {
    billId: String(100 + n),
    contractId: '21',
    kind: 'REALTIME',
    downlineAccount: AGENT.account,
    payer: 'PLATFORM',
    payerAccount: null,
    windowStart: new Date(start).toISOString(),
    windowEnd: new Date(start + 300_000).toISOString(),
    validBet: 100,
    profitLoss: -20,
    activeMembers: 1,
    rate: null,
    pay: 0.8,
    state: 'ISSUED',
    transactionId: 500 + n,
    settledAt: new Date(start + 305_000).toISOString(),
    ...over,
  };
};

/** Window `n` still running, with its figures so far. */
const runningWindow = (n: number, over: Partial<RunningWindow> = {}): RunningWindow => {
  const { billId: _billId, kind: _kind, rate: _rate, state: _state, transactionId: _transactionId, settledAt, ...window } = bill(n);
  return { ...window, validBet: 40, profitLoss: -10, activeMembers: 1, pay: 0.4, asOf: new Date(Date.parse(settledAt) - 100_000).toISOString(), ...over };
};

const view = (over: Partial<ResponseOf<'agentRealtimeSalary'>> = {}): ResponseOf<'agentRealtimeSalary'> => ({
  contract: agreement,
  windowSeconds: 300,
  nextSettlementAt: new Date(Date.now() + 125_000).toISOString(),
  running: null,
  windows: [bill(1), bill(0, { validBet: 0, profitLoss: 0, pay: 0, state: 'NOT_REACHED', activeMembers: 0 })],
  totalValidBet: 100,
  totalProfitLoss: -20,
  totalPay: 0.8,
  ...over,
});

const windowsTable = () => screen.findByRole('table', { name: 'agent:contracts.realtime.tableCaption' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1, -1);
const totalsRow = (table: HTMLElement) => within(table).getByRole('rowheader', { name: 'agent:totals' }).closest('tr');
const at = () => new Date().toISOString();

describe('agentRealtimeSalary', { timeout: 30_000 }, () => {
  it('[AGENT-21] shows the agreement, the countdown to the next settlement and the last windows with their totals', async () => {
    await renderAgentCenter({
      path: agentPath('agentRealtimeSalary'),
      handlers: { consolidatedContractInfo: () => contractInfo({ agentRealtimeSalary: true }), agentRealtimeSalary: () => view() },
    });
    const table = await windowsTable();
    expect(bodyRows(table)).toHaveLength(2);
    expect(bodyRows(table)[0]).toHaveTextContent('100.00');
    expect(bodyRows(table)[1]).toHaveTextContent('agent:contracts.bills.states.NOT_REACHED');
    expect(within(table).getByRole('rowheader', { name: 'agent:totals' }).closest('tr')).toHaveTextContent('0.80');
    const agreementCard = screen.getByRole('region', { name: 'agent:contracts.realtime.agreement' });
    expect(within(agreementCard).getByText('agent:contracts.fields.profitRate').nextSibling).toHaveTextContent('0.40 %');
    expect(within(agreementCard).getByText('agent:contracts.fields.singleBetAmount').nextSibling).toHaveTextContent('5.00');
    expect(screen.getByRole('timer')).toHaveTextContent(/^2:0\d$/);
  });

  it('[AGENT-21] a settled window pushed over the socket adds its row and the balance changes, without a reload', async () => {
    const bus = createFakeBus();
    const { api } = await renderAgentCenter({
      bus,
      path: agentPath('agentRealtimeSalary'),
      handlers: { consolidatedContractInfo: () => contractInfo({ agentRealtimeSalary: true }), agentRealtimeSalary: () => view() },
    });
    const table = await windowsTable();
    const reads = api.callsTo('agentRealtimeSalary').length;
    act(() => {
      bus.push('salary:settled', { ...bill(2, { validBet: 250, profitLoss: 40, pay: 1.5 }), role: 'HOLDER', eventId: 7, at: new Date().toISOString() });
      bus.push('balance:updated', balanceUpdated(1236, { entryType: 'SALARY' } as never));
    });
    // The settled window's row, under the next window's running row.
    await waitFor(() => expect(bodyRows(table)).toHaveLength(4));
    expect(bodyRows(table)[1]).toHaveTextContent('250.00');
    expect(bodyRows(table)[1]).toHaveTextContent('+40.00');
    expect(within(table).getByRole('rowheader', { name: 'agent:totals' }).closest('tr')).toHaveTextContent('2.30');
    const balance = screen.getByText('agent:contracts.realtime.balance').nextSibling as HTMLElement;
    await waitFor(() => expect(balance).toHaveTextContent('1,236.00'));
    // A window of another holder (a downline member's, pushed to its paying upline) is not this page's.
    act(() => bus.push('salary:settled', { ...bill(3, { downlineAccount: 'member9', contractId: '30' }), role: 'PAYER', eventId: 8, at: new Date().toISOString() }));
    expect(bodyRows(table)).toHaveLength(4);
    expect(api.callsTo('agentRealtimeSalary')).toHaveLength(reads);
  });

  it('[AGENT-21] the running window is the top row, follows each pushed bet and gives way to its settled window', async () => {
    const bus = createFakeBus();
    const { api } = await renderAgentCenter({
      bus,
      path: agentPath('agentRealtimeSalary'),
      handlers: { consolidatedContractInfo: () => contractInfo({ agentRealtimeSalary: true }), agentRealtimeSalary: () => view({ running: runningWindow(2) }) },
    });
    const table = await windowsTable();
    const reads = api.callsTo('agentRealtimeSalary').length;
    expect(bodyRows(table)).toHaveLength(3);
    expect(bodyRows(table)[0]).toHaveTextContent('agent:contracts.bills.running');
    expect(bodyRows(table)[0]).toHaveTextContent('40.00');
    // The totals are the settled windows'; the running one pays nothing yet.
    expect(totalsRow(table)).toHaveTextContent('0.80');

    // A bet settles: the running row shows the window's new figures.
    const later = runningWindow(2, { validBet: 90, profitLoss: 35, pay: 0.9, activeMembers: 2, asOf: new Date(Date.parse(bill(2).windowEnd) - 10_000).toISOString() });
    act(() => bus.push('salary:running', { ...later, role: 'HOLDER', eventId: 11, at: at() }));
    await waitFor(() => expect(bodyRows(table)[0]).toHaveTextContent('90.00'));
    expect(bodyRows(table)[0]).toHaveTextContent('+35.00');
    expect(bodyRows(table)[0]).toHaveTextContent('0.90');
    // An older read of the window, and another holder's window, change nothing.
    act(() => {
      bus.push('salary:running', { ...runningWindow(2, { validBet: 60 }), role: 'HOLDER', eventId: 12, at: at() });
      bus.push('salary:running', { ...runningWindow(2, { validBet: 500, contractId: '30', downlineAccount: 'member9' }), role: 'PAYER', eventId: 13, at: at() });
    });
    expect(bodyRows(table)[0]).toHaveTextContent('90.00');
    expect(bodyRows(table)).toHaveLength(3);

    // The window settles: its bill takes the row's place, and the next window's running row starts from nothing.
    act(() => bus.push('salary:settled', { ...bill(2, { validBet: 90, profitLoss: 35, activeMembers: 2, pay: 0.9 }), role: 'HOLDER', eventId: 14, at: at() }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(4));
    expect(bodyRows(table)[0]).toHaveTextContent('agent:contracts.bills.running');
    expect(bodyRows(table)[0]).toHaveTextContent(format(parseISO(bill(3).windowStart), 'HH:mm'));
    expect(bodyRows(table)[0]).not.toHaveTextContent('90.00');
    expect(bodyRows(table)[1]).toHaveTextContent('90.00');
    expect(bodyRows(table)[1]).toHaveTextContent('agent:contracts.bills.states.ISSUED');
    expect(within(table).getAllByText('agent:contracts.bills.running')).toHaveLength(1);
    expect(totalsRow(table)).toHaveTextContent('1.70');
    // A late push of the settled window does not bring its running row back.
    act(() => bus.push('salary:running', { ...later, asOf: at(), role: 'HOLDER', eventId: 15, at: at() }));
    expect(within(table).getAllByText('agent:contracts.bills.running')).toHaveLength(1);
    expect(api.callsTo('agentRealtimeSalary')).toHaveLength(reads);
  });

  it('[AGENT-21] without an agreement the page says so, never "No data"', async () => {
    await renderAgentCenter({
      path: agentPath('agentRealtimeSalary'),
      handlers: { consolidatedContractInfo: () => contractInfo({ agentRealtimeSalary: true }), agentRealtimeSalary: () => view({ contract: null, windows: [], totalPay: 0, totalValidBet: 0, totalProfitLoss: 0 }) },
    });
    expect(await screen.findByText('agent:contracts.noContract')).toBeInTheDocument();
    expect(screen.queryByText('common:in_no_data')).not.toBeInTheDocument();
  });

  it('[AGENT-21] the agent picks a direct member it gave an agreement and watches that member\'s windows arrive live', async () => {
    const bus = createFakeBus();
    const given: ContractOfKind<'REALTIME'> = { ...agreement, contractId: '31', uplineAccount: AGENT.account, payer: 'UPLINE', downlineAccount: 'newmember', downlineMemberId: 44 };
    // A deeper member's agreement is paid by its own upline; its windows never reach this agent.
    const deeper: ContractOfKind<'REALTIME'> = { ...given, contractId: '32', uplineAccount: 'hoaagent', downlineAccount: 'tuanle', downlineMemberId: 45 };
    const memberWindow = (n: number, over: Partial<ContractBill> = {}) => bill(n, { contractId: '31', downlineAccount: 'newmember', payer: 'UPLINE', payerAccount: AGENT.account, ...over });
    const { api, user } = await renderAgentCenter({
      bus,
      lng: 'en',
      path: agentPath('agentRealtimeSalary'),
      handlers: {
        consolidatedContractInfo: () => contractInfo({ agentRealtimeSalary: true }),
        agentContracts: () => paged([given, deeper]),
        agentRealtimeSalary: ({ query }) =>
          query?.memberId === 44 ? view({ contract: given, windows: [memberWindow(1)], totalPay: 0.8 }) : view(),
      },
    });
    const picker = await screen.findByLabelText('Whose agreement');
    // The page may still be suspended a moment for a text namespace (hidden from the accessibility tree meanwhile).
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Mine', 'newmember']));
    await user.selectOptions(picker, '44');
    await waitFor(() => expect(api.callsTo('agentRealtimeSalary').at(-1)).toEqual({ query: { windows: 12, memberId: 44 } }));
    const agreementCard = await screen.findByRole('region', { name: 'Agreement' });
    await waitFor(() => expect(within(agreementCard).getByText('Holder').nextSibling).toHaveTextContent('newmember'));
    const table = await screen.findByRole('table', { name: 'Windows: the running one (not settled yet), then the settled ones: bets, profit and loss and pay' });
    expect(bodyRows(table)).toHaveLength(1);
    // The agent pays this member, so the member's window is pushed to it (role PAYER) and added.
    act(() => bus.push('salary:settled', { ...memberWindow(2, { validBet: 300, pay: 2.4 }), role: 'PAYER', eventId: 9, at: new Date().toISOString() }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(3));
    expect(bodyRows(table)[0]).toHaveTextContent('Running, not settled yet');
    expect(bodyRows(table)[1]).toHaveTextContent('300.00');
    // The agent's own window, settled or running, is not this member's.
    act(() => {
      bus.push('salary:settled', { ...bill(3), role: 'HOLDER', eventId: 10, at: new Date().toISOString() });
      bus.push('salary:running', { ...runningWindow(3, { validBet: 777 }), role: 'HOLDER', eventId: 11, at: new Date().toISOString() });
    });
    expect(bodyRows(table)).toHaveLength(3);
    expect(table).not.toHaveTextContent('777.00');
    await user.selectOptions(picker, '');
    await waitFor(() => expect(api.callsTo('agentRealtimeSalary').at(-1)).toEqual({ query: { windows: 12 } }));
  });
});
