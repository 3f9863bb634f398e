import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginModel, loginModelEvents, type LoginModelEvent, type LoginReply } from '../../../models/login.model';
import { createPathModel } from '../../../models/path-model';
import { accountHandlers, loginResult, refusal, twoFactorChallenge } from '../../../helpers/accounts-fixture';
import type { FakeHandlers } from '../../../helpers/fake-api';
import { expectSignedInAtHome, inPopup, PATH_TEST_TIMEOUT } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

/** What the fake server answers to the login call for each scripted reply of the model. */
const loginAnswer = (reply: LoginReply): FakeHandlers['login'] => {
  switch (reply) {
    case 'refused':
      return () => {
        throw refusal('INVALID_CREDENTIALS', 401, { captchaRequired: false });
      };
    case 'captchaRequired':
      return () => {
        throw refusal('CAPTCHA_REQUIRED', 400, { captchaRequired: true });
      };
    case 'twoFactorRequired':
      return () => {
        throw refusal('TWO_FACTOR_REQUIRED', 401, twoFactorChallenge());
      };
    case 'passwordChangeRequired':
      return () => loginResult({ mustChangePassword: true, passwordIsDefault: true });
    default:
      return () => loginResult();
  }
};

const inDialog = () => inPopup('loginPopupModal');

const model = createPathModel(loginModel, loginModelEvents);

/** Every screen by its shortest path, then every way home (captcha, two-factor, forced change, sms). */
const suites = [
  { title: 'every screen a user can reach', paths: model.getShortestPaths({ allowDuplicatePaths: true }) },
  { title: 'every way to a session', paths: model.getSimplePaths({ toState: (state) => state.matches('home') }) },
];

describe.each(suites)('[AUTH-02] [AUTH-04] [AUTH-07] [AUTH-10] [AUTH-33] [AUTH-40] login popup, $title (model-based)', ({ paths }) => {
  for (const path of paths) {
    it(path.description, async () => {
      const app: RenderedApp = await renderApp({
        path: '/login',
        accounts: true,
        permission: { flags: { SMSLOGIN3: true } },
        handlers: {
          ...accountHandlers(),
          smsNoLogin: () => ({ expiredMinutes: 1 }),
          loginTwoFactor: () => loginResult(),
          changePassword: () => null,
        },
      });
      const { user, api } = app;
      await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });

      await path.test({
        events: {
          'credentials.submit': async ({ event }) => {
            // cast: the executor's event is typed { type } only
            const { reply } = event as Extract<LoginModelEvent, { type: 'credentials.submit' }>;
            api.handle({ login: loginAnswer(reply) });
            const onSmsTab = inDialog().queryByLabelText('auth:fields.mobileNum') !== null;
            if (onSmsTab) {
              await user.type(inDialog().getByLabelText('auth:fields.verificationCode'), '123456');
            } else if (reply !== 'invalid') {
              await user.clear(inDialog().getByLabelText('auth:fields.username'));
              await user.type(inDialog().getByLabelText('auth:fields.username'), 'player01');
              await user.clear(inDialog().getByLabelText('auth:fields.password'));
              await user.type(inDialog().getByLabelText('auth:fields.password'), 'Secret#2026');
            }
            await user.click(inDialog().getByRole('button', { name: 'auth:login.submit' }));
          },
          'tab.select': async ({ event }) => {
            const { tab } = event as Extract<LoginModelEvent, { type: 'tab.select' }>;
            await user.click(inDialog().getByRole('tab', { name: `auth:tabs.${tab}` }));
          },
          'code.request': async () => {
            await user.type(inDialog().getByLabelText('auth:fields.mobileNum'), '901234567');
            await user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
          },
          'captcha.submit': async () => {
            api.handle({ login: loginAnswer('ok') });
            await user.type(await inDialog().findByLabelText('auth:fields.captcha'), 'AB12');
            await user.click(inDialog().getByRole('button', { name: 'auth:login.submit' }));
          },
          'twoFactor.submit': async () => {
            await user.click(inDialog().getByRole('radio', { name: 'auth:twoFactor.methods.totp' }));
            await user.type(inDialog().getByLabelText('auth:twoFactor.answer.totp'), '123456');
            await user.click(inDialog().getByRole('button', { name: 'auth:twoFactor.submit' }));
          },
          'twoFactor.cancel': async () => {
            await user.click(inDialog().getByRole('button', { name: 'auth:twoFactor.cancel' }));
          },
          'password.submit': async () => {
            await user.type(inDialog().getByLabelText('auth:fields.newPassword'), 'N3w#Secret');
            await user.type(inDialog().getByLabelText('auth:fields.confirmNewPassword'), 'N3w#Secret');
            await user.click(inDialog().getByRole('button', { name: 'auth:passwordChange.submit' }));
          },
        },
        states: {
          credentialsForm: async () => {
            expect(await inDialog().findByLabelText('auth:fields.username')).toBeVisible();
            expect(inDialog().getByRole('tab', { name: 'auth:tabs.username' })).toHaveAttribute('aria-selected', 'true');
          },
          smsForm: async () => {
            expect(await inDialog().findByLabelText('auth:fields.mobileNum')).toBeVisible();
            expect(inDialog().getByRole('button', { name: 'auth:sms.send' })).toBeEnabled();
          },
          smsCodeSent: async () => {
            // AUTH-30: the button counts down and stays disabled
            expect(await inDialog().findByRole('button', { name: 'auth:sms.resendIn' })).toBeDisabled();
            expect(api.callsTo('smsNoLogin')[0]?.body).toMatchObject({ mobileNum: '901234567', countryDialingCode: '84' });
            expect(api.callsTo('smsNoLogin')[0]?.body?.botCheck).toBeTruthy();
          },
          fieldErrorsShown: async () => {
            expect(await inDialog().findAllByText('validation:required')).toHaveLength(2);
            expect(api.callsTo('login')).toHaveLength(0);
          },
          errorShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:INVALID_CREDENTIALS');
          },
          captchaShown: async () => {
            expect(await inDialog().findByRole('img', { name: 'auth:captcha.image' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
            expect(inDialog().getByLabelText('auth:fields.captcha')).toBeVisible();
          },
          twoFactorForm: async () => {
            expect(await inDialog().findByRole('heading', { name: 'auth:twoFactor.title' })).toBeVisible();
            expect(inDialog().getAllByRole('radio')).toHaveLength(4);
          },
          passwordChangeForm: async () => {
            expect(await inDialog().findByLabelText('auth:fields.newPassword')).toBeVisible();
            expect(inDialog().getByLabelText('auth:fields.username')).toHaveValue('player01');
            // AUTH-35: the password just typed is the old one, so its field is not shown
            expect(inDialog().queryByLabelText('auth:fields.oldPassword')).not.toBeInTheDocument();
          },
          home: async () => {
            await expectSignedInAtHome(app.router);
            expect(window.sessionStorage.getItem('token')).toBe('token-1');
          },
        },
      });
    }, PATH_TEST_TIMEOUT);
  }
});
