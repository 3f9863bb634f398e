import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEventBus } from '@client/lib/event-bus';
import { accountHandlers, loginResult, memberInfo, storeSession } from '../../../helpers/accounts-fixture';
import { createFakeSocket } from '../../../helpers/fake-bus';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const header = () => screen.getByRole('banner');

describe('session wiring (AUTH-05, AUTH-15..AUTH-19, SHELL-24, SHELL-27, SHELL-31, SHELL-32)', () => {
  it('[AUTH-05] [AUTH-09] [SHELL-27] logging in through the popup shows the balance area and the avatar menu', async () => {
    const { user, api } = await renderApp({
      path: '/login',
      accounts: true,
      handlers: { ...accountHandlers(), login: () => loginResult() },
    });
    const dialog = await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    await user.type(within(dialog).getByLabelText('auth:fields.username'), '  player01 ');
    await user.type(within(dialog).getByLabelText('auth:fields.password'), 'Secret#2026');
    await user.click(within(dialog).getByRole('button', { name: 'auth:login.submit' }));
    expect(await within(header()).findByRole('button', { name: 'shell:header.avatarMenu' })).toBeInTheDocument();
    expect(within(header()).getByTestId('balance-amount')).toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'common:actions.login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [login] = api.callsTo('login');
    expect(login?.body).toMatchObject({ type: 'username', username: 'player01', password: 'Secret#2026', site: 'player' });
    expect(window.sessionStorage.getItem('token')).toBe('token-1');
    expect(window.sessionStorage.getItem('username')).toBe('player01');
    expect(window.sessionStorage.getItem('customerId')).toBe('7');
    expect(window.sessionStorage.getItem('isAgent')).toBe('false');
    expect(window.sessionStorage.getItem('merchantCode')).toBe('DEMO');
    expect(Object.values({ ...window.sessionStorage })).not.toContain('Secret#2026');
  });

  it('[AUTH-17] [SHELL-32] signing out through the avatar menu logs out: guest buttons, session storage cleared but the merchant code', async () => {
    storeSession();
    window.sessionStorage.setItem('USER_POPUP', 'closed');
    const { user, api } = await renderApp({ accounts: true, handlers: accountHandlers() });
    await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' }));
    await user.click(screen.getByRole('menuitem', { name: 'shell:avatarMenu.signOut' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'common:actions.logout' }));
    expect(await within(header()).findByRole('button', { name: 'common:actions.login' })).toBeInTheDocument();
    expect(api.callsTo('logout')).toHaveLength(1);
    expect({ ...window.sessionStorage }).toEqual({ merchantCode: 'DEMO' });
  });

  it('[AUTH-16] [SHELL-31] an agent session shows the agent entry in the avatar menu', async () => {
    storeSession(loginResult({}, 1));
    const { user } = await renderApp({ accounts: true, handlers: accountHandlers(memberInfo(1)) });
    await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' }));
    expect(screen.getByRole('menuitem', { name: 'shell:avatarMenu.agentCenter' })).toBeInTheDocument();
  });

  it('[AUTH-16] a player session has no agent entry', async () => {
    storeSession();
    const { user } = await renderApp({ accounts: true, handlers: accountHandlers(memberInfo(0)) });
    await user.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' }));
    expect(screen.queryByRole('menuitem', { name: 'shell:avatarMenu.agentCenter' })).not.toBeInTheDocument();
  });

  it('[SHELL-24] the socket connects while logged in; a pushed session:revoked signs the user out and disconnects', async () => {
    storeSession();
    const socket = createFakeSocket();
    await renderApp({ accounts: { bus: createEventBus(socket.socket) }, handlers: accountHandlers() });
    await within(await screen.findByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' });
    expect(socket.connectCalls).toBe(1);
    act(() => socket.restore());
    act(() => socket.serverEmit('session:revoked', { reason: 'password_changed', eventId: 4, at: '2026-11-22T00:00:00.000Z' }));
    expect(await within(header()).findByRole('button', { name: 'common:actions.login' })).toBeInTheDocument();
    expect(socket.socket.connected).toBe(false);
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('errors:SESSION_EXPIRED');
  });

  it('[SHELL-24] a token the socket server refuses ends the session', async () => {
    storeSession();
    const socket = createFakeSocket();
    await renderApp({ accounts: { bus: createEventBus(socket.socket) }, handlers: accountHandlers() });
    await within(await screen.findByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' });
    act(() => socket.refuse('UNAUTHORIZED'));
    expect(await within(header()).findByRole('button', { name: 'common:actions.login' })).toBeInTheDocument();
  });

  it('[SHELL-46] a pushed system status change re-reads the status: maintenance replaces the site', async () => {
    storeSession();
    const socket = createFakeSocket();
    const { api } = await renderApp({ accounts: { bus: createEventBus(socket.socket) }, handlers: accountHandlers() });
    await within(await screen.findByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' });
    api.handle({ systemStatus: () => ({ status: 1, maintenance: true, regionRestriction: false, ip: '203.0.113.7' }) });
    act(() => socket.restore());
    act(() => socket.serverEmit('system:status', { maintenance: true, eventId: 9, at: '2026-11-22T00:00:00.000Z' }));
    expect(await screen.findByText('shell:game_maintenance')).toBeInTheDocument();
  });

  it('[AUTH-07] a session restored with a pending forced change opens the change by itself, with no way to dismiss it', async () => {
    storeSession(loginResult({ mustChangePassword: true }), true);
    const { user, api } = await renderApp({ accounts: true, handlers: { ...accountHandlers(), changePassword: () => null } });
    const gate = await screen.findByRole('dialog', { name: 'auth:passwordChange.forcedTitle' });
    expect(within(gate).queryByRole('button', { name: 'common:actions.close' })).not.toBeInTheDocument();
    expect(within(gate).getByLabelText('auth:fields.username')).toHaveValue('player01');
    await user.type(within(gate).getByLabelText('auth:fields.oldPassword'), '123456');
    await user.type(within(gate).getByLabelText('auth:fields.newPassword'), 'N3w#Secret');
    await user.type(within(gate).getByLabelText('auth:fields.confirmNewPassword'), 'N3w#Secret');
    await user.click(within(gate).getByRole('button', { name: 'auth:passwordChange.submit' }));
    expect(await within(header()).findByRole('button', { name: 'shell:header.avatarMenu' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('changePassword')[0]?.body).toEqual({ oldPassword: '123456', newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' });
    await waitFor(() => expect(window.sessionStorage.getItem('cpw')).toBeNull());
  });
});
