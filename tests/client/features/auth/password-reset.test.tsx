import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountHandlers, loginResult, refusal } from '../../../helpers/accounts-fixture';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const TOKEN = 'reset-token-0123456789abcdef';

const openResetPage = async (path: string, handlers: FakeHandlers = {}) => {
  const app = await renderApp({ path, accounts: true, permission: { flags: { CHNGPASSMAIL3: true } }, handlers: { ...accountHandlers(), ...handlers } });
  await screen.findByRole('heading', { name: 'auth:reset.title' });
  return app;
};

const form = () => within(screen.getByRole('form', { name: 'auth:reset.title' }));

describe('/resetPassword', () => {
  it('[AUTH-38] [VAL-35] the new password follows the password rule and must be confirmed; nothing is sent until it is', async () => {
    const { user, api } = await openResetPage(`/resetPassword?token=${TOKEN}`, { passwordReset: () => loginResult() });
    await user.click(form().getByRole('button', { name: 'auth:reset.submit' }));
    expect(await form().findAllByText('validation:required')).toHaveLength(2);
    await user.type(form().getByLabelText('auth:fields.newPassword'), 'abc');
    await user.type(form().getByLabelText('auth:fields.confirmNewPassword'), 'abc');
    await user.click(form().getByRole('button', { name: 'auth:reset.submit' }));
    expect(await form().findByText('validation:tooShort')).toBeVisible();
    expect(form().getByLabelText('auth:fields.newPassword')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(form().getByLabelText('auth:fields.newPassword'));
    await user.type(form().getByLabelText('auth:fields.newPassword'), 'N3w#Secret');
    await user.clear(form().getByLabelText('auth:fields.confirmNewPassword'));
    await user.type(form().getByLabelText('auth:fields.confirmNewPassword'), 'N3w#Secrex');
    await user.click(form().getByRole('button', { name: 'auth:reset.submit' }));
    expect(await form().findByText('validation:confirmationWrong')).toBeVisible();
    expect(form().getByLabelText('auth:fields.confirmNewPassword')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('passwordReset')).toHaveLength(0);
  });

  it('[AUTH-38] a new password from the emailed link logs the member in; the confirmation goes on to /', async () => {
    const { user, api, router } = await openResetPage(`/resetPassword?token=${TOKEN}`, { passwordReset: () => loginResult({ token: 'after-reset' }) });
    await user.type(form().getByLabelText('auth:fields.newPassword'), 'N3w#Secret');
    await user.type(form().getByLabelText('auth:fields.confirmNewPassword'), 'N3w#Secret');
    await user.click(form().getByRole('button', { name: 'auth:reset.submit' }));
    expect(await screen.findByText('auth:reset.doneTitle')).toBeVisible();
    expect(api.callsTo('passwordReset').map((call) => call.body)).toEqual([{ resetToken: TOKEN, newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' }]);
    expect(window.sessionStorage.getItem('token')).toBe('after-reset');
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'auth:reset.continue' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('[AUTH-38] an expired or used link shows RESET_LINK_INVALID and offers a new link', async () => {
    const { user } = await openResetPage(`/resetPassword?token=${TOKEN}`, {
      passwordReset: () => {
        throw refusal('RESET_LINK_INVALID');
      },
    });
    await user.type(form().getByLabelText('auth:fields.newPassword'), 'N3w#Secret');
    await user.type(form().getByLabelText('auth:fields.confirmNewPassword'), 'N3w#Secret');
    await user.click(form().getByRole('button', { name: 'auth:reset.submit' }));
    expect(await screen.findByText('errors:RESET_LINK_INVALID')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'auth:reset.title' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'auth:reset.requestNewLink' }));
    expect(await screen.findByRole('dialog', { name: 'shell:popups.forgetPassModal' })).toBeVisible();
  });

  it('[AUTH-38] a link without a token says so without calling the server', async () => {
    const { api } = await openResetPage('/resetPassword');
    expect(screen.getByText('errors:RESET_LINK_INVALID')).toBeVisible();
    expect(api.callsTo('passwordReset')).toHaveLength(0);
  });
});
