import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgotPasswordModel,
  forgotPasswordModelEvents,
  type ForgotPasswordFlags,
  type ForgotPasswordModelEvent,
} from '../../../models/forgot-password.model';
import { createPathModel } from '../../../models/path-model';
import { accountHandlers, loginResult, refusal } from '../../../helpers/accounts-fixture';
import { expectSignedInAtHome, inPopup, openLoginFromHeader, PATH_TEST_TIMEOUT, retype } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('forgetPassModal');

const FLAGS: Record<ForgotPasswordFlags, Record<string, boolean>> = {
  both: { CHNGPASSMAIL3: true, CHNGPASSVERIF3: true },
  emailOnly: { CHNGPASSMAIL3: true },
  phoneOnly: { CHNGPASSVERIF3: true },
  none: {},
};

const expectNoTabs = () => expect(inDialog().queryByRole('tablist')).not.toBeInTheDocument();

const expectTabs = (selected: 'email' | 'mobileNum') => {
  expect(inDialog().getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['auth:forgot.tabs.email', 'auth:forgot.tabs.mobileNum']);
  expect(inDialog().getByRole('tab', { name: `auth:forgot.tabs.${selected}` })).toHaveAttribute('aria-selected', 'true');
};

const model = createPathModel(forgotPasswordModel, forgotPasswordModelEvents);

/** Every screen by its shortest path, then every way to a new password or a sent link. */
const suites = [
  { title: 'every screen a user can reach', paths: model.getShortestPaths({ allowDuplicatePaths: true }) },
  {
    title: 'every way to a new password or a reset link',
    paths: model.getSimplePaths({ toState: (state) => state.matches('home') || state.matches('popupClosed') }),
  },
];

describe.each(suites)('[AUTH-37] [AUTH-38] [AUTH-39] [AUTH-50] forgot-password popup, $title (model-based)', ({ paths }) => {
  for (const path of paths) {
    it(path.description, async () => {
      // rendered by the first action, which picks the site's reset flags
      let rendered: RenderedApp | null = null;
      const app = () => {
        if (!rendered) throw new Error('the popup is not open yet');
        return rendered;
      };
      const fill = async (label: string, value: string) => retype(app().user, inDialog().getByLabelText(label), value);

      await path.test({
        events: {
          'popup.open': async ({ event }) => {
            // cast: the executor's event is typed { type } only
            const { flags } = event as Extract<ForgotPasswordModelEvent, { type: 'popup.open' }>;
            rendered = await renderApp({
              path: '/promotions',
              accounts: true,
              permission: { flags: FLAGS[flags] },
              handlers: { ...accountHandlers(), smsNoLogin: () => ({ expiredMinutes: 1 }) },
            });
            await openLoginFromHeader(rendered.user);
            await rendered.user.click(inPopup('loginPopupModal').getByRole('button', { name: 'auth:login.forgotPassword' }));
            await screen.findByRole('dialog', { name: 'shell:popups.forgetPassModal' });
          },
          'method.select': async ({ event }) => {
            const { method } = event as Extract<ForgotPasswordModelEvent, { type: 'method.select' }>;
            await app().user.click(inDialog().getByRole('tab', { name: `auth:forgot.tabs.${method}` }));
          },
          'email.submit': async ({ event }) => {
            const { reply } = event as Extract<ForgotPasswordModelEvent, { type: 'email.submit' }>;
            app().api.handle({
              forgotPasswordEmail: () => {
                if (reply === 'refused') throw refusal('USER_NOT_FOUND', 404);
                return { expiresInMinutes: 30 };
              },
            });
            await fill('auth:fields.username', reply === 'invalid' ? '' : 'player01');
            await fill('auth:fields.email', reply === 'invalid' ? '' : 'player01@example.com');
            await app().user.click(inDialog().getByRole('button', { name: 'auth:forgot.sendLink' }));
          },
          'code.request': async () => {
            await fill('auth:fields.mobileNum', '901234567');
            await app().user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
          },
          'phone.submit': async ({ event }) => {
            const { reply } = event as Extract<ForgotPasswordModelEvent, { type: 'phone.submit' }>;
            app().api.handle({
              passwordByPhone: () => {
                if (reply === 'refused') throw refusal('SMS_CODE_INVALID');
                return loginResult();
              },
            });
            if (reply !== 'invalid') {
              await fill('auth:fields.verificationCode', reply === 'refused' ? '000000' : '123456');
              await fill('auth:fields.newPassword', 'N3w#Secret');
            }
            await app().user.click(inDialog().getByRole('button', { name: 'auth:forgot.setPassword' }));
          },
          'confirmation.dismiss': async () => {
            await app().user.click(inDialog().getByRole('button', { name: 'auth:forgot.done' }));
          },
        },
        states: {
          tabbedEmailForm: async () => {
            expectTabs('email');
            expect(inDialog().getByLabelText('auth:fields.username')).toBeVisible();
            expect(inDialog().getByLabelText('auth:fields.email')).toBeVisible();
          },
          tabbedPhoneForm: async () => {
            expectTabs('mobileNum');
            expect(await inDialog().findByLabelText('auth:fields.mobileNum')).toBeVisible();
            expect(inDialog().queryByLabelText('auth:fields.email')).not.toBeInTheDocument();
          },
          emailForm: async () => {
            expectNoTabs();
            expect(inDialog().getByLabelText('auth:fields.email')).toBeVisible();
            expect(inDialog().queryByLabelText('auth:fields.mobileNum')).not.toBeInTheDocument();
          },
          phoneForm: async () => {
            expectNoTabs();
            expect(inDialog().getByLabelText('auth:fields.mobileNum')).toBeVisible();
            expect(inDialog().getByLabelText('auth:fields.newPassword')).toBeVisible();
            expect(inDialog().getByRole('button', { name: 'auth:sms.send' })).toBeEnabled();
          },
          unavailableShown: async () => {
            expect(inDialog().getByRole('alert')).toHaveTextContent('auth:forgot.unavailable');
            expect(inDialog().queryByRole('textbox')).not.toBeInTheDocument();
          },
          emailFieldErrorsShown: async () => {
            expect(await inDialog().findAllByText('validation:required')).toHaveLength(2);
            expect(app().api.callsTo('forgotPasswordEmail')).toHaveLength(0);
          },
          emailErrorShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:USER_NOT_FOUND');
            expect(inDialog().getByLabelText('auth:fields.email')).toBeVisible();
          },
          emailSentShown: async () => {
            const confirmation = await inDialog().findByRole('status');
            expect(confirmation).toHaveTextContent('auth:forgot.emailSentTitle');
            expect(confirmation).toHaveTextContent('auth:forgot.emailSent');
            expect(app().api.callsTo('forgotPasswordEmail').at(-1)?.body).toEqual({ username: 'player01', email: 'player01@example.com' });
          },
          popupClosed: async () => {
            await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
            // the user stays where they were, still a guest
            expect(app().router.state.location.pathname).toBe('/promotions');
            expect(window.sessionStorage.getItem('token')).toBeNull();
          },
          phoneFieldErrorsShown: async () => {
            expect(await inDialog().findAllByText('validation:required')).toHaveLength(3);
            expect(app().api.callsTo('passwordByPhone')).toHaveLength(0);
          },
          codeSent: async () => {
            // AUTH-30: the send button counts down and stays disabled
            expect(await inDialog().findByRole('button', { name: 'auth:sms.resendIn' })).toBeDisabled();
            expect(app().api.callsTo('smsNoLogin').at(-1)?.body).toMatchObject({ mobileNum: '901234567', countryDialingCode: '84' });
          },
          phoneErrorShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:SMS_CODE_INVALID');
            expect(window.sessionStorage.getItem('token')).toBeNull();
          },
          home: async () => {
            await expectSignedInAtHome(app().router);
            expect(app().api.callsTo('passwordByPhone').at(-1)?.body).toMatchObject({
              mobileNum: '901234567',
              countryDialingCode: '84',
              verificationCode: '123456',
              newPassword: 'N3w#Secret',
            });
            expect(window.sessionStorage.getItem('token')).toBe('token-1');
          },
        },
      });
    }, PATH_TEST_TIMEOUT);
  }
});
