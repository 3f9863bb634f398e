import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorItem } from '@shared/contract/games';
import { announcement } from '../../../helpers/money-fixtures';
import { AGENT, PLAYER, renderApp, resetShell } from '../../../helpers/render-app';

const vendors = (count: number, gameType: string): VendorItem[] =>
  Array.from({ length: count }, (_, i) => ({ vassalage: `V${i + 1}`, displayName: `Vendor ${i + 1}`, gameType, lagerIcon: `/v/${i}.png`, maintenance: false }));

const header = () => screen.getByRole('banner');

beforeEach(() => resetShell());

describe('header', () => {
  it('[SHELL-26] a guest sees a login button and a register button, which open their popups', async () => {
    const { user } = await renderApp();
    await screen.findByTestId('index-view');
    await user.click(within(header()).getByRole('button', { name: 'common:actions.login' }));
    expect(screen.getByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeInTheDocument();
    await user.click(within(header()).getByRole('button', { name: 'common:actions.register' }));
    expect(screen.getByRole('dialog', { name: 'shell:popups.registerModal' })).toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'shell:header.avatarMenu' })).not.toBeInTheDocument();
  });

  it('[SHELL-27] a logged-in user sees the balance with 2 decimals, deposit, withdraw and the avatar menu', async () => {
    const { user, router } = await renderApp({ member: PLAYER, lng: 'en', handlers: { balance: () => ({ balance: 1234.5, currencySymbol: '₫' }) } });
    await screen.findByTestId('index-view');
    await waitFor(() => expect(within(header()).getByTestId('balance-amount')).toHaveTextContent('1,234.50'));
    expect(within(header()).getByTestId('balance-amount')).toHaveTextContent('1,234.50');
    expect(within(header()).getByText('₫')).toBeInTheDocument();
    // Named by the name it shows, then what it is (axe's label-content-name-mismatch).
    expect(within(header()).getByRole('button', { name: 'Lucky Seven, account menu' })).toHaveTextContent('Lucky Seven');
    expect(within(header()).queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    await user.click(within(header()).getByRole('button', { name: 'Deposit' }));
    expect(router.location.search).toBe('?page=depositv2');
    await user.click(within(header()).getByRole('button', { name: 'Withdraw' }));
    expect(router.location.search).toBe('?page=withdraw');
  });

  it('[SHELL-27] hiding the balance shows *** and a registered refresh reloads it', async () => {
    const balances = [10, 99];
    const refreshBalance = vi.fn(() => ({ balance: balances.shift() ?? 99, currencySymbol: '₫' }));
    const { user } = await renderApp({ member: PLAYER, handlers: { balance: refreshBalance } });
    await screen.findByTestId('index-view');
    await waitFor(() => expect(within(header()).getByTestId('balance-amount')).toHaveTextContent('10.00'));
    refreshBalance.mockClear();
    await user.click(within(header()).getByRole('button', { name: 'shell:header.refreshBalance' }));
    expect(refreshBalance).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(header()).getByTestId('balance-amount')).toHaveTextContent('99.00'));
    await user.click(within(header()).getByRole('button', { name: 'shell:header.hideBalance' }));
    expect(within(header()).getByTestId('balance-amount')).toHaveTextContent('***');
  });

  it('[SHELL-28] hovering a game category lists its vendors', async () => {
    const { user } = await renderApp({ handlers: { vendorList: () => ({ data: { lanes: [{ gameType: 'LIVE', vendors: vendors(3, 'LIVE') }] } }) } });
    await screen.findByTestId('index-view');
    const live = within(header()).getByRole('link', { name: 'common:gameTypes.LIVE' });
    await screen.findByRole('button', { name: 'shell:sideMenu.vendorsOf' });
    await user.hover(live);
    const dropdown = await within(header()).findByLabelText('common:gameTypes.LIVE', { selector: 'div' });
    expect(within(dropdown).getAllByRole('link').map((a) => a.textContent)).toEqual(['Vendor 1', 'Vendor 2', 'Vendor 3']);
    expect(within(dropdown).getByRole('link', { name: 'Vendor 2' })).toHaveAttribute('href', '/live?vassalage=V2');
    await user.unhover(live);
    expect(within(header()).queryByLabelText('common:gameTypes.LIVE', { selector: 'div' })).not.toBeInTheDocument();
  });

  it('[SHELL-29] more than 10 vendors use the large drop-down layout, 10 or fewer the normal one', async () => {
    const { user } = await renderApp({
      handlers: {
        vendorList: () => ({
          data: { lanes: [{ gameType: 'RNG', vendors: vendors(11, 'RNG') }, { gameType: 'FISH', vendors: vendors(10, 'FISH') }] },
        }),
      },
    });
    await screen.findAllByRole('button', { name: 'shell:sideMenu.vendorsOf' });
    await user.hover(within(header()).getByRole('link', { name: 'common:gameTypes.RNG' }));
    expect(await within(header()).findByLabelText('common:gameTypes.RNG', { selector: 'div' })).toHaveAttribute('data-layout', 'large');
    await user.hover(within(header()).getByRole('link', { name: 'common:gameTypes.FISH' }));
    expect(await within(header()).findByLabelText('common:gameTypes.FISH', { selector: 'div' })).toHaveAttribute('data-layout', 'normal');
  });

  it('[SHELL-30] [MEMBER-27] the avatar menu lists my account, betting record, platform messages, live chat and sign out; live chat opens the LIVECHAT entry', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { user, router } = await renderApp({ member: PLAYER });
    await screen.findByTestId('index-view');
    await user.click(within(header()).getByRole('button', { name: 'shell:header.avatarMenu' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'shell:avatarMenu.myAccount',
      'shell:avatarMenu.bettingRecord',
      'shell:avatarMenu.platformMessages',
      'shell:avatarMenu.liveChat',
      'shell:avatarMenu.signOut',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'shell:avatarMenu.bettingRecord' }));
    expect(router.location.search).toBe('?page=personalHistoryCopy');
    await user.click(within(header()).getByRole('button', { name: 'shell:header.avatarMenu' }));
    await user.click(screen.getByRole('menuitem', { name: 'shell:avatarMenu.liveChat' }));
    expect(open).toHaveBeenCalledWith('https://livechat.example.test/chat', 'cs', 'width=440,height=750');
  });

  it('[SHELL-31] the agent entry shows only for agents and leads to /agentHome', async () => {
    const { user, router } = await renderApp({ member: AGENT });
    await screen.findByTestId('index-view');
    await user.click(within(header()).getByRole('button', { name: 'shell:header.avatarMenu' }));
    await user.click(screen.getByRole('menuitem', { name: 'shell:avatarMenu.agentCenter' }));
    expect(router.location.pathname).toBe('/agentHome');
  });

  it('[SHELL-31] a player has no agent entry', async () => {
    const { user } = await renderApp({ member: PLAYER });
    await screen.findByTestId('index-view');
    await user.click(within(header()).getByRole('button', { name: 'shell:header.avatarMenu' }));
    expect(screen.queryByRole('menuitem', { name: 'shell:avatarMenu.agentCenter' })).not.toBeInTheDocument();
  });

  it('[SHELL-32] sign out asks for confirmation and logs out only after confirming', async () => {
    const logout = vi.fn(() => null);
    const { user } = await renderApp({ member: PLAYER, handlers: { logout } });
    await screen.findByTestId('index-view');
    await user.click(within(header()).getByRole('button', { name: 'shell:header.avatarMenu' }));
    await user.click(screen.getByRole('menuitem', { name: 'shell:avatarMenu.signOut' }));
    const dialog = screen.getByRole('dialog', { name: 'shell:signOutConfirm.title' });
    await user.click(within(dialog).getByRole('button', { name: 'common:actions.cancel' }));
    expect(logout).not.toHaveBeenCalled();
    expect(within(header()).getByRole('button', { name: 'shell:header.avatarMenu' })).toBeInTheDocument();

    await user.click(within(header()).getByRole('button', { name: 'shell:header.avatarMenu' }));
    await user.click(screen.getByRole('menuitem', { name: 'shell:avatarMenu.signOut' }));
    await user.click(within(screen.getByRole('dialog', { name: 'shell:signOutConfirm.title' })).getByRole('button', { name: 'common:actions.logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(await within(header()).findByRole('button', { name: 'common:actions.login' })).toBeInTheDocument();
  });

  it('[MSG-06] [MSG-07] the notice bell counts available promotions (rewards waiting in the reward centre) plus unread messages and opens the notice modal', async () => {
    const { user } = await renderApp({
      member: PLAYER,
      handlers: {
        announcements: () => ({ banners: [], player: [], popup: [], promotion: [announcement({ id: 1, type: 'PR' })] }),
        rewardCenter: () => ({ list: [], claimableCount: 2 }),
        unreadCount: () => ({ unreadMessage: 3 }),
      },
    });
    await screen.findByTestId('index-view');
    await waitFor(() => expect(within(header()).getByRole('button', { name: 'shell:header.notices' })).toHaveTextContent('5'));
    const bell = within(header()).getByRole('button', { name: 'shell:header.notices' });
    expect(bell).toHaveTextContent('5');
    await user.click(bell);
    expect(screen.getByRole('dialog', { name: 'shell:popups.noticeModal' })).toBeInTheDocument();
  });

  it('[MSG-06] past 99 the bell shows 99+, and its name says the same as its badge', async () => {
    await renderApp({ member: PLAYER, lng: 'en', handlers: { unreadCount: () => ({ unreadMessage: 120 }) } });
    const bell = await within(header()).findByRole('button', { name: 'Notifications: 99+' });
    expect(bell).toHaveTextContent('99+');
  });
});
