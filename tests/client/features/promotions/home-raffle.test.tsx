import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { raffleToShow } from '@client/features/promotions/components/home-raffle';
import { resetShell, TRIAL } from '../../../helpers/render-app';
import { entry, promotion, renderPromotions } from './promotions-kit';

beforeAll(() => import('@client/features/promotions/components/home-raffle'), 60_000);
beforeEach(() => resetShell());

const RAFFLE = promotion({ promotionId: 3, title: 'Lucky draw of the week', type: 'RAFFLE', bonusAmount: 0, status: 'PROCESS', prizes: [{ name: 'Gold', amount: 38 }, { name: 'Silver', amount: 5 }] });
const strip = () => screen.findByTestId('home-raffle', {}, { timeout: 5000 });

describe('home screen lucky draw', { timeout: 30_000 }, () => {
  it('[API-51] a signed-in player draws the running raffle from the home screen: the raffle claim call, and the prize said', async () => {
    const { user, api } = await renderPromotions({
      path: '/',
      handlers: { promotionList: () => ({ list: [RAFFLE] }), raffleClaim: () => ({ prizeName: 'Gold', amount: 38, balance: 1272.5 }) },
    });
    const raffle = await strip();
    expect(raffle).toHaveTextContent('Lucky draw of the week');
    expect(raffle).toHaveTextContent('Prizes: Gold (38.00), Silver (5.00)');
    expect(api.callsTo('promotionList')).toContainEqual({ query: { type: 'RAFFLE' } });
    await user.click(within(raffle).getByRole('button', { name: 'Draw now' }));
    expect(await within(raffle).findByText('You drew Gold: 38.00 has been credited to your wallet.')).toBeInTheDocument();
    expect(api.callsTo('raffleClaim')).toEqual([{ body: { promotionId: 3 } }]);
    expect(within(raffle).getByRole('link', { name: 'All promotions' })).toHaveAttribute('href', '/promotions');
  });

  it('[API-51] a visitor is asked to log in to draw: the login popup', async () => {
    const asGuest = { ...RAFFLE, status: 'JOIN' as const };
    const { user } = await renderPromotions({ path: '/', member: null, handlers: { promotionList: () => ({ list: [asGuest] }) } });
    const raffle = await strip();
    expect(within(raffle).queryByRole('button', { name: 'Draw now' })).not.toBeInTheDocument();
    await user.click(within(raffle).getByRole('button', { name: 'Log in to draw' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('[API-51] a trial account is told draws are for real accounts, with nothing to press', async () => {
    await renderPromotions({ path: '/', member: TRIAL, handlers: { promotionList: () => ({ list: [RAFFLE] }) } });
    const forTrial = await strip();
    expect(forTrial).toHaveTextContent('Draws are for real accounts.');
    expect(within(forTrial).queryByRole('button', { name: 'Draw now' })).not.toBeInTheDocument();
  });

  it('[MEMBER-14] a raffle already drawn shows its prize', async () => {
    const drawn = { ...RAFFLE, status: 'CLAIMED' as const, entry: entry({ prizeName: 'Silver', amount: 5 }) };
    await renderPromotions({ path: '/', handlers: { promotionList: () => ({ list: [drawn] }) } });
    expect(await strip()).toHaveTextContent('You drew Silver (5.00)');
  });

  it('[API-51] without a running raffle the home shows no strip', async () => {
    const { api } = await renderPromotions({ path: '/', handlers: { promotionList: () => ({ list: [{ ...RAFFLE, status: 'CLOSE' as const }] }) } });
    await screen.findByTestId('index-view');
    await waitFor(() => expect(api.callsTo('promotionList').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('home-raffle')).not.toBeInTheDocument();
  });

  it('[API-51] the strip offers a raffle the player may draw before one merely running, and none that is over', () => {
    const now = Date.parse('2026-11-27T00:00:00.000Z');
    const running = { ...RAFFLE, promotionId: 1, status: 'JOIN' as const };
    const ended = { ...RAFFLE, promotionId: 2, status: 'JOIN' as const, endTime: '2026-11-01T00:00:00.000Z' };
    expect(raffleToShow([running, RAFFLE], now)?.promotionId).toBe(3);
    expect(raffleToShow([ended, running], now)?.promotionId).toBe(1);
    expect(raffleToShow([ended], now)).toBeUndefined();
  });
});
