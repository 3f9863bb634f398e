import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DownlineMember, DownlineMemberDetail } from '@shared/contract/agent';
import type { Contract, ContractOfKind } from '@shared/contract/contracts';
import type { BodyInputOf } from '@shared/contract/http';
import { refusal } from '../../../helpers/accounts-fixture';
import { AGENT, resetShell } from '../../../helpers/render-app';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { agentPath, contractInfo, paged, renderAgentCenter } from './agent-kit';

beforeEach(() => {
  resetShell();
});

const member = (over: Partial<DownlineMember> = {}): DownlineMember => ({
  memberId: 22,
  account: 'hoaagent',
  nickname: '',
  type: 1,
  kind: 'AGENT',
  level: 1,
  uplineAccount: AGENT.account,
  status: 'ACTIVE',
  registeredAt: '2026-10-20T08:00:00.000Z',
  lastLoginAt: null,
  balance: 100,
  teamSize: 3,
  ...over,
});

const detail = (over: Partial<DownlineMember> = {}): DownlineMemberDetail => ({
  ...member(over),
  mobileNum: null,
  email: null,
  directMembers: 2,
  path: [],
  totals: { deposits: 0, withdrawals: 0, betCount: 0, validBets: 0, profitLoss: 0, transfersIn: 0, transfersOut: 0 },
});

const base = {
  action: null,
  payer: 'PLATFORM' as const,
  requestedAt: '2026-11-20T00:00:00.000Z',
  answerBy: null,
  terminationRequestedBy: null,
  validFrom: '2026-11-20T01:00:00.000Z',
  endedAt: null,
  endReason: null,
};

/** What the agent itself holds from the platform. */
const ownDaily: ContractOfKind<'DAILY'> = {
  ...base,
  contractId: '1',
  kind: 'DAILY',
  status: 'valid',
  uplineAccount: null,
  downlineAccount: AGENT.account,
  downlineMemberId: AGENT.id,
  tiers: [
    { dailyBetAmount: 1000, rate: 0.5 },
    { dailyBetAmount: 5000, rate: 0.8 },
  ],
};
const ownRealtime: ContractOfKind<'REALTIME'> = {
  ...base,
  contractId: '2',
  kind: 'REALTIME',
  status: 'valid',
  uplineAccount: null,
  downlineAccount: AGENT.account,
  downlineMemberId: AGENT.id,
  profitRate: 0.4,
  lossRate: 0.8,
  singleBetAmount: 5,
};
/** Offered to the agent but not accepted: not something it may pass on. */
const ownDividendOffer: ContractOfKind<'DIVIDEND'> = {
  ...base,
  contractId: '3',
  kind: 'DIVIDEND',
  status: 'requested',
  action: 'NEW',
  validFrom: null,
  uplineAccount: null,
  downlineAccount: AGENT.account,
  downlineMemberId: AGENT.id,
  period: 'W',
  tiers: [{ periodValidBet: 1000, periodProfitLoss: 100, activeMemberCount: 1, rate: 10 }],
};

/** Given by the agent to its direct member. */
const given = <C extends Contract>(contract: C, over: Partial<Contract> = {}): C =>
  ({ ...contract, payer: 'UPLINE', uplineAccount: AGENT.account, downlineAccount: 'hoaagent', downlineMemberId: 22, ...over }) as C;

const handlers = (over: FakeHandlers = {}, kind: DownlineMember['kind'] = 'AGENT'): FakeHandlers => ({
  consolidatedContractInfo: () => ({ ...contractInfo({ agentRealtimeSalary: true, salary: true }), contracts: [ownDaily, ownRealtime, ownDividendOffer] }),
  agentDownline: () => paged([member({ kind, account: 'hoaagent' })]),
  agentDownlineMember: () => detail({ kind }),
  agentContracts: () => paged([]),
  ...over,
});

const openMember = async (user: Awaited<ReturnType<typeof renderAgentCenter>>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Open hoaagent' }));
  return screen.findByRole('dialog', { name: 'hoaagent' });
};

describe('contracts an agent gives its direct members', { timeout: 30_000 }, () => {
  it('[AGENT-14] [AGENT-16] [AGENT-18] offers a direct sub-agent a kind it holds in force, filled in with its own terms, and lists the offer', async () => {
    const offers: BodyInputOf<'agentContractOffer'>[] = [];
    let list: Contract[] = [];
    const { user, api } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: handlers({
        agentContracts: () => paged(list),
        agentContractOffer: ({ body }) => {
          offers.push(body!);
          const offered = given({ ...ownDaily, ...(body as object), status: 'requested', action: null, validFrom: null, contractId: '40', answerBy: '2099-01-01T00:00:00.000Z' } as Contract);
          list = [offered];
          return offered;
        },
      }),
    });
    const dialog = await openMember(user);
    expect(await within(dialog).findByText('You have not offered hoaagent a contract yet.')).toBeInTheDocument();
    const form = await within(dialog).findByRole('form', { name: 'Offer a contract to hoaagent' });
    // Only what the agent holds in force: the dividend merely offered to it is not its to give.
    const kinds = within(dialog).getByLabelText('Contract');
    expect(within(kinds).getAllByRole('option').map((o) => o.textContent)).toEqual(['Daily salary', 'Real-time salary']);
    // The agent's own tiers are the starting point, the most it may offer.
    expect(within(form).getAllByLabelText('Daily bet amount').map((input) => (input as HTMLInputElement).value)).toEqual(['1000.00', '5000.00']);
    const rates = within(form).getAllByLabelText('Rate (%)');
    expect(rates.map((input) => (input as HTMLInputElement).value)).toEqual(['0.50', '0.80']);
    await user.clear(rates[1]!);
    await user.type(rates[1]!, '0.6');
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(offers[0]).toEqual({ kind: 'DAILY', memberId: 22, tiers: [{ dailyBetAmount: 1000, rate: 0.5 }, { dailyBetAmount: 5000, rate: 0.6 }] });
    expect(await within(dialog).findByText('Offer sent to hoaagent. It is listed above until the member answers.')).toBeInTheDocument();
    const item = await within(dialog).findByRole('listitem', { name: 'Daily salary: Offered, awaiting an answer' });
    expect(within(item).getByRole('button', { name: 'Withdraw the offer' })).toBeInTheDocument();
    // The form starts again from the agent's own terms.
    const fresh = within(dialog).getByRole('form', { name: 'Offer a contract to hoaagent' });
    expect(within(fresh).getAllByLabelText('Rate (%)').map((input) => (input as HTMLInputElement).value)).toEqual(['0.50', '0.80']);
    expect(api.callsTo('agentContracts').at(-1)).toEqual({ query: { memberId: 22, pageNo: 1 } });
  });

  it('[AGENT-14] [AGENT-16] a plain member is offered the real-time salary agreement only, with profit rate, loss rate and single bet amount', async () => {
    const offers: BodyInputOf<'agentContractOffer'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: handlers(
        {
          agentContractOffer: ({ body }) => {
            offers.push(body!);
            return given({ ...ownRealtime, status: 'requested', contractId: '41' });
          },
        },
        'MEMBER',
      ),
    });
    const dialog = await openMember(user);
    const form = await within(dialog).findByRole('form', { name: 'Offer a contract to hoaagent' });
    expect(within(within(dialog).getByLabelText('Contract')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Real-time salary']);
    expect(within(form).getByLabelText('Profit rate (%)')).toHaveValue('0.40');
    expect(within(form).getByLabelText('Loss rate (%)')).toHaveValue('0.80');
    expect(within(form).getByLabelText('Single bet amount')).toHaveValue('5.00');
    await user.clear(within(form).getByLabelText('Loss rate (%)'));
    await user.type(within(form).getByLabelText('Loss rate (%)'), '0.75');
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    await waitFor(() => expect(offers).toEqual([{ kind: 'REALTIME', memberId: 22, profitRate: 0.4, lossRate: 0.75, singleBetAmount: 5 }]));
  });

  it('[AGENT-19] [AGENT-23] what the rules refuse is explained before the call, and the cascade limit the server enforces is shown in words', async () => {
    const offers: BodyInputOf<'agentContractOffer'>[] = [];
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: handlers({
        agentContractOffer: ({ body }) => {
          offers.push(body!);
          throw refusal('CONTRACT_LIMIT', 409);
        },
      }),
    });
    const dialog = await openMember(user);
    const form = await within(dialog).findByRole('form', { name: 'Offer a contract to hoaagent' });
    const rates = within(form).getAllByLabelText('Rate (%)');
    // A rate that falls as the tier rises, and a rate over 100 %, are refused here and not sent.
    await user.clear(rates[1]!);
    await user.type(rates[1]!, '0.3');
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect(await within(form).findByText('A rate must not fall as the tier rises')).toBeInTheDocument();
    await user.clear(rates[1]!);
    await user.type(rates[1]!, '120');
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    expect(await within(form).findByText('Enter a percent from 0 to 100 with at most 2 decimals')).toBeInTheDocument();
    expect(offers).toHaveLength(0);
    // Above its own contract: the server's CONTRACT_LIMIT, translated.
    await user.clear(rates[1]!);
    await user.type(rates[1]!, '0.9');
    await user.click(within(form).getByRole('button', { name: 'Send the offer' }));
    const { i18next } = await import('@client/lib/i18n');
    expect(await within(form).findByRole('alert')).toHaveTextContent(i18next.t('errors:CONTRACT_LIMIT'));
    expect(offers).toHaveLength(1);
  });

  it('[AGENT-18] the agent withdraws a pending offer, asks to end one in force, and keeps one the member asked to end', async () => {
    const answers: { key: string; body: unknown }[] = [];
    const pending = given(ownRealtime, { contractId: '50', status: 'requested', validFrom: null, answerBy: '2099-01-01T00:00:00.000Z' });
    const inForce = given(ownDaily, { contractId: '51' });
    const memberAsked = given(ownDaily, { contractId: '52', status: 'terminationRequested', terminationRequestedBy: 'DOWNLINE', answerBy: '2099-01-01T00:00:00.000Z', action: 'TERMINATE' });
    const ended = given(ownRealtime, { contractId: '49', status: 'terminated', endReason: 'UPLINE_RATE_LOWERED', endedAt: '2026-11-21T00:00:00.000Z' });
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: handlers({
        agentContracts: () => paged([pending, inForce, memberAsked, ended]),
        realtimeSalaryContractAnswer: ({ body }) => {
          answers.push({ key: 'realtime', body });
          return { ...pending, status: 'terminated', endReason: 'WITHDRAWN' };
        },
        dailySalaryContractAnswer: ({ body }) => {
          answers.push({ key: 'daily', body });
          return body!.contractId === '51'
            ? { ...inForce, status: 'terminationRequested', terminationRequestedBy: 'UPLINE', answerBy: '2099-01-01T00:00:00.000Z' }
            : { ...memberAsked, status: 'valid', terminationRequestedBy: null, answerBy: null, action: null };
        },
      }),
    });
    const dialog = await openMember(user);
    const endedItem = await within(dialog).findByRole('listitem', { name: 'Real-time salary: Ended' });
    expect(within(endedItem).getByText(/Ended: your own contract's rate fell below it/)).toBeInTheDocument();
    expect(within(endedItem).queryByRole('button')).not.toBeInTheDocument();

    const pendingItem = within(dialog).getByRole('listitem', { name: 'Real-time salary: Offered, awaiting an answer' });
    await user.click(within(pendingItem).getByRole('button', { name: 'Withdraw the offer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw the offer' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw the offer' }));
    await waitFor(() => expect(answers).toEqual([{ key: 'realtime', body: { contractId: '50', status: 'C', answering: 'requested' } }]));
    expect(await within(pendingItem).findByText(/Offer withdrawn/)).toBeInTheDocument();

    const inForceItem = within(dialog).getByRole('listitem', { name: 'Daily salary: In force' });
    await user.click(within(inForceItem).getByRole('button', { name: 'Ask to end it' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ask to end it' })).getByRole('button', { name: 'Ask to end it' }));
    await waitFor(() => expect(answers.at(-1)).toEqual({ key: 'daily', body: { contractId: '51', status: 'C', answering: 'valid' } }));
    expect(await within(inForceItem).findByText('You asked to end it; the member has to confirm.')).toBeInTheDocument();
    expect(inForceItem).toHaveAccessibleName('Daily salary: In force, termination asked');
    expect(within(inForceItem).queryByRole('button')).not.toBeInTheDocument();

    const askedItem = within(dialog).getAllByRole('listitem', { name: 'Daily salary: In force, termination asked' }).find((item) => item !== inForceItem)!;
    expect(within(askedItem).getByText('The member asked to end it: confirm the end, or keep the contract.')).toBeInTheDocument();
    expect(within(askedItem).getByRole('button', { name: 'Confirm the end' })).toBeInTheDocument();
    await user.click(within(askedItem).getByRole('button', { name: 'Keep the contract' }));
    await waitFor(() => expect(answers.at(-1)).toEqual({ key: 'daily', body: { contractId: '52', status: 'R', answering: 'terminationRequested' } }));
  });

  it('[AGENT-18] a member further down gets its contracts from its own upline: no contract section', async () => {
    const { user } = await renderAgentCenter({
      lng: 'en',
      path: agentPath('downlineManagmentView'),
      handlers: handlers({ agentDownlineMember: () => detail({ level: 2, uplineAccount: 'khoaagent' }) }),
    });
    const dialog = await openMember(user);
    expect(await within(dialog).findByText('Level')).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Offer a contract to hoaagent' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Contracts you gave this member')).not.toBeInTheDocument();
  });
});
