import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountHandlers, loginResult, refusal } from '../../../helpers/accounts-fixture';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => within(screen.getByRole('dialog', { name: 'shell:popups.forgetPassModal' }));

const openForgot = async (flags: Record<string, boolean>, handlers: FakeHandlers = {}) => {
  const app = await renderApp({ path: '/promotions', accounts: true, permission: { flags }, handlers: { ...accountHandlers(), ...handlers } });
  await screen.findByRole('banner');
  app.popups.open('forgetPassModal');
  return app;
};

describe('forgetPassModal', () => {
  it('[AUTH-37] the email and mobileNum tabs show only when both reset flags are on', async () => {
    await openForgot({ CHNGPASSMAIL3: true, CHNGPASSVERIF3: true });
    expect(inDialog().getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['auth:forgot.tabs.email', 'auth:forgot.tabs.mobileNum']);
  });

  it('[AUTH-37] with the email flag only there are no tabs, just the email form', async () => {
    await openForgot({ CHNGPASSMAIL3: true });
    expect(inDialog().queryByRole('tablist')).not.toBeInTheDocument();
    expect(inDialog().getByLabelText('auth:fields.email')).toBeVisible();
  });

  it('[AUTH-38] [VAL-36] by email: both fields required, then a confirmation that closes the popup', async () => {
    const { user, api } = await openForgot({ CHNGPASSMAIL3: true }, { forgotPasswordEmail: () => ({ expiresInMinutes: 30 }) });
    await user.click(inDialog().getByRole('button', { name: 'auth:forgot.sendLink' }));
    expect(await inDialog().findAllByText('validation:required')).toHaveLength(2);
    await user.type(inDialog().getByLabelText('auth:fields.username'), 'player01');
    await user.type(inDialog().getByLabelText('auth:fields.email'), 'player01@example.com');
    await user.click(inDialog().getByRole('button', { name: 'auth:forgot.sendLink' }));
    expect(await inDialog().findByText('auth:forgot.emailSent')).toBeVisible();
    expect(api.callsTo('forgotPasswordEmail')[0]?.body).toEqual({ username: 'player01', email: 'player01@example.com' });
    await user.click(inDialog().getByRole('button', { name: 'auth:forgot.done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[ERR-02] an unknown username or email shows its message', async () => {
    const { user } = await openForgot(
      { CHNGPASSMAIL3: true },
      {
        forgotPasswordEmail: () => {
          throw refusal('USER_NOT_FOUND', 404);
        },
      },
    );
    await user.type(inDialog().getByLabelText('auth:fields.username'), 'nobody');
    await user.type(inDialog().getByLabelText('auth:fields.email'), 'nobody@example.com');
    await user.click(inDialog().getByRole('button', { name: 'auth:forgot.sendLink' }));
    expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:USER_NOT_FOUND');
  });

  it('[AUTH-39] [VAL-37] by phone: a code, a new password, then logged in at /', async () => {
    const { user, api, router } = await openForgot(
      { CHNGPASSVERIF3: true },
      { smsNoLogin: () => ({ expiredMinutes: 1 }), passwordByPhone: () => loginResult() },
    );
    await user.click(inDialog().getByRole('button', { name: 'auth:forgot.setPassword' }));
    expect((await inDialog().findAllByText('validation:required')).length).toBe(3);
    await user.type(inDialog().getByLabelText('auth:fields.mobileNum'), '901234567');
    await user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
    expect(await inDialog().findByRole('button', { name: 'auth:sms.resendIn' })).toBeDisabled();
    await user.type(inDialog().getByLabelText('auth:fields.verificationCode'), '123456');
    await user.type(inDialog().getByLabelText('auth:fields.newPassword'), 'N3w#Secret');
    await user.click(inDialog().getByRole('button', { name: 'auth:forgot.setPassword' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.location.pathname).toBe('/');
    expect(api.callsTo('passwordByPhone')[0]?.body).toMatchObject({ mobileNum: '901234567', verificationCode: '123456', newPassword: 'N3w#Secret' });
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'shell:header.avatarMenu' })).toBeVisible();
  });

  it('[AUTH-50] with neither reset flag the popup tells the user to contact customer service', async () => {
    await openForgot({});
    expect(inDialog().getByRole('alert')).toHaveTextContent('auth:forgot.unavailable');
  });
});
