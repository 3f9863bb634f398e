import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_IDS } from '@machines/shared/ids';
import { BALANCE_HIDDEN_KEY, shellUiStore } from '@client/state/ui-state';
import { memberPath, renderMemberCenter } from '../../../helpers/member-center';
import { balanceUpdated, unreadCountEvent } from '../../../helpers/money-fixtures';
import { PLAYER, renderApp, resetShell, TRIAL } from '../../../helpers/render-app';

beforeEach(() => {
  resetShell();
});

const header = () => screen.getByRole('banner');
const balanceText = () => within(header()).getByTestId('balance-amount');

describe('header balance and counts (live from the bus)', () => {
  it('[WALLET-01] the header shows the balance from the balance call with 2 decimals', async () => {
    const { api } = await renderMemberCenter({ lng: 'en' });
    await waitFor(() => expect(balanceText()).toHaveTextContent('1,234.50'));
    expect(within(header()).getByText('₫')).toBeInTheDocument();
    expect(api.callsTo('balance')).toHaveLength(1);
  });

  it('[WALLET-01] a login asks for the balance beside the member info, and the header shows that answer without a second call', async () => {
    const { api, app, signIn } = await renderApp({ lng: 'en', handlers: { balance: () => ({ balance: 1234.5, currencySymbol: '₫' }) } });
    await waitFor(() => expect(app.system.get(SYSTEM_IDS.session)).toBeDefined());
    await signIn(PLAYER);
    await waitFor(() => expect(balanceText()).toHaveTextContent('1,234.50'));
    const keys = api.calls.map((call) => call.key);
    // Asked for before the member info (which the header waits on) was, not once it had come and the online part ran.
    expect(keys.indexOf('balance')).toBeLessThan(keys.lastIndexOf('memberInfo'));
    expect(api.callsTo('balance')).toHaveLength(1);
  });

  it('[WALLET-01] a pushed balance:updated changes the header at once, without another balance call', async () => {
    const { api, bus } = await renderMemberCenter({ lng: 'en' });
    await waitFor(() => expect(balanceText()).toHaveTextContent('1,234.50'));
    act(() => bus.push('balance:updated', balanceUpdated(1734.5)));
    expect(balanceText()).toHaveTextContent('1,734.50');
    expect(api.callsTo('balance')).toHaveLength(1);
  });

  it('[WALLET-03] the refresh action and a reconnect (resynced) load the balance again', async () => {
    let balance = 10;
    const { api, bus, user } = await renderMemberCenter({ lng: 'en', handlers: { balance: () => ({ balance, currencySymbol: '₫' }) } });
    await waitFor(() => expect(balanceText()).toHaveTextContent('10.00'));
    balance = 20;
    await user.click(within(header()).getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(balanceText()).toHaveTextContent('20.00'));
    balance = 30;
    act(() => bus.resynced.next());
    await waitFor(() => expect(balanceText()).toHaveTextContent('30.00'));
    expect(api.callsTo('balance')).toHaveLength(3);
  });

  it('[WALLET-02] hiding the balance shows *** and is remembered for the next visit', async () => {
    const first = await renderMemberCenter();
    await waitFor(() => expect(balanceText()).not.toHaveTextContent('--'));
    await first.user.click(within(header()).getByRole('button', { name: 'shell:header.hideBalance' }));
    expect(balanceText()).toHaveTextContent('***');
    expect(window.localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');
    first.unmount();
    resetShell();
    // A new visit: the stored choice is all that is left of the last one.
    window.localStorage.setItem(BALANCE_HIDDEN_KEY, '1');
    shellUiStore.reset();
    await renderMemberCenter();
    await waitFor(() => expect(within(header()).getByTestId('balance-amount')).toHaveTextContent('***'));
    expect(within(header()).getByRole('button', { name: 'shell:header.showBalance' })).toBeInTheDocument();
  });

  it('[MSG-07] [MSG-10] the notice bell counts unread messages plus available promotions, and follows pushed counts', async () => {
    const { bus, api } = await renderMemberCenter({ handlers: { unreadCount: () => ({ unreadMessage: 2 }) } });
    const bell = await within(await screen.findByRole('banner')).findByRole('button', { name: 'shell:header.notices' });
    await waitFor(() => expect(bell).toHaveTextContent('2'));
    act(() => bus.push('unread:count', unreadCountEvent(5)));
    expect(bell).toHaveTextContent('5');
    expect(api.callsTo('unreadCount')).toHaveLength(1);
  });

  it('[MSG-10] a trial account never asks for the unread count', async () => {
    const { api } = await renderMemberCenter({ member: TRIAL });
    await waitFor(() => expect(api.callsTo('balance')).toHaveLength(1));
    expect(api.callsTo('unreadCount')).toHaveLength(0);
  });

  it('[MEMBER-04] messageV2 shows a red count badge while messages are unread, and none at 0', async () => {
    const { bus } = await renderMemberCenter({ member: PLAYER, path: memberPath('transferFund'), handlers: { unreadCount: () => ({ unreadMessage: 3 }) } });
    const entry = await screen.findByRole('link', { name: /shell:memberPages.messageV2/ });
    await waitFor(() => expect(within(entry).getByTestId('menu-badge')).toHaveTextContent('3'));
    act(() => bus.push('unread:count', unreadCountEvent(0)));
    expect(within(entry).queryByTestId('menu-badge')).not.toBeInTheDocument();
  });
});
