import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '@shared/contract/http';
import type { MachinePath } from '../../../models/machine-paths';
import { replayPath } from '../../../models/path-runner';
import { FORGOT_PASSWORD_VALUES, forgotPasswordPaths } from '../../../models/paths/forgot-password.paths';
import { accountHandlers } from '../../../helpers/accounts-fixture';
import { answerOf, describePaths, expectSignedInAtHome, inPopup, openLoginFromHeader, retype } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('forgetPassModal');

const openForgotPassword = async (flags: Record<string, boolean>) => {
  const app = await renderApp({
    path: '/promotions',
    accounts: true,
    permission: { flags },
    handlers: { ...accountHandlers(), smsNoLogin: () => ({ expiredMinutes: 1 }) },
  });
  await openLoginFromHeader(app.user);
  await app.user.click(inPopup('loginPopupModal').getByRole('button', { name: 'auth:login.forgotPassword' }));
  await screen.findByRole('dialog', { name: 'shell:popups.forgetPassModal' });
  return app;
};

const expectTabs = (selected: 'email' | 'mobileNum') => {
  expect(inDialog().getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['auth:forgot.tabs.email', 'auth:forgot.tabs.mobileNum']);
  expect(inDialog().getByRole('tab', { name: `auth:forgot.tabs.${selected}` })).toHaveAttribute('aria-selected', 'true');
};

describePaths('[AUTH-37] [AUTH-38] [AUTH-39] forgot-password popup with both reset flags', forgotPasswordPaths, async (path: MachinePath) => {
  let app!: RenderedApp;
  const fill = async (label: string, value: string) => retype(app.user, inDialog().getByLabelText(label), value);
  const { username, email, mobileNum, newPassword } = FORGOT_PASSWORD_VALUES;

  await replayPath(path, {
    start: async () => {
      app = await openForgotPassword({ CHNGPASSMAIL3: true, CHNGPASSVERIF3: true });
    },
    arrange: async (step) => {
      if (step.event.type.endsWith('.sendResetEmail')) app.api.handle({ forgotPasswordEmail: answerOf<ResponseOf<'forgotPasswordEmail'>>(step) });
      if (step.event.type.endsWith('.resetPasswordByPhone')) app.api.handle({ passwordByPhone: answerOf<ResponseOf<'passwordByPhone'>>(step) });
    },
    perform: async (step) => {
      switch (step.key) {
        case 'method.select:email':
        case 'method.select:mobileNum':
          return app.user.click(inDialog().getByRole('tab', { name: `auth:forgot.tabs.${step.variant}` }));
        case 'email.submit:valid':
        case 'email.submit:blank':
          await fill('auth:fields.username', step.variant === 'valid' ? username : '');
          await fill('auth:fields.email', step.variant === 'valid' ? email : '');
          return app.user.click(inDialog().getByRole('button', { name: 'auth:forgot.sendLink' }));
        case 'code.request:invalid number':
          await fill('auth:fields.mobileNum', '12');
          return app.user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
        case 'phone.submit:valid':
          await fill('auth:fields.mobileNum', mobileNum);
          await app.user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
          // AUTH-30: the send button counts down and stays disabled
          expect(await inDialog().findByRole('button', { name: 'auth:sms.resendIn' })).toBeDisabled();
          expect(app.api.callsTo('smsNoLogin').at(-1)?.body).toMatchObject({ mobileNum, countryDialingCode: '84' });
          await fill('auth:fields.verificationCode', '123456');
          await fill('auth:fields.newPassword', newPassword);
          return app.user.click(inDialog().getByRole('button', { name: 'auth:forgot.setPassword' }));
        case 'phone.submit:blank':
          return app.user.click(inDialog().getByRole('button', { name: 'auth:forgot.setPassword' }));
        case 'confirmation.dismiss':
          return app.user.click(inDialog().getByRole('button', { name: 'auth:forgot.done' }));
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    check: async (step) => {
      const { leaves, screen: facts } = step.state;
      if (leaves.includes('emailSent')) {
        const confirmation = await inDialog().findByRole('status');
        expect(confirmation).toHaveTextContent('auth:forgot.emailSentTitle');
        expect(app.api.callsTo('forgotPasswordEmail').at(-1)?.body).toEqual({ username, email });
        return;
      }
      if (leaves.includes('closed') && facts.tab === 'mobileNum') {
        await expectSignedInAtHome(app.router);
        expect(app.api.callsTo('passwordByPhone').at(-1)?.body).toMatchObject({ mobileNum, countryDialingCode: '84', verificationCode: '123456', newPassword });
        expect(window.sessionStorage.getItem('token')).toBe('token-1');
        return;
      }
      if (leaves.includes('closed')) {
        await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        // the user stays where they were, still a guest
        expect(app.router.location.pathname).toBe('/promotions');
        expect(window.sessionStorage.getItem('token')).toBeNull();
        return;
      }
      const tab = facts.tab === 'mobileNum' ? 'mobileNum' : 'email';
      await waitFor(() => expectTabs(tab));
      expect(await inDialog().findByLabelText(tab === 'email' ? 'auth:fields.email' : 'auth:fields.mobileNum')).toBeVisible();
      if (tab === 'mobileNum') expect(inDialog().queryByLabelText('auth:fields.email')).not.toBeInTheDocument();
      if (facts.error) expect(await inDialog().findByRole('alert')).toHaveTextContent(`errors:${facts.error}`);
      const fieldErrors = String(facts['field errors'] ?? '').split(' ').filter(Boolean);
      if (fieldErrors.length > 0) {
        expect((await inDialog().findAllByText(/^validation:/)).length).toBe(fieldErrors.length);
        expect([...app.api.callsTo('forgotPasswordEmail'), ...app.api.callsTo('passwordByPhone')]).toHaveLength(0);
      }
    },
  });
});

describe('[AUTH-37] [AUTH-50] forgot-password popup with one reset flag or none', () => {
  it('by email only: no tabs, the email form', async () => {
    await openForgotPassword({ CHNGPASSMAIL3: true });
    expect(inDialog().queryByRole('tablist')).not.toBeInTheDocument();
    expect(inDialog().getByLabelText('auth:fields.email')).toBeVisible();
    expect(inDialog().queryByLabelText('auth:fields.mobileNum')).not.toBeInTheDocument();
  });

  it('by phone only: no tabs, the phone form with its send-code button', async () => {
    await openForgotPassword({ CHNGPASSVERIF3: true });
    expect(inDialog().queryByRole('tablist')).not.toBeInTheDocument();
    expect(inDialog().getByLabelText('auth:fields.mobileNum')).toBeVisible();
    expect(inDialog().getByLabelText('auth:fields.newPassword')).toBeVisible();
    expect(inDialog().getByRole('button', { name: 'auth:sms.send' })).toBeEnabled();
  });

  it('with neither: the popup sends the user to customer service', async () => {
    await openForgotPassword({});
    expect(inDialog().getByRole('alert')).toHaveTextContent('auth:forgot.unavailable');
    expect(inDialog().queryByRole('textbox')).not.toBeInTheDocument();
  });
});
