import { waitFor } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { MachinePath } from '../../../models/machine-paths';
import { replayPath } from '../../../models/path-runner';
import { passwordChangePaths } from '../../../models/paths/password-change.paths';
import { accountHandlers, storeSession } from '../../../helpers/accounts-fixture';
import { answerOf, describePaths, expectSignedInAtHome, inPopup, retype, siteHeader } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('changePassModal');

/** The field error each refused form shows under its field (VAL-35). */
const FIELD_ERROR: Record<string, string> = { confirmNewPassword: 'validation:confirmationWrong', newPassword: 'validation:formatIncorrect' };

describePaths('[AUTH-34] [AUTH-35] [AUTH-36] [VAL-35] change-password popup', passwordChangePaths, async (path: MachinePath) => {
  let app!: RenderedApp;
  const fill = async (label: string, value: string) => retype(app.user, inDialog().getByLabelText(label), value);

  await replayPath(path, {
    start: async () => {
      storeSession();
      app = await renderApp({ path: '/promotions', accounts: true, handlers: accountHandlers() });
      await (await siteHeader()).findByRole('button', { name: 'shell:header.avatarMenu' });
      app.popups.open('changePassModal');
    },
    arrange: async (step) => app.api.handle({ changePassword: answerOf<null>(step) }),
    perform: async (step) => {
      const { values } = step.event as { values?: { oldPassword: string; newPassword: string; confirmNewPassword: string } };
      if (!values) throw new Error(`no way to make ${step.label} happen`);
      await fill('auth:fields.oldPassword', values.oldPassword);
      await fill('auth:fields.newPassword', values.newPassword);
      await fill('auth:fields.confirmNewPassword', values.confirmNewPassword);
      await app.user.click(inDialog().getByRole('button', { name: 'auth:passwordChange.submit' }));
    },
    check: async (step) => {
      const { leaves, screen: facts } = step.state;
      if (leaves.includes('changed')) {
        await expectSignedInAtHome(app.router);
        expect(app.api.callsTo('changePassword').at(-1)?.body).toEqual({
          oldPassword: 'Secret#2026',
          newPassword: 'N3w#Secret2026',
          confirmNewPassword: 'N3w#Secret2026',
        });
        // AUTH-36: the member info is read again
        await waitFor(() => expect(app.api.callsTo('memberInfo')).toHaveLength(2));
        return;
      }
      expect(await inDialog().findByLabelText('auth:fields.username')).toHaveAttribute('readonly');
      expect(inDialog().getByLabelText('auth:fields.username')).toHaveValue('player01');
      // AUTH-35: opened on its own, no password is held, so the old one is asked
      expect(inDialog().getByLabelText('auth:fields.oldPassword')).toBeVisible();
      for (const field of String(facts['field errors'] ?? '').split(' ').filter(Boolean)) {
        expect(await inDialog().findByText(FIELD_ERROR[field]!)).toBeVisible();
        expect(app.api.callsTo('changePassword')).toHaveLength(0);
      }
      if (facts.error) expect(await inDialog().findByRole('alert')).toHaveTextContent(`errors:${facts.error}`);
    },
  });
});
