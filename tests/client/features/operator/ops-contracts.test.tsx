import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Contract, ContractOfKind } from '@shared/contract/contracts';
import type { BodyInputOf, QueryInputOf } from '@shared/contract/http';
import { ApiCallError } from '@client/lib/api-client';
import { findDialog, renderOps, resetOps } from './ops-harness';

beforeEach(() => resetOps());

const base = {
  action: null,
  payer: 'PLATFORM' as const,
  uplineAccount: null,
  requestedAt: '2026-11-20T00:00:00.000Z',
  answerBy: null,
  terminationRequestedBy: null,
  validFrom: '2026-11-20T01:00:00.000Z',
  endedAt: null,
  endReason: null,
};
const realtime = (over: Partial<ContractOfKind<'REALTIME'>>): ContractOfKind<'REALTIME'> => ({
  ...base,
  contractId: '1',
  kind: 'REALTIME',
  status: 'valid',
  downlineAccount: 'agent',
  downlineMemberId: 3,
  profitRate: 0.5,
  lossRate: 1,
  singleBetAmount: 1,
  ...over,
});
const daily = (over: Partial<ContractOfKind<'DAILY'>>): ContractOfKind<'DAILY'> => ({
  ...base,
  contractId: '2',
  kind: 'DAILY',
  status: 'requested',
  downlineAccount: 'agent',
  downlineMemberId: 3,
  tiers: [{ dailyBetAmount: 1000, rate: 0.5 }],
  ...over,
});

const paged = (list: Contract[]) => ({ list, pageNum: 1, totalPages: 1, total: list.length });
const page = '/ops?page=contracts';

describe('operator console: contracts', () => {
  it('[AGENT-14] [AGENT-18] lists every contract with its holder, kind, state and offerer, filtered by holder, kind and status', async () => {
    const queries: QueryInputOf<'opsContracts'>[] = [];
    const { user } = await renderOps({
      path: page,
      handlers: {
        opsContracts: ({ query }) => {
          queries.push(query!);
          return paged([realtime({}), daily({}), realtime({ contractId: '9', uplineAccount: 'agent', downlineAccount: 'demo', payer: 'UPLINE' })]);
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'operator:nav.contracts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('agent:contracts.statuses.valid');
    expect(rows[0]).toHaveTextContent('agent:contracts.platform');
    // An agent's contract with its own member is the agent's to answer, not the platform's.
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]!).getAllByRole('cell')[3]).toHaveTextContent('agent');
    expect(queries[0]).toEqual({ pageNo: 1, pageSize: 20 });
    await user.type(screen.getByRole('searchbox', { name: 'operator:contracts.holderSearch' }), 'agent');
    await user.click(screen.getByRole('button', { name: 'operator:list.search' }));
    await user.click(within(screen.getByRole('group', { name: 'operator:contracts.kindFilter' })).getByRole('button', { name: 'agent:contracts.kinds.DAILY' }));
    await user.click(within(screen.getByRole('group', { name: 'operator:list.statusFilter' })).getByRole('button', { name: 'agent:contracts.statuses.requested' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ account: 'agent', kind: 'DAILY', status: 'requested', pageNo: 1, pageSize: 20 }));
  });

  it('[AGENT-18] answers for the platform: withdraws its pending offer, asks to end a contract in force, refuses an end the agent asked for', async () => {
    const answers: BodyInputOf<'opsContractAnswer'>[] = [];
    const { user } = await renderOps({
      path: page,
      handlers: {
        opsContracts: () =>
          paged([
            daily({}),
            realtime({}),
            realtime({ contractId: '3', kind: 'REALTIME', status: 'terminationRequested', action: 'TERMINATE', terminationRequestedBy: 'DOWNLINE', downlineAccount: 'agent2' }),
          ]),
        opsContractAnswer: ({ body }) => {
          answers.push(body!);
          return realtime({ contractId: body!.contractId });
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'operator:nav.contracts' });
    const rows = within(table).getAllByRole('row').slice(1);
    await user.click(within(rows[0]!).getByRole('button', { name: 'agent:contracts.given.actions.withdraw' }));
    let dialog = await findDialog('agent:contracts.given.actions.withdraw');
    expect(within(dialog).getByText('agent:contracts.fields.dailyBetAmount')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'agent:contracts.given.actions.withdraw' }));
    await waitFor(() => expect(answers).toEqual([{ contractId: '2', status: 'C', answering: 'requested' }]));

    await user.click(within(rows[1]!).getByRole('button', { name: 'agent:contracts.given.actions.requestTermination' }));
    dialog = await findDialog('agent:contracts.given.actions.requestTermination');
    await user.click(within(dialog).getByRole('button', { name: 'agent:contracts.given.actions.requestTermination' }));
    await waitFor(() => expect(answers.at(-1)).toEqual({ contractId: '1', status: 'C', answering: 'valid' }));

    expect(within(rows[2]!).getByRole('button', { name: 'agent:contracts.given.actions.confirmTermination' })).toBeInTheDocument();
    await user.click(within(rows[2]!).getByRole('button', { name: 'agent:contracts.given.actions.refuseTermination' }));
    dialog = await findDialog('agent:contracts.given.actions.refuseTermination');
    await user.click(within(dialog).getByRole('button', { name: 'agent:contracts.given.actions.refuseTermination' }));
    await waitFor(() => expect(answers.at(-1)).toEqual({ contractId: '3', status: 'R', answering: 'terminationRequested' }));
  });

  it('[AGENT-23] [AGENT-16] offers a top-level agent a contract with its terms; bad terms are explained first, the server\'s refusal in words', async () => {
    const offers: BodyInputOf<'opsContractOffer'>[] = [];
    const { user } = await renderOps({
      path: page,
      handlers: {
        opsContracts: () => paged([]),
        opsContractOffer: ({ body }) => {
          offers.push(body!);
          if (body!.account === 'hoaagent') throw new ApiCallError('FORBIDDEN', 403, 'not a top-level agent');
          return daily({ status: 'requested', downlineAccount: body!.account });
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'operator:contracts.offerTitle' });
    await user.click(within(form).getByRole('button', { name: 'operator:contracts.offerSubmit' }));
    expect(within(form).getByText('operator:contracts.accountMissing')).toBeInTheDocument();
    expect(within(form).getAllByText('agent:contracts.offer.errors.required')).toHaveLength(3);
    expect(offers).toHaveLength(0);

    await user.type(within(form).getByLabelText('operator:contracts.agentAccount'), 'hoaagent');
    await user.selectOptions(within(form).getByLabelText('agent:contracts.fields.kind'), 'DAILY');
    await user.type(within(form).getByLabelText('agent:contracts.fields.dailyBetAmount'), '1000');
    await user.type(within(form).getByLabelText('agent:contracts.offer.percent'), '0.5');
    await user.click(within(form).getByRole('button', { name: 'agent:contracts.offer.addTier' }));
    const amounts = within(form).getAllByLabelText('agent:contracts.fields.dailyBetAmount');
    const rates = within(form).getAllByLabelText('agent:contracts.offer.percent');
    await user.type(amounts[1]!, '500');
    await user.type(rates[1]!, '0.8');
    await user.click(within(form).getByRole('button', { name: 'operator:contracts.offerSubmit' }));
    expect(within(form).getByText('agent:contracts.offer.errors.tierOrder')).toBeInTheDocument();
    expect(offers).toHaveLength(0);
    await user.clear(amounts[1]!);
    await user.type(amounts[1]!, '5000');
    await user.click(within(form).getByRole('button', { name: 'operator:contracts.offerSubmit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('FORBIDDEN');
    expect(offers).toEqual([{ account: 'hoaagent', kind: 'DAILY', tiers: [{ dailyBetAmount: 1000, rate: 0.5 }, { dailyBetAmount: 5000, rate: 0.8 }] }]);

    await user.clear(within(form).getByLabelText('operator:contracts.agentAccount'));
    await user.type(within(form).getByLabelText('operator:contracts.agentAccount'), 'agent');
    await user.click(within(form).getByRole('button', { name: 'operator:contracts.offerSubmit' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('operator:contracts.offered');
    expect(offers.at(-1)).toMatchObject({ account: 'agent', kind: 'DAILY' });
  });
});
