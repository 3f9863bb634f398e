import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { CodeSent, ForgotPasswordEmailRequest, LoginResult, PasswordByPhoneRequest } from '@shared/contract/auth';
import { VALIDATION_MESSAGES } from '@shared/validation/messages';
import { forgotPasswordMachine, type ForgotPasswordInput } from '@machines/auth/forgot-password.machine';
import {
  selectEmailConfirmation,
  selectForgotError,
  selectForgotFieldError,
  selectForgotMethod,
  selectForgotTabs,
  selectIsSending,
  selectSmsCountdownRef,
} from '@machines/auth/forgot-password.selectors';
import type { BotCheckPurpose } from '@machines/shared/bot-check';
import type { AppPath } from '@machines/shared/navigation';
import { smsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import type { SmsCodeRequest } from '@machines/shared/sms-countdown.types';
import { answeringActor, apiError, controlledActor, flush } from '../support/fakes';
import { loginResult } from '../support/fixtures';

const start = (input: Partial<ForgotPasswordInput> = {}) => {
  const sendResetEmail = controlledActor<{ expiresInMinutes: number }, ForgotPasswordEmailRequest>();
  const resetPasswordByPhone = controlledActor<LoginResult, PasswordByPhoneRequest>();
  const requestSmsCode = answeringActor<CodeSent, SmsCodeRequest>(() => ({ expiredMinutes: 1 }));
  const solveBotCheck = answeringActor<string, { purpose: BotCheckPurpose }>(() => 'proof');
  const startSession = vi.fn<(args: unknown, params: { result: LoginResult; passwordChangePending: boolean }) => void>();
  const closePopup = vi.fn();
  const navigateTo = vi.fn<(args: unknown, params: { to: AppPath }) => void>();
  const actor = createActor(
    forgotPasswordMachine.provide({
      actors: {
        sendResetEmail: sendResetEmail.logic,
        resetPasswordByPhone: resetPasswordByPhone.logic,
        smsCountdown: smsCountdownMachine.provide({ actors: { requestSmsCode: requestSmsCode.logic, solveBotCheck: solveBotCheck.logic } }),
      },
      actions: { startSession, closePopup, navigateTo },
    }),
    { input: { emailReset: true, phoneReset: true, ...input } },
  ).start();
  return { actor, sendResetEmail, resetPasswordByPhone, requestSmsCode, startSession, closePopup, navigateTo };
};

const phoneValues = { mobileNum: '912345678', countryDialingCode: '+84', verificationCode: '123456', newPassword: 'Better#456' };

describe('forgot password', () => {
  it('[AUTH-37] shows the email and mobileNum tabs only when both flags are on', () => {
    const both = start();
    const emailOnly = start({ phoneReset: false });
    const phoneOnly = start({ emailReset: false });
    try {
      expect(selectForgotTabs(both.actor.getSnapshot())).toEqual(['email', 'mobileNum']);
      both.actor.send({ type: 'method.select', method: 'mobileNum' });
      expect(selectForgotMethod(both.actor.getSnapshot())).toBe('mobileNum');

      expect(selectForgotTabs(emailOnly.actor.getSnapshot())).toEqual([]);
      emailOnly.actor.send({ type: 'method.select', method: 'mobileNum' });
      expect(selectForgotMethod(emailOnly.actor.getSnapshot())).toBe('email');

      expect(selectForgotMethod(phoneOnly.actor.getSnapshot())).toBe('mobileNum');
    } finally {
      both.actor.stop();
      emailOnly.actor.stop();
      phoneOnly.actor.stop();
    }
  });

  it('[VAL-36] by email, username and email are required', async () => {
    const { actor, sendResetEmail } = start();
    try {
      actor.send({ type: 'email.submit', values: { username: '', email: 'not-an-email' } });
      expect(selectForgotFieldError('username')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      expect(selectForgotFieldError('email')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.formatIncorrect);
      await flush();
      expect(sendResetEmail.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-38][API-14] by email, success shows a confirmation, then the popup closes', async () => {
    const { actor, sendResetEmail, closePopup, navigateTo } = start();
    try {
      actor.send({ type: 'email.submit', values: { username: ' player01 ', email: 'p@example.com' } });
      expect(selectIsSending(actor.getSnapshot())).toBe(true);
      expect(sendResetEmail.calls).toEqual([{ username: 'player01', email: 'p@example.com' }]);
      sendResetEmail.resolve({ expiresInMinutes: 30 });
      await waitFor(actor, (s) => s.matches('emailSent'));
      expect(selectEmailConfirmation(actor.getSnapshot())).toEqual({ linkValidMinutes: 30 });
      expect(closePopup).not.toHaveBeenCalled();
      actor.send({ type: 'confirmation.dismiss' });
      expect(actor.getSnapshot().status).toBe('done');
      expect(closePopup).toHaveBeenCalledTimes(1);
      expect(navigateTo).not.toHaveBeenCalled();
    } finally {
      actor.stop();
    }
  });

  it('[ERR-02] an unknown username or email keeps the form with USER_NOT_FOUND', async () => {
    const { actor, sendResetEmail } = start();
    try {
      actor.send({ type: 'email.submit', values: { username: 'nobody', email: 'n@example.com' } });
      sendResetEmail.reject(apiError('USER_NOT_FOUND'));
      await waitFor(actor, (s) => s.matches('editing'));
      expect(selectForgotError(actor.getSnapshot())?.code).toBe('USER_NOT_FOUND');
    } finally {
      actor.stop();
    }
  });

  it('[VAL-37] by phone, mobile number, code and new password are required', () => {
    const { actor } = start({ emailReset: false });
    try {
      actor.send({ type: 'phone.submit', values: { mobileNum: '', countryDialingCode: '+84', verificationCode: '', newPassword: '' } });
      for (const field of ['mobileNum', 'verificationCode', 'newPassword']) {
        expect(selectForgotFieldError(field)(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      }
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-30][VAL-47] the code goes to a valid number only, and only on the phone tab', async () => {
    const { actor, requestSmsCode } = start();
    try {
      actor.send({ type: 'code.request', mobileNum: '912345678', countryDialingCode: '+84' });
      await flush();
      expect(requestSmsCode.calls).toEqual([]);
      actor.send({ type: 'method.select', method: 'mobileNum' });
      actor.send({ type: 'code.request', mobileNum: '9', countryDialingCode: '+84' });
      expect(selectForgotFieldError('mobileNum')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.mobileNumLength);
      actor.send({ type: 'code.request', mobileNum: '912345678', countryDialingCode: '+84' });
      await waitFor(selectSmsCountdownRef(actor.getSnapshot())!, (s) => s.matches('counting'));
      expect(requestSmsCode.calls).toEqual([
        { purpose: 'passwordReset', recipient: { kind: 'mobile', mobileNum: '912345678', countryDialingCode: '+84' }, botCheck: 'proof' },
      ]);
      expect(selectForgotFieldError('mobileNum')(actor.getSnapshot())).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-39][API-19] by phone, the new password is set, the user logged in and sent to /', async () => {
    const { actor, resetPasswordByPhone, startSession, closePopup, navigateTo } = start({ emailReset: false });
    try {
      actor.send({ type: 'phone.submit', values: phoneValues });
      expect(resetPasswordByPhone.calls).toEqual([phoneValues]);
      const result = loginResult();
      resetPasswordByPhone.resolve(result);
      await waitFor(actor, (s) => s.status === 'done');
      expect(startSession.mock.calls[0]?.[1]).toEqual({ result, passwordChangePending: false });
      expect(closePopup).toHaveBeenCalledTimes(1);
      expect(navigateTo.mock.calls[0]?.[1]).toEqual({ to: '/' });
      expect(actor.getSnapshot().context.phoneRequest).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it.each(['SMS_CODE_INVALID', 'SMS_CODE_EXPIRED'] as const)('[ERR-11][ERR-15] a refused code (%s) keeps the phone form', async (code) => {
    const { actor, resetPasswordByPhone, startSession } = start({ emailReset: false });
    try {
      actor.send({ type: 'phone.submit', values: phoneValues });
      resetPasswordByPhone.reject(apiError(code));
      await waitFor(actor, (s) => s.matches('editing'));
      expect(selectForgotError(actor.getSnapshot())?.code).toBe(code);
      expect(startSession).not.toHaveBeenCalled();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-37] a submit for the other tab is ignored', async () => {
    const { actor, resetPasswordByPhone } = start();
    try {
      actor.send({ type: 'phone.submit', values: phoneValues });
      await flush();
      expect(resetPasswordByPhone.calls).toEqual([]);
      expect(actor.getSnapshot().matches('editing')).toBe(true);
    } finally {
      actor.stop();
    }
  });
});
