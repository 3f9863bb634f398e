import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFakeBus } from '../../../helpers/fake-bus';
import { resetShell } from '../../../helpers/render-app';
import { entry, loadScreens, promotion, renderPromotions } from './promotions-kit';

beforeAll(() => loadScreens(), 60_000);
beforeEach(() => resetShell());

describe('reward centre', { timeout: 30_000 }, () => {
  it('[MEMBER-13] lists the promotions open to the player with their statuses and the count to claim; claiming calls the server', async () => {
    const list = [promotion({ status: 'ISSUED', entry: entry({ amount: 8 }) }), promotion({ promotionId: 2, title: 'First deposit bonus', status: 'APPLYING', needsApplication: true })];
    const { user, api } = await renderPromotions({
      path: '/member?page=rewardCenter',
      handlers: { rewardCenter: () => ({ list, claimableCount: 1 }), promotionClaim: () => ({ amount: 8, balance: 1242.5 }) },
    });
    expect(await screen.findByRole('heading', { name: 'Reward centre' })).toBeInTheDocument();
    expect(await screen.findByText('1 reward to claim')).toBeInTheDocument();
    const issued = await screen.findByTestId('promotion-1');
    expect(within(issued).getByText('Issued', { selector: '.status-tag' })).toBeInTheDocument();
    expect(within(await screen.findByTestId('promotion-2')).getByText('Applying', { selector: '.status-tag' })).toBeInTheDocument();
    await user.click(within(issued).getByRole('button', { name: /Claim/ }));
    expect(await screen.findByText(/has been credited to your wallet/)).toBeInTheDocument();
    expect(api.callsTo('promotionClaim')).toEqual([{ body: { promotionId: 1 } }]);
  });

  // The menu entry by its href: a role query over the whole member centre is slow in jsdom.
  const menuEntry = () => document.querySelector<HTMLElement>('.center-menu a[href="/member?page=rewardCenter"]');

  it('[MEMBER-04] the rewardCenter menu entry shows a red count badge while rewards wait to be claimed', async () => {
    await renderPromotions({ path: '/member?page=rewardCenter', handlers: { rewardCenter: () => ({ list: [], claimableCount: 2 }) } });
    await waitFor(() => expect(within(menuEntry()!).getByTestId('menu-badge')).toHaveTextContent('2'));
  });

  it('[MEMBER-04] an operator approving an application reaches the badge live (promotion:changed), with no reload of the page', async () => {
    const bus = createFakeBus();
    let claimableCount = 0;
    const { api } = await renderPromotions({ path: '/member?page=securityCenter', bus, handlers: { rewardCenter: () => ({ list: [], claimableCount }) } });
    await waitFor(() => expect(api.callsTo('rewardCenter')).toHaveLength(1));
    expect(within(menuEntry()!).queryByTestId('menu-badge')).not.toBeInTheDocument();
    claimableCount = 1;
    act(() => bus.push('promotion:changed', { promotionId: 2, status: 'ISSUED', eventId: 40, at: '2026-11-27T10:00:00.000Z' }));
    await waitFor(() => expect(within(menuEntry()!).getByTestId('menu-badge')).toHaveTextContent('1'));
    expect(api.callsTo('rewardCenter')).toHaveLength(2);
  });

  it('[MEMBER-04] no badge at 0', async () => {
    await renderPromotions({ path: '/member?page=rewardCenter', handlers: { rewardCenter: () => ({ list: [], claimableCount: 0 }) } });
    expect(await screen.findByText('Nothing open to you right now.')).toBeInTheDocument();
    expect(within(menuEntry()!).queryByTestId('menu-badge')).not.toBeInTheDocument();
  });
});
