import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Contract, ContractBill, ContractOfKind } from '@shared/contract/contracts';
import { refusal } from '../../../helpers/accounts-fixture';
import { AGENT, resetShell } from '../../../helpers/render-app';
import { agentPath, contractInfo, paged, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});

/** A contract the agent holds from its own upline, in force. */
const held = {
  status: 'valid' as const,
  action: null,
  uplineAccount: 'bossagent',
  downlineAccount: AGENT.account,
  downlineMemberId: AGENT.id,
  payer: 'UPLINE' as const,
  requestedAt: '2026-11-20T00:00:00.000Z',
  answerBy: null,
  terminationRequestedBy: null,
  validFrom: '2026-11-20T01:00:00.000Z',
  endedAt: null,
  endReason: null,
};
const hourly: ContractOfKind<'HOURLY'> = { ...held, contractId: '31', kind: 'HOURLY', activeMemberCount: 3, tiers: [{ hourlyBetAmount: 500, rate: 0.2 }] };
const daily: ContractOfKind<'DAILY'> = { ...held, contractId: '41', kind: 'DAILY', tiers: [{ dailyBetAmount: 1000, rate: 0.5 }] };
const asked = { status: 'terminationRequested' as const, terminationRequestedBy: 'UPLINE' as const, answerBy: '2099-01-01T00:00:00.000Z', action: 'TERMINATE' as const };

const records = <C extends Contract>(contract: C) => ({ ...paged<ContractBill>([]), contract, totalValidBet: 0, totalProfitLoss: 0, totalPay: 0 });

const statusOf = (terms: HTMLElement) => within(terms).getByText('Status').nextSibling;

describe('the holder answers on its own contract pages', { timeout: 30_000 }, () => {
  it('[AGENT-18] asks to end a contract it holds: after a confirm step the call carries the contract id, and the state shows termination asked', async () => {
    const answers: unknown[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentHourSalary'),
      handlers: {
        consolidatedContractInfo: () => contractInfo({ hourSalary: true }),
        agentHourlySalary: () => records(hourly),
        hourlySalaryContractAnswer: ({ body }) => {
          answers.push(body);
          return { ...hourly, status: 'terminationRequested', terminationRequestedBy: 'DOWNLINE', answerBy: '2099-01-01T00:00:00.000Z', action: 'TERMINATE' };
        },
      },
    });
    const terms = await screen.findByRole('region', { name: 'Hourly salary' });
    expect(statusOf(terms)).toHaveTextContent('In force');
    await user.click(within(terms).getByRole('button', { name: 'Ask to end it' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ask to end it' });
    expect(confirm).toHaveTextContent('Ask bossagent to end your Hourly salary contract?');
    // Cancelling sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(answers).toHaveLength(0);
    await user.click(within(terms).getByRole('button', { name: 'Ask to end it' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ask to end it' })).getByRole('button', { name: 'Ask to end it' }));
    await waitFor(() => expect(answers).toEqual([{ contractId: '31', status: 'C', answering: 'valid' }]));
    await waitFor(() => expect(statusOf(screen.getByRole('region', { name: 'Hourly salary' }))).toHaveTextContent('In force, termination asked'));
    const after = screen.getByRole('region', { name: 'Hourly salary' });
    expect(within(after).getByText(/You asked to end it; bossagent has to confirm/)).toBeInTheDocument();
    expect(within(after).queryByRole('button')).not.toBeInTheDocument();
  });

  it("[AGENT-18] keeps the contract its upline asked to end, with no confirm step: it stays in force", async () => {
    const answers: unknown[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentDailyWages2'),
      handlers: {
        consolidatedContractInfo: () => contractInfo({ salary: true }),
        agentDailyWages: () => records({ ...daily, ...asked }),
        dailySalaryContractAnswer: ({ body }) => {
          answers.push(body);
          return body!.status === 'R'
            ? { ...daily, status: 'valid' }
            : { ...daily, status: 'terminated', endReason: 'AGREED', endedAt: '2026-11-26T09:00:00.000Z', answerBy: null };
        },
      },
    });
    const terms = await screen.findByRole('region', { name: 'Daily salary' });
    expect(within(terms).getByText('Asked to end by bossagent: confirm the end, or keep the contract.')).toBeInTheDocument();
    await user.click(within(terms).getByRole('button', { name: 'Keep the contract' }));
    await waitFor(() => expect(answers).toEqual([{ contractId: '41', status: 'R', answering: 'terminationRequested' }]));
    await waitFor(() => expect(statusOf(terms)).toHaveTextContent(/^In force$/));
    expect(within(terms).getByRole('button', { name: 'Ask to end it' })).toBeInTheDocument();
  });

  it('[AGENT-18] confirms the end its upline asked for', async () => {
    const answers: unknown[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentDailyWages2'),
      handlers: {
        consolidatedContractInfo: () => contractInfo({ salary: true }),
        agentDailyWages: () => records({ ...daily, ...asked }),
        dailySalaryContractAnswer: ({ body }) => {
          answers.push(body);
          return { ...daily, status: 'terminated', endReason: 'AGREED', endedAt: '2026-11-26T09:00:00.000Z', answerBy: null };
        },
      },
    });
    const terms = await screen.findByRole('region', { name: 'Daily salary' });
    await user.click(within(terms).getByRole('button', { name: 'Confirm the end' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm the end' });
    expect(confirm).toHaveTextContent('End your Daily salary contract with bossagent now?');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm the end' }));
    await waitFor(() => expect(answers).toEqual([{ contractId: '41', status: 'C', answering: 'terminationRequested' }]));
    await waitFor(() => expect(statusOf(terms)).toHaveTextContent('Ended'));
    expect(within(terms).queryByRole('button')).not.toBeInTheDocument();
  });

  it('[AGENT-18] a request the server no longer takes is explained in words, and the contract is read again as it is now', async () => {
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentHourSalary'),
      handlers: {
        // Meanwhile the upline asked to end it first.
        consolidatedContractInfo: () => ({ ...contractInfo({ hourSalary: true }), contracts: [{ ...hourly, ...asked }] }),
        agentHourlySalary: () => records(hourly),
        hourlySalaryContractAnswer: () => {
          throw refusal('INVALID_STATE', 409);
        },
      },
    });
    const terms = await screen.findByRole('region', { name: 'Hourly salary' });
    await user.click(within(terms).getByRole('button', { name: 'Ask to end it' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ask to end it' })).getByRole('button', { name: 'Ask to end it' }));
    expect(await within(terms).findByRole('alert')).toHaveTextContent('This can no longer be done in its current state.');
    expect(await within(terms).findByText('Asked to end by bossagent: confirm the end, or keep the contract.')).toBeInTheDocument();
    expect(within(terms).getByRole('button', { name: 'Keep the contract' })).toBeInTheDocument();
  });

  it('[AGENT-18] [AGENT-21] agentRealtimeSalary: the agent may ask to end its own agreement, not one it gave a member (answered in its downline list)', async () => {
    const own: ContractOfKind<'REALTIME'> = { ...held, contractId: '21', kind: 'REALTIME', uplineAccount: null, payer: 'PLATFORM', profitRate: 0.4, lossRate: 0.8, singleBetAmount: 5 };
    const given: ContractOfKind<'REALTIME'> = { ...own, contractId: '61', uplineAccount: AGENT.account, payer: 'UPLINE', downlineAccount: 'newmember', downlineMemberId: 44 };
    const view = (contract: ContractOfKind<'REALTIME'>) => ({ contract, windowSeconds: 300, nextSettlementAt: '2099-01-01T00:00:00.000Z', windows: [], totalValidBet: 0, totalProfitLoss: 0, totalPay: 0, running: null });
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('agentRealtimeSalary'),
      handlers: {
        consolidatedContractInfo: () => contractInfo({ agentRealtimeSalary: true }),
        agentContracts: () => paged([given]),
        agentRealtimeSalary: ({ query }) => view(query?.memberId === 44 ? given : own),
      },
    });
    const card = await screen.findByRole('region', { name: 'Agreement' });
    await user.click(within(card).getByRole('button', { name: 'Ask to end it' }));
    expect(await screen.findByRole('dialog', { name: 'Ask to end it' })).toHaveTextContent('Ask the platform to end your Real-time salary contract?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.selectOptions(await screen.findByLabelText('Whose agreement'), '44');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Agreement' })).getByText('Holder').nextSibling).toHaveTextContent('newmember'));
    expect(within(screen.getByRole('region', { name: 'Agreement' })).queryByRole('button')).not.toBeInTheDocument();
  });
});
