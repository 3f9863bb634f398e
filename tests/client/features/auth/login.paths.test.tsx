import { screen } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { ResponseOf } from '@shared/contract/http';
import type { MachinePath, PathStep } from '../../../models/machine-paths';
import { replayPath } from '../../../models/path-runner';
import { LOGIN_VALUES, loginPaths } from '../../../models/paths/login.paths';
import { accountHandlers, loginResult } from '../../../helpers/accounts-fixture';
import { answerOf, describePaths, expectSignedInAtHome, inPopup, retype } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('loginPopupModal');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describePaths('[AUTH-02] [AUTH-04] [AUTH-07] [AUTH-10] [AUTH-11] [AUTH-31] [AUTH-33] [AUTH-40] login popup', loginPaths, async (path: MachinePath) => {
  let app!: RenderedApp;
  const fill = async (label: string, value: string) => retype(app.user, inDialog().getByLabelText(label), value);
  const submit = () => app.user.click(inDialog().getByRole('button', { name: 'auth:login.submit' }));

  await replayPath(path, {
    start: async () => {
      app = await renderApp({
        path: '/login',
        accounts: true,
        permission: { flags: { SMSLOGIN3: true } },
        handlers: { ...accountHandlers(), smsNoLogin: () => ({ expiredMinutes: 1 }) },
      });
      await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
    },
    arrange: async (step) => {
      if (step.event.type.endsWith('.submitLogin')) app.api.handle({ login: answerOf<ResponseOf<'login'>>(step) });
      if (step.event.type.endsWith('.loadCaptcha')) app.api.handle({ captcha: () => ({ ...answerOf<ResponseOf<'captcha'>>(step)(), expiresInSeconds: 120 }) });
    },
    perform: async (step) => {
      switch (step.key) {
        case 'credentials.submit:valid':
        case 'credentials.submit:with captcha':
          await fill('auth:fields.username', LOGIN_VALUES.username);
          await fill('auth:fields.password', LOGIN_VALUES.password);
          if (step.variant === 'with captcha') await fill('auth:fields.captcha', 'AB12');
          return submit();
        case 'credentials.submit:blank':
          return submit();
        case 'credentials.submit:sms code':
          await fill('auth:fields.mobileNum', LOGIN_VALUES.mobileNum);
          await app.user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
          await inDialog().findByRole('button', { name: 'auth:sms.resendIn' });
          await fill('auth:fields.verificationCode', '123456');
          return submit();
        case 'tab.select:sms':
        case 'tab.select:username':
          return app.user.click(inDialog().getByRole('tab', { name: `auth:tabs.${step.variant}` }));
        case 'captcha.refresh':
          return app.user.click(inDialog().getByRole('button', { name: 'auth:captcha.refresh' }));
        case 'twoFactor.cancel':
          return app.user.click(inDialog().getByRole('button', { name: 'auth:twoFactor.cancel' }));
        case 'xstate.done.actor.twoFactor:verified':
          app.api.handle({ loginTwoFactor: () => loginResult() });
          await app.user.click(inDialog().getByRole('radio', { name: 'auth:twoFactor.methods.totp' }));
          await fill('auth:twoFactor.answer.totp', '123456');
          return app.user.click(inDialog().getByRole('button', { name: 'auth:twoFactor.submit' }));
        case 'xstate.done.actor.passwordChange:changed':
          app.api.handle({ changePassword: () => null });
          if (inDialog().queryByLabelText('auth:fields.oldPassword')) await fill('auth:fields.oldPassword', LOGIN_VALUES.password);
          await fill('auth:fields.newPassword', LOGIN_VALUES.newPassword);
          await fill('auth:fields.confirmNewPassword', LOGIN_VALUES.newPassword);
          return app.user.click(inDialog().getByRole('button', { name: 'auth:passwordChange.submit' }));
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    // The captcha's refresh throttle is the only delay: a second.
    settle: async (step) => {
      if (step.kind === 'delay') await sleep(1_100);
    },
    check: async (step: PathStep) => {
      const { leaves, screen: facts } = step.state;
      if (leaves.includes('authenticated')) {
        await expectSignedInAtHome(app.router);
        expect(window.sessionStorage.getItem('token')).toBe('token-1');
        return;
      }
      if (leaves.includes('twoFactor')) {
        expect(await inDialog().findByRole('heading', { name: 'auth:twoFactor.title' })).toBeVisible();
        expect(window.sessionStorage.getItem('token')).toBeNull();
        return;
      }
      if (leaves.includes('changingPassword')) {
        expect(await inDialog().findByLabelText('auth:fields.newPassword')).toBeVisible();
        // AUTH-35: after a password login the typed password is the old one, so its field is not shown
        if (facts.tab !== 'sms') expect(inDialog().queryByLabelText('auth:fields.oldPassword')).not.toBeInTheDocument();
        return;
      }
      const tab = facts.tab === 'sms' ? 'sms' : 'username';
      expect(await inDialog().findByRole('tab', { name: `auth:tabs.${tab}`, selected: true })).toBeVisible();
      if (facts.error) expect(await inDialog().findByRole('alert')).toHaveTextContent(`errors:${facts.error}`);
      else expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
      if (facts['field errors']) expect((await inDialog().findAllByText(/^validation:/)).length).toBeGreaterThan(0);
      if (leaves.some((leaf) => leaf.startsWith('awaitingCredentials.captcha.shown'))) {
        expect(await inDialog().findByRole('img', { name: 'auth:captcha.image' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
        if (leaves.includes('awaitingCredentials.captcha.shown.ready')) {
          expect(inDialog().getByRole('button', { name: 'auth:captcha.refresh' })).toBeEnabled();
        }
      } else if (tab === 'username') {
        expect(inDialog().queryByLabelText('auth:fields.captcha')).not.toBeInTheDocument();
      }
    },
  });
});
