import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveSiteFor } from '@client/lib/browser-location';
import { accountHandlers, loginResult, refusal } from '../../../helpers/accounts-fixture';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { renderApp, resetShell } from '../../../helpers/render-app';

// jsdom cannot leave the page; the test sees where the app sends the browser instead.
vi.mock('@client/lib/browser-location', () => ({ leaveSiteFor: vi.fn() }));

beforeEach(() => {
  resetShell();
  vi.mocked(leaveSiteFor).mockClear();
});

const PROVIDERS = [
  { name: 'google', label: 'Google' },
  { name: 'keycloak', label: 'Company ID' },
];

const inPopup = (kind: 'loginPopupModal' | 'registerModal') => within(screen.getByRole('dialog', { name: `shell:popups.${kind}` }));

const openPopupAt = async (path: '/login' | '/register', handlers: FakeHandlers) => {
  const app = await renderApp({
    path,
    accounts: true,
    permission: { flags: { USERNAMEREG3: true } },
    handlers: { ...accountHandlers(), ...handlers },
  });
  await screen.findByRole('dialog', { name: `shell:popups.${path === '/login' ? 'loginPopupModal' : 'registerModal'}` });
  return app;
};

describe('social sign-in buttons', () => {
  it('[AUTH-01] the login popup offers one sign-in button per configured provider; a press sends the browser to its authorization URL', async () => {
    const { user, api } = await openPopupAt('/login', {
      oidcProviders: () => PROVIDERS,
      oidcStart: ({ body }) => ({ authorizationUrl: `https://id.example.com/${body?.provider}/authorize?state=s1` }),
    });
    const buttons = await inPopup('loginPopupModal').findAllByRole('button', { name: 'auth:social.signInWith' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    await waitFor(() => expect(leaveSiteFor).toHaveBeenCalledWith('https://id.example.com/keycloak/authorize?state=s1'));
    expect(api.callsTo('oidcStart').map((call) => call.body)).toEqual([{ provider: 'keycloak' }]);
    // on its way out, the buttons cannot start a second sign-in
    for (const button of inPopup('loginPopupModal').getAllByRole('button', { name: /auth:social\./ })) expect(button).toBeDisabled();
  });

  it('[AUTH-01] with no provider configured the login popup shows no social sign-in', async () => {
    const { api } = await openPopupAt('/login', { oidcProviders: () => [] });
    await inPopup('loginPopupModal').findByLabelText('auth:fields.username');
    await waitFor(() => expect(api.callsTo('oidcProviders')).toHaveLength(1));
    await act(async () => {}); // the empty answer renders
    expect(screen.queryByRole('region', { name: 'auth:social.title' })).not.toBeInTheDocument();
    expect(inPopup('loginPopupModal').queryByRole('button', { name: 'auth:social.signInWith' })).not.toBeInTheDocument();
  });

  it('[AUTH-01] the register popup offers the same providers', async () => {
    await openPopupAt('/register', { oidcProviders: () => PROVIDERS.slice(0, 1) });
    expect(await inPopup('registerModal').findAllByRole('button', { name: 'auth:social.signInWith' })).toHaveLength(1);
  });

  it('[AUTH-01] a provider that cannot be reached shows the translated error and the browser stays', async () => {
    const { user } = await openPopupAt('/login', {
      oidcProviders: () => PROVIDERS,
      oidcStart: () => {
        throw refusal('SOCIAL_LOGIN_FAILED');
      },
    });
    const [google] = await inPopup('loginPopupModal').findAllByRole('button', { name: 'auth:social.signInWith' });
    await user.click(google!);
    expect(await within(screen.getByRole('region', { name: 'auth:social.title' })).findByRole('alert')).toHaveTextContent('errors:SOCIAL_LOGIN_FAILED');
    expect(leaveSiteFor).not.toHaveBeenCalled();
    expect(google).toBeEnabled();
  });
});

describe('/oidc/callback', () => {
  it('[AUTH-01] the provider query goes to the server, the session starts as after a password login and the app goes to /', async () => {
    const { api, router } = await renderApp({
      path: '/oidc/callback?code=abc&state=s1',
      accounts: true,
      handlers: { ...accountHandlers(), oidcCallback: () => loginResult({ token: 'social-token' }) },
    });
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(api.callsTo('oidcCallback').map((call) => call.body)).toEqual([{ search: '?code=abc&state=s1' }]);
    expect(window.sessionStorage.getItem('token')).toBe('social-token');
    expect(window.sessionStorage.getItem('cpw')).toBeNull();
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' })).toBeVisible();
  });

  it('[AUTH-01] a refused sign-in shows the translated error with a way back to the login', async () => {
    const { user, router } = await renderApp({
      path: '/oidc/callback?error=access_denied&state=s1',
      accounts: true,
      handlers: {
        ...accountHandlers(),
        oidcCallback: () => {
          throw refusal('SOCIAL_LOGIN_FAILED');
        },
      },
    });
    expect(await screen.findByText('auth:social.failedTitle')).toBeVisible();
    expect(screen.getByText('errors:SOCIAL_LOGIN_FAILED')).toBeVisible();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'auth:social.tryAgain' }));
    expect(router.location.pathname).toBe('/login');
    expect(await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' })).toBeVisible();
  });
});
