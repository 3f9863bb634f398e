import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VipStatus } from '@shared/contract/vip';
import { progressPercent } from '@client/features/vip/components/vip-section';
import { resetShell, TRIAL } from '../../../helpers/render-app';
import { loadScreens, renderPromotions } from '../promotions/promotions-kit';

const LEVELS: VipStatus['levels'] = [
  { rank: 1, name: 'Bronze', turnover: 100, upgradeBonus: 5 },
  { rank: 2, name: 'Silver', turnover: 500, upgradeBonus: 18 },
  { rank: 3, name: 'Gold', turnover: 2000, upgradeBonus: 58 },
];

const SILVER: VipStatus = {
  levels: LEVELS,
  rank: 2,
  name: 'Silver',
  turnover: 996.5,
  next: { rank: 3, name: 'Gold', turnover: 2000, needed: 1003.5 },
  bonuses: [
    { bonusId: 12, rank: 2, name: 'Silver', amount: 18, issuedAt: '2026-11-27T08:00:00.000Z', claimedAt: null },
    { bonusId: 11, rank: 1, name: 'Bronze', amount: 5, issuedAt: '2026-11-27T08:00:00.000Z', claimedAt: '2026-11-27T09:00:00.000Z' },
  ],
  claimableCount: 1,
};

beforeAll(() => Promise.all([loadScreens(), import('@client/app/pages/reward-center')]), 60_000);
beforeEach(() => resetShell());

const sideMenu = () => screen.getByRole('complementary', { name: 'Side menu' });
const memberNav = () => within(sideMenu()).getByRole('navigation', { name: 'My account' });

describe('VIP', { timeout: 30_000 }, () => {
  it('[MEMBER-16] without a VIP level the side menu has no VIP shortcut and the reward centre no VIP section', async () => {
    const { api } = await renderPromotions({ path: '/member?page=rewardCenter' });
    expect(await screen.findByRole('heading', { name: 'Reward centre' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('vipStatus').length).toBeGreaterThan(0));
    expect(within(memberNav()).queryByRole('link', { name: 'VIP' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('vip-section')).not.toBeInTheDocument();
  });

  it('[MEMBER-16] with VIP on the side menu shows the VIP shortcut to the reward centre, and the avatar menu the member’s level', async () => {
    const { user, router } = await renderPromotions({ path: '/', handlers: { vipStatus: () => SILVER } });
    await screen.findByTestId('index-view');
    const shortcut = await within(memberNav()).findByRole('link', { name: 'VIP' });
    expect(shortcut).toHaveAttribute('href', '/member?page=rewardCenter');
    await user.click(screen.getByRole('button', { name: 'Lucky Seven, account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'VIP Silver · Level 2' }));
    expect(router.location.search).toBe('?page=rewardCenter');
  });

  it('[MEMBER-16] the VIP section shows the level name and rank, the turnover, the progress to the next level and the ladder', async () => {
    await renderPromotions({ path: '/member?page=rewardCenter', handlers: { vipStatus: () => SILVER } });
    const section = await screen.findByTestId('vip-section', {}, { timeout: 5000 });
    expect(within(section).getByRole('heading', { name: 'VIP' })).toBeInTheDocument();
    expect(within(section).getByTestId('vip-level')).toHaveTextContent('VIP Silver · Level 2');
    expect(section).toHaveTextContent('Valid turnover so far: 996.50');
    expect(section).toHaveTextContent('Gold (level 3) needs 1,003.50 more valid turnover.');
    expect(within(section).getByRole('progressbar', { name: 'Progress to the next VIP level' })).toHaveAttribute('aria-valuenow', '33');
    const ladder = within(section).getByRole('table', { name: 'VIP levels' });
    expect(within(ladder).getByRole('row', { name: /2\. Silver/ })).toHaveAttribute('aria-current', 'true');
    expect(within(ladder).getAllByRole('row')).toHaveLength(4);
  });

  it('[MEMBER-16] a waiting upgrade bonus is claimed with its Claim button; a claimed one shows as claimed', async () => {
    const { user, api } = await renderPromotions({ path: '/member?page=rewardCenter', handlers: { vipStatus: () => SILVER, vipClaim: () => ({ amount: 18, balance: 1260.5 }) } });
    const section = await screen.findByTestId('vip-section', {}, { timeout: 5000 });
    const silver = within(section).getByTestId('vip-bonus-12');
    expect(silver).toHaveTextContent('Silver (level 2) upgrade bonus: 18.00');
    expect(within(within(section).getByTestId('vip-bonus-11')).getByText('Claimed')).toBeInTheDocument();
    expect(within(within(section).getByTestId('vip-bonus-11')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(silver).getByRole('button', { name: 'Claim the Silver upgrade bonus of 18.00' }));
    expect(await within(section).findByText('Your upgrade bonus of 18.00 has been credited to your wallet.')).toBeInTheDocument();
    expect(api.callsTo('vipClaim')).toEqual([{ body: { bonusId: 12 } }]);
  });

  it('[MEMBER-16] a trial account has no VIP: nothing is asked and no shortcut shows', async () => {
    const { api } = await renderPromotions({ member: TRIAL, path: '/', handlers: { vipStatus: () => SILVER } });
    await screen.findByTestId('index-view');
    expect(within(memberNav()).queryByRole('link', { name: 'VIP' })).not.toBeInTheDocument();
    expect(api.callsTo('vipStatus')).toEqual([]);
  });

  it('[MEMBER-16] the progress bar runs from the level reached to the next, and is full at the top', () => {
    expect(progressPercent(SILVER)).toBe(33);
    expect(progressPercent({ levels: LEVELS, rank: 0, turnover: 50, next: { rank: 1, name: 'Bronze', turnover: 100, needed: 50 } })).toBe(50);
    expect(progressPercent({ levels: LEVELS, rank: 3, turnover: 5000, next: null })).toBe(100);
  });
});
