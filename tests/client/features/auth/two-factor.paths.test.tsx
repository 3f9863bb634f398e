import { screen } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { TwoFactorMethod } from '@shared/contract/auth';
import type { ResponseOf } from '@shared/contract/http';
import type { MachinePath } from '../../../models/machine-paths';
import { replayPath } from '../../../models/path-runner';
import { twoFactorPaths } from '../../../models/paths/two-factor.paths';
import { accountHandlers, refusal, twoFactorChallenge } from '../../../helpers/accounts-fixture';
import { answerOf, describePaths, expectSignedInAtHome, inPopup, retype, siteHeader } from '../../../helpers/popup-paths';
import { renderApp, resetShell, type RenderedApp } from '../../../helpers/render-app';

beforeEach(() => resetShell());

const inDialog = () => inPopup('loginPopupModal');
const METHODS: TwoFactorMethod[] = ['sms', 'email', 'bankAccountName', 'totp'];
const ANSWER: Record<TwoFactorMethod, string> = { sms: '654321', email: '765432', bankAccountName: 'Nguyen Van A', totp: '123456' };

const expectNoSession = async () => {
  expect(window.sessionStorage.getItem('token')).toBeNull();
  expect((await siteHeader()).queryByRole('button', { name: 'shell:header.avatarMenu' })).not.toBeInTheDocument();
};

describePaths('[AUTH-40] [AUTH-41] two-factor login from an unregistered IP', twoFactorPaths, async (path: MachinePath) => {
  let app!: RenderedApp;
  const method = () => (inDialog().getAllByRole('radio') as HTMLInputElement[]).find((radio) => radio.checked)!.value as TwoFactorMethod;

  await replayPath(path, {
    start: async () => {
      app = await renderApp({
        path: '/login',
        accounts: true,
        handlers: {
          ...accountHandlers(),
          login: () => {
            throw refusal('TWO_FACTOR_REQUIRED', 401, twoFactorChallenge({ methods: METHODS }));
          },
          loginTwoFactorCode: () => ({ expiredMinutes: 5 }),
        },
      });
      await screen.findByRole('dialog', { name: 'shell:popups.loginPopupModal' });
      await retype(app.user, inDialog().getByLabelText('auth:fields.username'), 'player01');
      await retype(app.user, inDialog().getByLabelText('auth:fields.password'), 'Secret#2026');
      await app.user.click(inDialog().getByRole('button', { name: 'auth:login.submit' }));
    },
    arrange: async (step) => {
      if (step.event.type.endsWith('.verifyTwoFactor')) app.api.handle({ loginTwoFactor: answerOf<ResponseOf<'loginTwoFactor'>>(step) });
    },
    perform: async (step) => {
      if (step.event.type === 'method.select') return app.user.click(inDialog().getByRole('radio', { name: `auth:twoFactor.methods.${step.variant}` }));
      if (step.event.type !== 'code.submit') throw new Error(`no way to make ${step.label} happen`);
      const chosen = method();
      if (step.variant === 'answer' && (chosen === 'sms' || chosen === 'email')) {
        await app.user.click(inDialog().getByRole('button', { name: 'auth:sms.send' }));
        // AUTH-30: the send button counts down and stays disabled
        expect(await inDialog().findByRole('button', { name: 'auth:sms.resendIn' })).toBeDisabled();
        expect(app.api.callsTo('loginTwoFactorCode').at(-1)?.body).toEqual({ challengeId: 'challenge-1', method: chosen });
      }
      await retype(app.user, inDialog().getByLabelText(`auth:twoFactor.answer.${chosen}`), step.variant === 'answer' ? ANSWER[chosen] : '');
      await app.user.click(inDialog().getByRole('button', { name: 'auth:twoFactor.submit' }));
    },
    check: async (step) => {
      const { leaves, screen: facts } = step.state;
      if (leaves.includes('verified')) {
        await expectSignedInAtHome(app.router);
        const verification = app.api.callsTo('loginTwoFactor').at(-1)?.body;
        expect(verification).toEqual({ challengeId: 'challenge-1', method: facts.method, code: ANSWER[facts.method as TwoFactorMethod] });
        expect(window.sessionStorage.getItem('token')).toBe('token-1');
        return;
      }
      expect(await inDialog().findByRole('heading', { name: 'auth:twoFactor.title' })).toBeVisible();
      await expectNoSession();
      if (leaves.includes('choosingMethod')) {
        // AUTH-41: the four methods, none chosen yet, so no answer field
        expect(inDialog().getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(METHODS.map((m) => `auth:twoFactor.methods.${m}`));
        for (const radio of inDialog().getAllByRole('radio')) expect(radio).not.toBeChecked();
        expect(inDialog().queryByRole('button', { name: 'auth:twoFactor.submit' })).not.toBeInTheDocument();
        return;
      }
      const chosen = facts.method as TwoFactorMethod;
      expect(await inDialog().findByLabelText(`auth:twoFactor.answer.${chosen}`)).toBeVisible();
      expect(inDialog().getByRole('radio', { name: `auth:twoFactor.methods.${chosen}` })).toBeChecked();
      const sendsCode = chosen === 'sms' || chosen === 'email';
      expect(inDialog().queryByText('auth:twoFactor.sentTo') !== null).toBe(sendsCode);
      if (facts.error) expect(await inDialog().findByRole('alert')).toHaveTextContent(`errors:${facts.error}`);
      if (facts['field errors']) {
        expect(await inDialog().findByText('validation:required')).toBeVisible();
        expect(app.api.callsTo('loginTwoFactor')).toHaveLength(0);
      }
    },
  });
});
