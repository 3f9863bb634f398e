import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContractBill, ContractOfKind } from '@shared/contract/contracts';
import { AGENT, resetShell } from '../../../helpers/render-app';
import { agentPath, contractInfo, paged, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});

const base = {
  status: 'valid' as const,
  action: null,
  uplineAccount: null,
  downlineAccount: AGENT.account,
  downlineMemberId: AGENT.id,
  payer: 'PLATFORM' as const,
  requestedAt: '2026-11-20T00:00:00.000Z',
  answerBy: null,
  terminationRequestedBy: null,
  validFrom: '2026-11-20T01:00:00.000Z',
  endedAt: null,
  endReason: null,
};
const hourly: ContractOfKind<'HOURLY'> = { ...base, contractId: '31', kind: 'HOURLY', activeMemberCount: 3, tiers: [{ hourlyBetAmount: 500, rate: 0.2 }] };
const dividend: ContractOfKind<'DIVIDEND'> = {
  ...base,
  contractId: '32',
  kind: 'DIVIDEND',
  period: 'W',
  tiers: [{ periodValidBet: 10000, periodProfitLoss: 1000, activeMemberCount: 5, rate: 20 }],
};

const bill = (over: Partial<ContractBill>): ContractBill => ({
  billId: '1',
  contractId: '31',
  kind: 'HOURLY',
  downlineAccount: AGENT.account,
  payer: 'PLATFORM',
  payerAccount: null,
  windowStart: '2026-11-26T03:00:00.000Z',
  windowEnd: '2026-11-26T04:00:00.000Z',
  validBet: 800,
  profitLoss: -50,
  activeMembers: 2,
  rate: 0.2,
  pay: 1.06,
  state: 'ISSUED',
  transactionId: 9,
  settledAt: '2026-11-26T04:00:05.000Z',
  ...over,
});

const records = <C,>(contract: C, list: ContractBill[]) => ({
  ...paged(list),
  contract,
  totalValidBet: list.reduce((s, b) => s + b.validBet, 0),
  totalProfitLoss: list.reduce((s, b) => s + b.profitLoss, 0),
  totalPay: list.reduce((s, b) => s + b.pay, 0),
});

describe('contract records pages', { timeout: 30_000 }, () => {
  it('[AGENT-05] [AGENT-16] agentHourSalary shows the hourly salary contract and its settlement records from the server, with totals', async () => {
    const { api } = await renderAgentCenter({
      path: agentPath('agentHourSalary'),
      handlers: {
        consolidatedContractInfo: () => contractInfo({ hourSalary: true }),
        agentHourlySalary: () => records(hourly, [bill({ billId: '2', windowStart: '2026-11-26T04:00:00.000Z', windowEnd: '2026-11-26T05:00:00.000Z' }), bill({ validBet: 100, pay: 0, rate: null, state: 'NOT_REACHED' })]),
      },
    });
    const table = await screen.findByRole('table', { name: 'agent:contracts.bills.caption' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('800.00');
    expect(rows[1]).toHaveTextContent('0.20 %');
    expect(rows[2]).toHaveTextContent('agent:contracts.bills.states.NOT_REACHED');
    expect(rows[3]).toHaveTextContent('900.00');
    const terms = screen.getByRole('region', { name: 'agent:contracts.kinds.HOURLY' });
    expect(within(terms).getByText('agent:contracts.fields.requiredActiveMembers').nextSibling).toHaveTextContent('3');
    expect(within(within(terms).getByRole('table', { name: 'agent:contracts.tiers' })).getAllByRole('row')[1]).toHaveTextContent('500.000.20 %');
    // The range of the records filter travels with the read.
    expect(api.callsTo('agentHourlySalary')[0]?.query).toMatchObject({ pageNo: 1, startTime: expect.any(String), endTime: expect.any(String) });
    expect(screen.queryByText('common:in_no_data')).not.toBeInTheDocument();
  });

  it('[AGENT-05] [AGENT-15] [AGENT-17] agentDividendRecordCopy2 shows the dividend period and tiers; a contract without bills says none is settled yet', async () => {
    await renderAgentCenter({
      path: agentPath('agentDividendRecordCopy2'),
      handlers: { consolidatedContractInfo: () => contractInfo({ enableCt: true }), agentDividendRecords: () => records(dividend, []) },
    });
    const terms = await screen.findByRole('region', { name: 'agent:contracts.kinds.DIVIDEND' });
    expect(within(terms).getByText('agent:contracts.fields.period').nextSibling).toHaveTextContent('agent:contracts.periods.W');
    expect(within(terms).getByRole('table', { name: 'agent:contracts.tiers' })).toHaveTextContent('20.00 %');
    expect(screen.getByText('agent:contracts.bills.none')).toBeInTheDocument();
  });

  it('[AGENT-05] [AGENT-22] agentDailyWages2 without a daily salary contract says so, never "No data"', async () => {
    await renderAgentCenter({
      path: agentPath('agentDailyWages2'),
      handlers: { consolidatedContractInfo: () => contractInfo({ salary: true }), agentDailyWages: () => records(null, []) },
    });
    await waitFor(() => expect(screen.getByText('agent:contracts.noContract')).toBeInTheDocument());
    expect(screen.queryByText('common:in_no_data')).not.toBeInTheDocument();
  });
});
