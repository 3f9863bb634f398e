import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPathModel } from '../../../models/path-model';
import { registrationModel, registrationModelEvents, type RegistrationModelEvent } from '../../../models/registration.model';
import { accountHandlers, loginResult, refusal } from '../../../helpers/accounts-fixture';
import { expectSignedInAtHome, inPopup, PATH_TEST_TIMEOUT, retype } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('registerModal');
const registered = () => ({ account: 'player01', session: loginResult() });

const model = createPathModel(registrationModel, registrationModelEvents);

const suites = [
  { title: 'every screen a user can reach', paths: model.getShortestPaths({ allowDuplicatePaths: true }) },
  { title: 'every way to a new account', paths: model.getSimplePaths({ toState: (state) => state.matches('home') }) },
];

describe.each(suites)('[AUTH-21] [AUTH-24] [AUTH-25] [AUTH-26] [AUTH-27] [AUTH-29] registration popup, $title (model-based)', ({ paths }) => {
  for (const path of paths) {
    it(path.description, async () => {
      const app: RenderedApp = await renderApp({
        path: '/register?referralCode=REF42',
        accounts: true,
        permission: { flags: { USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: true } },
        handlers: {
          ...accountHandlers(),
          registerSettings: () => ({}),
          smsRegister: () => ({ expiredMinutes: 2 }),
          affiliate: ({ query }) => ({ code: String(query?.code), valid: true }),
        },
      });
      const { user, api } = app;
      await screen.findByRole('dialog', { name: 'shell:popups.registerModal' });
      const fill = async (label: string, value: string) => retype(user, inDialog().getByLabelText(label), value);

      await path.test({
        events: {
          'registration.submit': async ({ event }) => {
            // cast: the executor's event is typed { type } only
            const { reply } = event as Extract<RegistrationModelEvent, { type: 'registration.submit' }>;
            const onUsernameForm = inDialog().queryByLabelText('registration:fields.username') !== null;
            const terms = inDialog().getByRole('checkbox', { name: /registration:terms.agree/ });
            if (reply !== 'invalid' && onUsernameForm) {
              await fill('registration:fields.username', 'newplayer');
              await fill('registration:fields.password', 'Str0ng#pass');
              await fill('registration:fields.confirmPassword', 'Str0ng#pass');
              await fill('registration:fields.mobileNum', '901234567');
              await fill('registration:fields.verificationCode', '123456');
              await fill('registration:fields.affiliateCode', reply === 'invitationCodeError' ? 'BAD1' : '');
            }
            if (reply !== 'invalid' && !onUsernameForm) await fill('registration:fields.verificationCode', '123456');
            if ((reply === 'termsUnticked') === (terms as HTMLInputElement).checked) await user.click(terms);
            if (reply === 'invitationCodeError') {
              api.handle({
                affiliate: () => {
                  throw refusal('INVITATION_CODE_ERROR');
                },
              });
            }
            const answer =
              reply === 'refused'
                ? () => {
                    throw refusal(onUsernameForm ? 'USERNAME_TAKEN' : 'SMS_CODE_INVALID', 409);
                  }
                : registered;
            api.handle({ register: answer, registerMobile: answer });
            await user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
          },
          'type.select': async ({ event }) => {
            const { registrationType } = event as Extract<RegistrationModelEvent, { type: 'type.select' }>;
            await user.click(inDialog().getByRole('tab', { name: `registration:tabs.${registrationType}` }));
          },
          'code.request': async () => {
            await fill('registration:fields.mobileNum', '901234567');
            await user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
          },
        },
        states: {
          usernameForm: async () => {
            expect(await inDialog().findByLabelText('registration:fields.username')).toBeVisible();
            // AUTH-25: the terms box starts ticked
            expect(inDialog().getByRole('checkbox', { name: /registration:terms.agree/ })).toBeChecked();
          },
          mobileForm: async () => {
            expect(await inDialog().findByLabelText('registration:fields.mobileNum')).toBeVisible();
            expect(inDialog().queryByLabelText('registration:fields.username')).not.toBeInTheDocument();
          },
          codeSent: async () => {
            expect(await inDialog().findByRole('button', { name: 'auth:sms.resendIn' })).toBeDisabled();
            expect(api.callsTo('smsRegister')[0]?.body).toMatchObject({ mobileNo: '901234567', countryDialingCode: '84' });
          },
          fieldErrorsShown: async () => {
            expect((await inDialog().findAllByText('validation:required')).length).toBeGreaterThanOrEqual(3);
            expect(api.callsTo('register')).toHaveLength(0);
          },
          termsErrorShown: async () => {
            expect(await inDialog().findByText('validation:termsRequired')).toBeVisible();
            expect(api.callsTo('register')).toHaveLength(0);
          },
          invitationErrorShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:INVITATION_CODE_ERROR');
            expect(api.callsTo('affiliate').at(-1)?.query).toMatchObject({ code: 'BAD1' });
            expect(api.callsTo('register')).toHaveLength(0);
          },
          errorShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent(/errors:(USERNAME_TAKEN|SMS_CODE_INVALID)/);
          },
          home: async () => {
            await expectSignedInAtHome(app.router);
            const request = [...api.callsTo('register'), ...api.callsTo('registerMobile')].at(-1)?.body;
            expect(request).toMatchObject({ referralCode: 'REF42', registerMethod: 'WEB', login: true, termsAccepted: true, domain: 'localhost' });
            expect(request?.botCheck).toBeTruthy();
          },
        },
      });
    }, PATH_TEST_TIMEOUT);
  }
});
