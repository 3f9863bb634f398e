import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { passwordChangeModel, passwordChangeModelEvents, type PasswordChangeModelEvent } from '../../../models/password-change.model';
import { createPathModel } from '../../../models/path-model';
import { accountHandlers, refusal, storeSession } from '../../../helpers/accounts-fixture';
import { expectSignedInAtHome, inPopup, PATH_TEST_TIMEOUT, retype, siteHeader } from '../../../helpers/popup-paths';
import { renderApp, resetShell } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('changePassModal');

/** What each scripted reply types: the server sees only the `ok` and `wrongOldPassword` submissions. */
const NEW_PASSWORD = { ok: 'N3w#Secret', wrongOldPassword: 'N3w#Secret', mismatch: 'N3w#Secret', weak: 'weakpass' } as const;

const model = createPathModel(passwordChangeModel, passwordChangeModelEvents);

const suites = [
  { title: 'every screen a user can reach', paths: model.getShortestPaths({ allowDuplicatePaths: true }) },
  { title: 'every way to a changed password', paths: model.getSimplePaths({ toState: (state) => state.matches('home') }) },
];

describe.each(suites)('[AUTH-34] [AUTH-35] [AUTH-36] [VAL-35] change-password popup, $title (model-based)', ({ paths }) => {
  for (const path of paths) {
    it(path.description, async () => {
      storeSession();
      const { user, api, router, popups } = await renderApp({ path: '/promotions', accounts: true, handlers: accountHandlers() });
      await (await siteHeader()).findByRole('button', { name: 'shell:header.avatarMenu' });
      popups.open('changePassModal');
      const fill = async (label: string, value: string) => retype(user, inDialog().getByLabelText(label), value);

      await path.test({
        events: {
          'password.submit': async ({ event }) => {
            // cast: the executor's event is typed { type } only
            const { reply } = event as PasswordChangeModelEvent;
            api.handle({
              changePassword: () => {
                if (reply === 'wrongOldPassword') throw refusal('PASSWORD_WRONG');
                return null;
              },
            });
            await fill('auth:fields.oldPassword', 'Old#Secret1');
            await fill('auth:fields.newPassword', NEW_PASSWORD[reply]);
            await fill('auth:fields.confirmNewPassword', reply === 'mismatch' ? 'N3w#Secret-typo' : NEW_PASSWORD[reply]);
            await user.click(inDialog().getByRole('button', { name: 'auth:passwordChange.submit' }));
          },
        },
        states: {
          form: async () => {
            expect(await inDialog().findByLabelText('auth:fields.username')).toHaveAttribute('readonly');
            expect(inDialog().getByLabelText('auth:fields.username')).toHaveValue('player01');
            // AUTH-35: opened on its own, no password is held, so the old one is asked
            expect(inDialog().getByLabelText('auth:fields.oldPassword')).toBeVisible();
          },
          confirmationErrorShown: async () => {
            expect(await inDialog().findByText('validation:confirmationWrong')).toBeVisible();
            expect(api.callsTo('changePassword')).toHaveLength(0);
          },
          passwordRuleErrorShown: async () => {
            expect(await inDialog().findByText('validation:formatIncorrect')).toBeVisible();
            expect(api.callsTo('changePassword')).toHaveLength(0);
          },
          errorShown: async () => {
            expect(await inDialog().findByRole('alert')).toHaveTextContent('errors:PASSWORD_WRONG');
          },
          home: async () => {
            await expectSignedInAtHome(router);
            expect(api.callsTo('changePassword').at(-1)?.body).toEqual({ oldPassword: 'Old#Secret1', newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' });
            // AUTH-36: the member info is read again
            await waitFor(() => expect(api.callsTo('memberInfo')).toHaveLength(2));
          },
        },
      });
    }, PATH_TEST_TIMEOUT);
  }
});
