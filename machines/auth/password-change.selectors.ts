import type { SnapshotFrom } from 'xstate';
import { fieldErrorOf } from '../shared/form';
import type { PasswordChangeMachine } from './password-change.machine';

type Snapshot = SnapshotFrom<PasswordChangeMachine>;

export const selectUsername = (snapshot: Snapshot): string => snapshot.context.username;

/** The old-password field is hidden only when the forcing login's password is held in memory (AUTH-35). */
export const selectOldPasswordShown = (snapshot: Snapshot): boolean => snapshot.context.oldPasswordShown;

export const selectPasswordChangeFieldError = (field: 'oldPassword' | 'newPassword' | 'confirmNewPassword') => (snapshot: Snapshot) =>
  fieldErrorOf(snapshot.context.fieldErrors, field);

export const selectPasswordChangeError = (snapshot: Snapshot) => snapshot.context.error;

export const selectIsSubmitting = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
