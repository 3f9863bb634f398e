import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { LoginResult, PasswordResetRequest } from '@shared/contract/auth';
import { passwordResetMachine, type PasswordResetInput } from '@machines/auth/password-reset.machine';
import { selectPasswordResetFieldError, selectPasswordResetStep } from '@machines/auth/password-reset.selectors';
import type { AppPath } from '@machines/shared/navigation';
import { apiError, controlledActor } from '../support/fakes';
import { loginResult } from '../support/fixtures';

const TOKEN = 'reset-token-0123456789abcdef';

const start = (input: PasswordResetInput = { resetToken: TOKEN }) => {
  const resetPassword = controlledActor<LoginResult, PasswordResetRequest>();
  const startSession = vi.fn<(args: unknown, params: { result: LoginResult; passwordChangePending: boolean }) => void>();
  const navigateTo = vi.fn<(args: unknown, params: { to: AppPath }) => void>();
  const actor = createActor(passwordResetMachine.provide({ actors: { resetPassword: resetPassword.logic }, actions: { startSession, navigateTo } }), {
    input,
  }).start();
  return { actor, resetPassword, startSession, navigateTo };
};

describe('password reset from the emailed link', () => {
  it('[AUTH-38] [VAL-35] the new password follows the password rule and the confirmation must match; nothing is sent until both do', () => {
    const { actor, resetPassword } = start();
    try {
      actor.send({ type: 'password.submit', values: { newPassword: 'abc', confirmNewPassword: 'abd' } });
      expect(selectPasswordResetFieldError('newPassword')(actor.getSnapshot())).not.toBeNull();
      expect(selectPasswordResetFieldError('confirmNewPassword')(actor.getSnapshot())?.key).toBe('validation:confirmationWrong');
      expect(resetPassword.calls).toEqual([]);
      actor.send({ type: 'password.submit', values: { newPassword: ' N3w#Secret ', confirmNewPassword: 'N3w#Secret' } });
      expect(resetPassword.calls).toEqual([{ resetToken: TOKEN, newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' }]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-38] a new password logs the member in; the confirmation goes on to /', async () => {
    const { actor, resetPassword, startSession, navigateTo } = start();
    try {
      actor.send({ type: 'password.submit', values: { newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' } });
      const result = loginResult({ token: 'after-reset' });
      resetPassword.resolve(result);
      await waitFor(actor, (s) => selectPasswordResetStep(s) === 'done');
      expect(startSession.mock.calls.map(([, params]) => params)).toEqual([{ result, passwordChangePending: false }]);
      expect(actor.getSnapshot().context.request).toBeNull();
      expect(navigateTo).not.toHaveBeenCalled();
      actor.send({ type: 'confirmation.dismiss' });
      expect(navigateTo.mock.calls.map(([, params]) => params)).toEqual([{ to: '/' }]);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-38] an expired or used link ends on RESET_LINK_INVALID', async () => {
    const { actor, resetPassword, startSession } = start();
    try {
      actor.send({ type: 'password.submit', values: { newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' } });
      resetPassword.reject(apiError('RESET_LINK_INVALID'));
      await waitFor(actor, (s) => s.status === 'done');
      expect(selectPasswordResetStep(actor.getSnapshot())).toBe('linkInvalid');
      expect(actor.getSnapshot().context.error?.code).toBe('RESET_LINK_INVALID');
      expect(startSession).not.toHaveBeenCalled();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-38] [ERR-09] any other refusal keeps the form, with its error, for another try', async () => {
    const { actor, resetPassword } = start();
    try {
      actor.send({ type: 'password.submit', values: { newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' } });
      resetPassword.reject(apiError('TOO_MANY_REQUESTS', { retryAfterSeconds: 300 }));
      await waitFor(actor, (s) => s.matches('editing'));
      expect(actor.getSnapshot().context.error?.code).toBe('TOO_MANY_REQUESTS');
      actor.send({ type: 'password.submit', values: { newPassword: 'N3w#Secret', confirmNewPassword: 'N3w#Secret' } });
      expect(resetPassword.calls).toHaveLength(2);
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-38] a link without a token is invalid at once', () => {
    const { actor, resetPassword } = start({ resetToken: null });
    try {
      expect(selectPasswordResetStep(actor.getSnapshot())).toBe('linkInvalid');
      expect(actor.getSnapshot().context.error?.code).toBe('RESET_LINK_INVALID');
      expect(resetPassword.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });
});
