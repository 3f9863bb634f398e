import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TwoFactorMethod } from '@shared/contract/session';
import { createPathModel } from '../../../models/path-model';
import { twoFactorModel, twoFactorModelEvents, type TwoFactorModelEvent } from '../../../models/two-factor.model';
import type { FakeApi } from '../../../helpers/fake-api';
import { accountHandlers, loginResult, refusal, twoFactorChallenge } from '../../../helpers/accounts-fixture';
import { expectSignedInAtHome, inPopup, PATH_TEST_TIMEOUT, retype, siteHeader } from '../../../helpers/popup-paths';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('loginPopupModal');

/** What a right answer is for each method; the fake server refuses anything else. */
const RIGHT_ANSWER: Record<TwoFactorMethod, string> = { sms: '654321', email: '765432', bankAccountName: 'Nguyen Van A', totp: '123456' };
const WRONG_ANSWER: Record<TwoFactorMethod, string> = { sms: '111111', email: '222222', bankAccountName: 'Someone Else', totp: '999999' };

/** The method whose radio is checked: the one the answer field belongs to. */
const chosenMethod = (): TwoFactorMethod =>
  (inDialog().getAllByRole('radio') as HTMLInputElement[]).find((radio) => radio.checked)!.value as TwoFactorMethod;

const expectNoSession = async () => {
  expect(window.sessionStorage.getItem('token')).toBeNull();
  expect((await siteHeader()).queryByRole('button', { name: 'shell:header.avatarMenu' })).not.toBeInTheDocument();
};

/** A method's answer field, with the send button where the server sends the code (sms, email). */
const expectAnswerForm = async (method: TwoFactorMethod, sendsCode: boolean) => {
  expect(await inDialog().findByLabelText(`auth:twoFactor.answer.${method}`)).toBeVisible();
  expect(inDialog().getByRole('radio', { name: `auth:twoFactor.methods.${method}` })).toBeChecked();
  if (sendsCode) {
    expect(inDialog().getByText('auth:twoFactor.sentTo')).toBeVisible();
    expect(inDialog().getByRole('button', { name: 'auth:sms.send' })).toBeEnabled();
  } else {
    expect(inDialog().queryByRole('button', { name: 'auth:sms.send' })).not.toBeInTheDocument();
  }
};

const expectCodeSent = async (method: 'sms' | 'email', api: FakeApi) => {
  // AUTH-30: the send button counts down and stays disabled
  expect(await inDialog().findByRole('button', { name: 'auth:sms.resendIn' })).toBeDisabled();
  expect(api.callsTo('loginTwoFactorCode').at(-1)?.body).toEqual({ challengeId: 'challenge-1', method });
  expect(inDialog().getByLabelText(`auth:twoFactor.answer.${method}`)).toBeVisible();
};

const model = createPathModel(twoFactorModel, twoFactorModelEvents);

/** Every screen by its shortest path, then every way to a session through each method. */
const suites = [
  { title: 'every screen a user can reach', paths: model.getShortestPaths({ allowDuplicatePaths: true }) },
  { title: 'every way to a session', paths: model.getSimplePaths({ toState: (state) => state.matches('home') }) },
];

describe.each(suites)('[AUTH-40] [AUTH-41] two-factor login from an unregistered IP, $title (model-based)', ({ paths }) => {
  for (const path of paths) {
    it(path.description, async () => {
      const { user, api, router } = await renderApp({
        path: '/login',
        accounts: true,
        handlers: {
          ...accountHandlers(),
          login: () => {
            throw refusal('TWO_FACTOR_REQUIRED', 401, twoFactorChallenge());
          },
          loginTwoFactorCode: () => ({ expiredMinutes: 5 }),
          loginTwoFactor: ({ body }) => {
            if (!body || body.code !== RIGHT_ANSWER[body.method]) throw refusal('TWO_FACTOR_INVALID');
            return loginResult();
          },
        },
      });
      await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });

      await path.test({
        events: {
          'credentials.submit': async () => {
            await retype(user, inDialog().getByLabelText('auth:fields.username'), 'player01');
            await retype(user, inDialog().getByLabelText('auth:fields.password'), 'Secret#2026');
            await user.click(inDialog().getByRole('button', { name: 'auth:login.submit' }));
          },
          'method.select': async ({ event }) => {
            // cast: the executor's event is typed { type } only
            const { method } = event as Extract<TwoFactorModelEvent, { type: 'method.select' }>;
            await user.click(inDialog().getByRole('radio', { name: `auth:twoFactor.methods.${method}` }));
          },
          'code.request': async () => {
            await user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
          },
          'code.submit': async ({ event }) => {
            const { reply } = event as Extract<TwoFactorModelEvent, { type: 'code.submit' }>;
            const method = chosenMethod();
            const answer = { ok: RIGHT_ANSWER[method], wrong: WRONG_ANSWER[method], blank: '' }[reply];
            await retype(user, inDialog().getByLabelText(`auth:twoFactor.answer.${method}`), answer);
            await user.click(inDialog().getByRole('button', { name: 'auth:twoFactor.submit' }));
          },
          'twoFactor.cancel': async () => {
            await user.click(inDialog().getByRole('button', { name: 'auth:twoFactor.cancel' }));
          },
        },
        states: {
          credentialsForm: async () => {
            expect(await inDialog().findByLabelText('auth:fields.username')).toBeVisible();
            expect(inDialog().queryByRole('heading', { name: 'auth:twoFactor.title' })).not.toBeInTheDocument();
            await expectNoSession();
          },
          methodChoice: async () => {
            expect(await inDialog().findByRole('heading', { name: 'auth:twoFactor.title' })).toBeVisible();
            // AUTH-41: the four methods, none chosen yet, so no answer field
            expect(inDialog().getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
              'auth:twoFactor.methods.sms',
              'auth:twoFactor.methods.email',
              'auth:twoFactor.methods.bankAccountName',
              'auth:twoFactor.methods.totp',
            ]);
            for (const radio of inDialog().getAllByRole('radio')) expect(radio).not.toBeChecked();
            expect(inDialog().queryByRole('button', { name: 'auth:twoFactor.submit' })).not.toBeInTheDocument();
            expect(api.callsTo('login').at(-1)?.body).toMatchObject({ username: 'player01' });
            // AUTH-40: no session before the second factor
            await expectNoSession();
          },
          smsForm: () => expectAnswerForm('sms', true),
          emailForm: () => expectAnswerForm('email', true),
          bankAccountNameForm: () => expectAnswerForm('bankAccountName', false),
          totpForm: () => expectAnswerForm('totp', false),
          smsCodeSent: () => expectCodeSent('sms', api),
          emailCodeSent: () => expectCodeSent('email', api),
          answerRequiredShown: async () => {
            expect(await inDialog().findByText('validation:required')).toBeVisible();
            expect(api.callsTo('loginTwoFactor')).toHaveLength(0);
            await expectNoSession();
          },
          wrongAnswerShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:TWO_FACTOR_INVALID');
            expect(inDialog().getByRole('heading', { name: 'auth:twoFactor.title' })).toBeVisible();
            await expectNoSession();
          },
          home: async () => {
            await expectSignedInAtHome(router);
            const verification = api.callsTo('loginTwoFactor').at(-1)?.body;
            expect(verification).toEqual({ challengeId: 'challenge-1', method: verification?.method, code: RIGHT_ANSWER[verification!.method] });
            expect(window.sessionStorage.getItem('token')).toBe('token-1');
          },
        },
      });
    }, PATH_TEST_TIMEOUT);
  }
});
