import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { ChangePasswordRequest } from '@shared/contract/auth';
import { VALIDATION_MESSAGES } from '@shared/validation/messages';
import { passwordChangeMachine, type PasswordChangeInput } from '@machines/auth/password-change.machine';
import {
  selectIsSubmitting,
  selectOldPasswordShown,
  selectPasswordChangeError,
  selectPasswordChangeFieldError,
  selectUsername,
} from '@machines/auth/password-change.selectors';
import type { AppPath } from '@machines/shared/navigation';
import { apiError, controlledActor, flush } from '../support/fakes';

const start = (input: Partial<PasswordChangeInput> = {}) => {
  const changePassword = controlledActor<null, ChangePasswordRequest>();
  const notifyPasswordChanged = vi.fn();
  const closePopup = vi.fn();
  const navigateTo = vi.fn<(args: unknown, params: { to: AppPath }) => void>();
  const actor = createActor(
    passwordChangeMachine.provide({
      actors: { changePassword: changePassword.logic },
      actions: { notifyPasswordChanged, closePopup, navigateTo },
    }),
    { input: { username: 'player01', ...input } },
  ).start();
  return { actor, changePassword, notifyPasswordChanged, closePopup, navigateTo };
};

const good = { oldPassword: 'Secret#123', newPassword: 'Better#456', confirmNewPassword: 'Better#456' };

describe('password change', () => {
  it('[AUTH-34][AUTH-35] opened on its own it shows the username and asks for the old password', () => {
    const { actor } = start();
    try {
      expect(selectUsername(actor.getSnapshot())).toBe('player01');
      expect(selectOldPasswordShown(actor.getSnapshot())).toBe(true);
    } finally {
      actor.stop();
    }
  });

  it('[VAL-35][VAL-55] the old password is required when shown', async () => {
    const { actor, changePassword } = start();
    try {
      actor.send({ type: 'password.submit', values: { ...good, oldPassword: ' ' } });
      expect(selectPasswordChangeFieldError('oldPassword')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.required);
      await flush();
      expect(changePassword.calls).toEqual([]);
    } finally {
      actor.stop();
    }
  });

  it('[VAL-35][VAL-25] the new password must satisfy the password rule', () => {
    const { actor } = start();
    try {
      actor.send({ type: 'password.submit', values: { ...good, newPassword: 'weakpassword', confirmNewPassword: 'weakpassword' } });
      expect(selectPasswordChangeFieldError('newPassword')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.formatIncorrect);
      actor.send({ type: 'password.submit', values: { ...good, newPassword: 'B#4b', confirmNewPassword: 'B#4b' } });
      expect(selectPasswordChangeFieldError('newPassword')(actor.getSnapshot())).toMatchObject({ key: VALIDATION_MESSAGES.tooShort, params: { min: 8 } });
    } finally {
      actor.stop();
    }
  });

  it('[VAL-04][VAL-35] a server rule for the password field overrides the default bounds', () => {
    const { actor } = start({ passwordRule: { enabled: true, required: true, minLength: 12 } });
    try {
      actor.send({ type: 'password.submit', values: good });
      expect(selectPasswordChangeFieldError('newPassword')(actor.getSnapshot())).toMatchObject({ params: { min: 12 } });
    } finally {
      actor.stop();
    }
  });

  it('[VAL-35][VAL-48] the confirmation must match', () => {
    const { actor } = start();
    try {
      actor.send({ type: 'password.submit', values: { ...good, confirmNewPassword: 'Better#457' } });
      expect(selectPasswordChangeFieldError('confirmNewPassword')(actor.getSnapshot())?.key).toBe(VALIDATION_MESSAGES.confirmationWrong);
      expect(actor.getSnapshot().matches('editing')).toBe(true);
    } finally {
      actor.stop();
    }
  });

  it('[API-11][AUTH-36] success reloads user info, closes the popup and goes to /', async () => {
    const { actor, changePassword, notifyPasswordChanged, closePopup, navigateTo } = start();
    try {
      actor.send({ type: 'password.submit', values: { ...good, oldPassword: ' Secret#123 ' } });
      expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
      expect(changePassword.calls).toEqual([good]);
      changePassword.resolve(null);
      await waitFor(actor, (s) => s.status === 'done');
      expect(notifyPasswordChanged).toHaveBeenCalledTimes(1);
      expect(closePopup).toHaveBeenCalledTimes(1);
      expect(navigateTo.mock.calls[0]?.[1]).toEqual({ to: '/' });
      expect(actor.getSnapshot().context.request).toBeNull();
    } finally {
      actor.stop();
    }
  });

  it('[AUTH-35] a held login password is sent as the old password and forgotten after the change', async () => {
    const { actor, changePassword } = start({ heldPassword: 'Secret#123' });
    try {
      expect(selectOldPasswordShown(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'password.submit', values: { newPassword: 'Better#456', confirmNewPassword: 'Better#456' } });
      expect(changePassword.calls).toEqual([good]);
      changePassword.resolve(null);
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().context.heldPassword).toBeNull();
      expect(selectOldPasswordShown(actor.getSnapshot())).toBe(false);
    } finally {
      actor.stop();
    }
  });

  it.each(['PASSWORD_WRONG', 'PASSWORD_REUSED', 'PASSWORD_WEAK', 'SESSION_EXPIRED'] as const)(
    '[API-11] a refused change (%s) keeps the form open with the error; a retry is sent again',
    async (code) => {
      const { actor, changePassword, navigateTo } = start();
      try {
        actor.send({ type: 'password.submit', values: good });
        changePassword.reject(apiError(code));
        await waitFor(actor, (s) => s.matches('editing'));
        expect(selectPasswordChangeError(actor.getSnapshot())?.code).toBe(code);
        expect(navigateTo).not.toHaveBeenCalled();
        actor.send({ type: 'password.submit', values: good });
        expect(changePassword.calls).toHaveLength(2);
        expect(selectPasswordChangeError(actor.getSnapshot())).toBeNull();
      } finally {
        actor.stop();
      }
    },
  );
});
