import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RedEnvelopeCampaign } from '@shared/contract/red-envelopes';
import { ApiCallError } from '@client/lib/api-client';
import { campaignToShow } from '@client/features/red-envelopes/components/home-red-envelope';
import { resetShell, TRIAL } from '../../../helpers/render-app';
import { loadScreens, renderPromotions } from '../promotions/promotions-kit';

const campaign = (over: Partial<RedEnvelopeCampaign> = {}): RedEnvelopeCampaign => ({
  campaignId: 1,
  title: 'Lucky red envelopes',
  rules: '<p>One envelope per player.</p>',
  startTime: '2026-11-20T00:00:00.000Z',
  endTime: '2099-02-01T00:00:00.000Z',
  envelopeCount: 200,
  remainingCount: 150,
  minDeposit: 0,
  deposited: 0,
  status: 'OPEN',
  grabbed: null,
  ...over,
});

const CAMPAIGNS = [
  campaign(),
  campaign({ campaignId: 2, title: "Depositors' red envelopes", minDeposit: 100, deposited: 60, status: 'NOT_ELIGIBLE' }),
  campaign({ campaignId: 3, title: 'Yesterday', status: 'GRABBED', grabbed: { amount: 3.25, grabbedAt: '2026-11-26T10:00:00.000Z' } }),
  campaign({ campaignId: 4, title: 'All gone', status: 'SOLD_OUT', remainingCount: 0 }),
];

beforeAll(() => Promise.all([loadScreens(), import('@client/features/red-envelopes/components/home-red-envelope')]), 60_000);
beforeEach(() => resetShell());

const envelope = (id: number) => screen.findByTestId(`red-envelope-${id}`, {}, { timeout: 5000 });

describe('red envelopes', { timeout: 30_000 }, () => {
  it('[MEMBER-15] the promotions page shows each campaign with its state: envelopes left, the deposit still needed, the envelope taken, all gone', async () => {
    await renderPromotions({ handlers: { redEnvelopeList: () => ({ list: CAMPAIGNS }) } });
    expect(await screen.findByRole('heading', { name: 'Red envelopes' })).toBeInTheDocument();
    const open = await envelope(1);
    expect(open).toHaveTextContent('Open now');
    expect(open).toHaveTextContent('150 of 200 envelopes left');
    expect(within(open).getByRole('button', { name: 'Open an envelope' })).toBeInTheDocument();
    const short = await envelope(2);
    expect(short).toHaveTextContent('Deposit 100.00 after the campaign begins to take part: 60.00 so far.');
    expect(within(short).queryByRole('button', { name: 'Open an envelope' })).not.toBeInTheDocument();
    expect(await envelope(3)).toHaveTextContent('Your envelope held 3.25.');
    expect(within(await envelope(4)).queryByRole('button', { name: 'Open an envelope' })).not.toBeInTheDocument();
  });

  it('[MEMBER-15] opening an envelope calls the server and says what it held; a refusal is said in words; the rules open on demand', async () => {
    const { user, api } = await renderPromotions({ handlers: { redEnvelopeList: () => ({ list: CAMPAIGNS }), redEnvelopeGrab: () => ({ amount: 4.4, balance: 1246.9 }) } });
    const open = await envelope(1);
    await user.click(within(open).getByRole('button', { name: 'Rules' }));
    expect(within(open).getByText('One envelope per player.')).toBeInTheDocument();
    await user.click(within(open).getByRole('button', { name: 'Open an envelope' }));
    expect(await within(open).findByText('Your envelope held 4.40: it has been credited to your wallet.')).toBeInTheDocument();
    expect(api.callsTo('redEnvelopeGrab')).toEqual([{ body: { campaignId: 1 } }]);
    api.handle({
      redEnvelopeGrab: () => {
        throw new ApiCallError('RED_ENVELOPE_SOLD_OUT', 409, 'gone');
      },
    });
    await user.click(within(open).getByRole('button', { name: 'Open an envelope' }));
    expect(await within(open).findByText('Every envelope has been taken.')).toBeInTheDocument();
  });

  it('[MEMBER-15] a visitor is asked to log in to open one', async () => {
    const { user } = await renderPromotions({ member: null, handlers: { redEnvelopeList: () => ({ list: [campaign({ deposited: null })] }) } });
    await user.click(within(await envelope(1)).getByRole('button', { name: 'Log in to open' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('[MEMBER-15] a trial account sees the campaign but nothing to press', async () => {
    await renderPromotions({ member: TRIAL, handlers: { redEnvelopeList: () => ({ list: [campaign({ deposited: null })] }) } });
    const open = await envelope(1);
    expect(open).toHaveTextContent('Red envelopes are for real accounts.');
    expect(within(open).queryByRole('button', { name: 'Open an envelope' })).not.toBeInTheDocument();
  });

  it('[MEMBER-15] the home screen offers the campaign a player can open now, and opens it there', async () => {
    const { user, api } = await renderPromotions({
      path: '/',
      handlers: { redEnvelopeList: () => ({ list: [CAMPAIGNS[3]!, CAMPAIGNS[0]!] }), redEnvelopeGrab: () => ({ amount: 2, balance: 1244.5 }) },
    });
    const strip = await screen.findByTestId('home-red-envelope', {}, { timeout: 5000 });
    expect(strip).toHaveTextContent('Lucky red envelopes');
    await user.click(within(strip).getByRole('button', { name: 'Open an envelope' }));
    expect(await within(strip).findByText('Your envelope held 2.00: it has been credited to your wallet.')).toBeInTheDocument();
    expect(api.callsTo('redEnvelopeGrab')).toEqual([{ body: { campaignId: 1 } }]);
    expect(within(strip).getByRole('link', { name: 'All red envelopes' })).toHaveAttribute('href', '/promotions#red-envelopes');
  });

  it('[MEMBER-15] without a campaign open to the player the home shows no red envelope strip, and the promotions page no section', async () => {
    const { api } = await renderPromotions({ path: '/', handlers: { redEnvelopeList: () => ({ list: [CAMPAIGNS[3]!] }) } });
    await screen.findByTestId('index-view');
    await waitFor(() => expect(api.callsTo('redEnvelopeList').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('home-red-envelope')).not.toBeInTheDocument();
    expect(campaignToShow([CAMPAIGNS[1]!, CAMPAIGNS[3]!])?.campaignId).toBe(2);
    expect(campaignToShow([])).toBeUndefined();
  });
});
