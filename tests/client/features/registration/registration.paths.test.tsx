import { screen } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { ResponseOf } from '@shared/contract/http';
import type { RegistrationFormValues } from '@machines/registration/registration.types';
import type { MachinePath } from '../../../models/machine-paths';
import { replayPath } from '../../../models/path-runner';
import { registrationPaths } from '../../../models/paths/registration.paths';
import { accountHandlers } from '../../../helpers/accounts-fixture';
import { answerOf, describePaths, expectSignedInAtHome, inPopup, retype } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('registerModal');
const terms = () => inDialog().getByRole('checkbox', { name: /registration:terms.agree/ });

describePaths('[AUTH-21] [AUTH-24] [AUTH-25] [AUTH-26] [AUTH-27] [AUTH-29] registration popup', registrationPaths, async (path: MachinePath) => {
  let app!: RenderedApp;
  const fill = async (field: string, value: string | null | undefined) => {
    const input = inDialog().queryByLabelText(`registration:fields.${field}`);
    if (input) await retype(app.user, input, value ?? '');
  };

  await replayPath(path, {
    start: async () => {
      app = await renderApp({
        path: '/register?referralCode=REF42',
        accounts: true,
        permission: { flags: { USERNAMEREG3: true, MOBILENUMREG3: true, MOBILENUMPASSREG3: true, REGMOBVERF3: true } },
        handlers: { ...accountHandlers(), registerSettings: () => ({}), smsRegister: () => ({ expiredMinutes: 2 }) },
      });
      await screen.findByRole('dialog', { name: 'shell:popups.registerModal' });
    },
    arrange: async (step) => {
      if (step.event.type.endsWith('.verifyAffiliate')) app.api.handle({ affiliate: answerOf<ResponseOf<'affiliate'>>(step) });
      if (step.event.type.endsWith('.submitRegistration')) {
        const answer = answerOf<ResponseOf<'register'>>(step);
        app.api.handle({ register: answer, registerMobile: answer });
      }
    },
    perform: async (step) => {
      switch (step.event.type) {
        case 'type.select':
          return app.user.click(inDialog().getByRole('tab', { name: `registration:tabs.${step.variant}` }));
        case 'terms.change':
          return app.user.click(terms());
        case 'code.request':
          await fill('mobileNum', step.event.mobileNum);
          return app.user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
        case 'registration.submit': {
          const values: RegistrationFormValues = step.event.values;
          for (const field of ['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'affiliateCode'] as const) {
            await fill(field, values[field]);
          }
          return app.user.click(inDialog().getByRole('button', { name: 'registration:submit' }));
        }
        default:
          throw new Error(`no way to make ${step.label} happen`);
      }
    },
    check: async (step) => {
      const { leaves, screen: facts } = step.state;
      if (leaves.includes('registered')) {
        await expectSignedInAtHome(app.router);
        const request = [...app.api.callsTo('register'), ...app.api.callsTo('registerMobile')].at(-1)?.body;
        expect(request).toMatchObject({ referralCode: 'REF42', registerMethod: 'WEB', login: true, termsAccepted: true, domain: 'localhost' });
        expect(request?.botCheck).toBeTruthy();
        return;
      }
      const type = facts.tab === 'mobile' ? 'mobile' : 'username';
      expect(await inDialog().findByRole('tab', { name: `registration:tabs.${type}`, selected: true })).toBeVisible();
      expect(inDialog().queryByLabelText('registration:fields.username') !== null).toBe(type === 'username');
      // AUTH-25: the terms box starts ticked
      if (facts['terms unticked']) expect(terms()).not.toBeChecked();
      else expect(terms()).toBeChecked();
      if (facts.error) expect(await inDialog().findByRole('alert')).toHaveTextContent(`errors:${facts.error}`);
      else expect(inDialog().queryByRole('alert')).not.toBeInTheDocument();
      if (facts['field errors']) {
        expect((await inDialog().findAllByText(/^validation:/)).length).toBeGreaterThan(0);
        expect([...app.api.callsTo('register'), ...app.api.callsTo('registerMobile')]).toHaveLength(0);
      }
    },
  });
});
