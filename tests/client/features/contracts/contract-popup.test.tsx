import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Contract, ContractOfKind } from '@shared/contract/contracts';
import { i18next } from '@client/lib/i18n';
import { refusal } from '../../../helpers/accounts-fixture';
import { createFakeBus } from '../../../helpers/fake-bus';
import { PLAYER, TRIAL, renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const realtimeOffer = (id: string, over: Partial<ContractOfKind<'REALTIME'>> = {}): ContractOfKind<'REALTIME'> => ({
  contractId: id,
  kind: 'REALTIME',
  status: 'requested',
  action: 'NEW',
  uplineAccount: 'agent01',
  downlineAccount: PLAYER.account,
  downlineMemberId: PLAYER.id,
  payer: 'UPLINE',
  requestedAt: '2026-11-26T01:00:00.000Z',
  answerBy: '2099-01-01T01:00:00.000Z',
  terminationRequestedBy: null,
  validFrom: null,
  endedAt: null,
  endReason: null,
  profitRate: 0.3,
  lossRate: 0.65,
  singleBetAmount: 10,
  ...over,
});

const dailyOffer: ContractOfKind<'DAILY'> = {
  ...realtimeOffer('5'),
  kind: 'DAILY',
  requestedAt: '2026-11-26T02:00:00.000Z',
  tiers: [
    { dailyBetAmount: 1000, rate: 0.5 },
    { dailyBetAmount: 5000, rate: 0.8 },
  ],
} as unknown as ContractOfKind<'DAILY'>;

const info = (waiting: { realtime?: number; daily?: number; dividend?: number; hourly?: number } = {}) => ({
  dailysalreqtype: waiting.daily ?? 0,
  divtypereq: waiting.dividend ?? 0,
  contracthoursalreq: waiting.hourly ?? 0,
  realtimesalreqtype: waiting.realtime ?? 0,
  contracts: [],
  menu: { enableCt: false, salary: false, hourSalary: false, agentRealtimeSalary: false },
});

const popup = () => screen.findByRole('dialog', { name: 'agent:contracts.popup.title' });

describe('contract popup', { timeout: 30_000 }, () => {
  it('[SHELL-24] [AGENT-20] [AGENT-16] after login the offers waiting open one at a time with their terms, and accepting one sends A', async () => {
    const { api, user } = await renderApp({
      member: PLAYER,
      handlers: {
        consolidatedContractInfo: () => info({ realtime: 1, daily: 1 }),
        realtimeSalaryContractProcessing: () => [realtimeOffer('4')],
        dailySalaryContractProcessing: () => [dailyOffer],
        realtimeSalaryContractAnswer: () => realtimeOffer('4', { status: 'valid', action: null }),
        dailySalaryContractAnswer: () => ({ ...dailyOffer, status: 'rejected', action: null }),
      },
    });
    const dialog = await popup();
    // The older offer first: the real-time salary agreement, its fields from the spec.
    expect(within(dialog).getByText('agent:contracts.kinds.REALTIME')).toBeInTheDocument();
    expect(within(dialog).getByText('agent:contracts.fields.profitRate').nextSibling).toHaveTextContent('0.30 %');
    expect(within(dialog).getByText('agent:contracts.fields.lossRate').nextSibling).toHaveTextContent('0.65 %');
    expect(within(dialog).getByText('agent:contracts.fields.singleBetAmount').nextSibling).toHaveTextContent('10.00');
    expect(within(dialog).getByText('agent01')).toBeInTheDocument();
    expect(within(dialog).getByText('agent:contracts.popup.more')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'agent:contracts.popup.accept' }));
    await waitFor(() => expect(api.callsTo('realtimeSalaryContractAnswer')).toEqual([{ body: { contractId: '4', status: 'A', answering: 'requested' } }]));

    // Then the daily salary offer, its tiers as a table; rejecting it sends R and closes the popup.
    const next = await popup();
    await within(next).findByText('agent:contracts.kinds.DAILY');
    const tiers = within(next).getByRole('table', { name: 'agent:contracts.tiers' });
    expect(within(tiers).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1,000.000.50 %', '5,000.000.80 %']);
    await user.click(within(next).getByRole('button', { name: 'agent:contracts.popup.reject' }));
    await waitFor(() => expect(api.callsTo('dailySalaryContractAnswer')).toEqual([{ body: { contractId: '5', status: 'R', answering: 'requested' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'agent:contracts.popup.title' })).not.toBeInTheDocument());
  });

  it('[API-44] [API-45] [API-46] the home screen asks the dividend, daily salary and hourly salary processing calls and shows what they return', async () => {
    const dividendOffer = {
      ...realtimeOffer('11'),
      kind: 'DIVIDEND',
      requestedAt: '2026-11-25T01:00:00.000Z',
      period: 'W',
      tiers: [{ periodValidBet: 1000, periodProfitLoss: 100, activeMemberCount: 1, rate: 0.5 }],
    } as unknown as ContractOfKind<'DIVIDEND'>;
    const hourlyOffer = {
      ...realtimeOffer('12'),
      kind: 'HOURLY',
      requestedAt: '2026-11-25T02:00:00.000Z',
      tiers: [{ hourlyBetAmount: 100, rate: 0.2 }],
      activeMemberCount: 1,
    } as unknown as ContractOfKind<'HOURLY'>;
    const { api } = await renderApp({
      member: PLAYER,
      handlers: {
        consolidatedContractInfo: () => info({ dividend: 1, daily: 1, hourly: 1 }),
        dividendContractProcessing: () => [dividendOffer],
        dailySalaryContractProcessing: () => [dailyOffer],
        hourlySalaryContractProcessing: () => [hourlyOffer],
      },
    });
    await screen.findByTestId('index-view');
    const dialog = await popup();
    expect(api.callsTo('dividendContractProcessing').length).toBeGreaterThan(0);
    expect(api.callsTo('dailySalaryContractProcessing').length).toBeGreaterThan(0);
    expect(api.callsTo('hourlySalaryContractProcessing').length).toBeGreaterThan(0);
    // The oldest of the three answers shows first: the dividend contract.
    expect(await within(dialog).findByText('agent:contracts.kinds.DIVIDEND')).toBeInTheDocument();
    expect(within(dialog).getByText('agent:contracts.popup.more')).toBeInTheDocument();
  });

  it('[AGENT-20] [SHELL-24] with nothing waiting no popup shows; an offer arriving live over the socket opens it at once', async () => {
    const bus = createFakeBus();
    const { api, user } = await renderApp({
      member: PLAYER,
      bus,
      handlers: {
        consolidatedContractInfo: () => info(),
        realtimeSalaryContractProcessing: () => [realtimeOffer('9')],
        realtimeSalaryContractAnswer: () => realtimeOffer('9', { status: 'rejected', action: null }),
      },
    });
    await waitFor(() => expect(api.callsTo('consolidatedContractInfo').length).toBeGreaterThan(0));
    expect(screen.queryByRole('dialog', { name: 'agent:contracts.popup.title' })).not.toBeInTheDocument();

    api.handle({ consolidatedContractInfo: () => info({ realtime: 1 }) });
    act(() => bus.push('contract:changed', { contract: realtimeOffer('9'), eventId: 1, at: new Date().toISOString() }));
    const dialog = await popup();
    expect(within(dialog).getByText('agent:contracts.popup.offerLead')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'agent:contracts.popup.reject' }));
    await waitFor(() => expect(api.callsTo('realtimeSalaryContractAnswer')).toEqual([{ body: { contractId: '9', status: 'R', answering: 'requested' } }]));
  });

  it('[SHELL-24] an offer arriving while the page is shown opens over it: the page stays while the popup texts load', async () => {
    const bus = createFakeBus();
    const { api } = await renderApp({
      member: PLAYER,
      bus,
      lng: 'ty',
      handlers: { consolidatedContractInfo: () => info(), realtimeSalaryContractProcessing: () => [realtimeOffer('9')] },
    });
    const page = await screen.findByTestId('index-view');
    await waitFor(() => expect(api.callsTo('consolidatedContractInfo').length).toBeGreaterThan(0));
    expect(i18next.hasResourceBundle('ty', 'agent')).toBe(false);
    // The app's outermost fallback (the splash) would take the page's place if the popup suspended up to it.
    const splashes: Element[] = [];
    const watcher = new MutationObserver(() => splashes.push(...document.querySelectorAll('.splash')));
    watcher.observe(document.body, { childList: true, subtree: true, attributes: true });

    api.handle({ consolidatedContractInfo: () => info({ realtime: 1 }) });
    act(() => bus.push('contract:changed', { contract: realtimeOffer('9'), eventId: 1, at: new Date().toISOString() }));
    const dialog = await screen.findByRole('dialog');
    watcher.disconnect();
    expect(dialog).toHaveAccessibleName(i18next.t('agent:contracts.popup.title', { lng: 'ty' }));
    expect(dialog).not.toHaveAccessibleName('contracts.popup.title');
    expect(splashes).toEqual([]);
    expect(page).toBeVisible();
  });

  it('[AGENT-20] a termination the upline asked for is confirmed or refused; closing the popup leaves the contract as it is', async () => {
    const termination: Contract = realtimeOffer('3', { status: 'terminationRequested', action: 'TERMINATE', terminationRequestedBy: 'UPLINE', validFrom: '2026-11-20T00:00:00.000Z' });
    const { api, user } = await renderApp({
      member: PLAYER,
      handlers: { consolidatedContractInfo: () => info({ realtime: 1 }), realtimeSalaryContractProcessing: () => [termination] },
    });
    const dialog = await popup();
    expect(within(dialog).getByText('agent:contracts.popup.terminationLead')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'agent:contracts.popup.confirm' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'common:actions.close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'agent:contracts.popup.title' })).not.toBeInTheDocument());
    expect(api.callsTo('realtimeSalaryContractAnswer')).toEqual([]);
  });

  it('[AGENT-20] an answer the server no longer takes closes the popup and tells the member why, in words', async () => {
    const { api, user } = await renderApp({
      member: PLAYER,
      lng: 'en',
      handlers: {
        consolidatedContractInfo: () => info({ realtime: 1 }),
        realtimeSalaryContractProcessing: () => [realtimeOffer('6')],
        // Withdrawn by the upline while the popup was open: the server refuses the answer.
        realtimeSalaryContractAnswer: () => {
          throw refusal('INVALID_STATE', 400, undefined, 'This contract has ended');
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Contract' });
    api.handle({ consolidatedContractInfo: () => info() });
    await user.click(await within(dialog).findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contract' })).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer is no longer open: This can no longer be done in its current state.');
    expect(api.callsTo('realtimeSalaryContractAnswer')).toEqual([{ body: { contractId: '6', status: 'A', answering: 'requested' } }]);
  });

  it('[AGENT-20] a trial account holds no contracts: nothing is asked', async () => {
    const { api } = await renderApp({ member: TRIAL, handlers: { consolidatedContractInfo: () => info({ realtime: 1 }) } });
    await screen.findAllByRole('banner');
    expect(api.callsTo('consolidatedContractInfo')).toEqual([]);
  });
});
