import type { SnapshotFrom } from 'xstate';
import { fieldErrorOf } from '../shared/form';
import type { PasswordResetMachine } from './password-reset.machine';

type Snapshot = SnapshotFrom<PasswordResetMachine>;

export type PasswordResetStep = 'form' | 'done' | 'linkInvalid';

export const selectPasswordResetStep = (snapshot: Snapshot): PasswordResetStep =>
  snapshot.hasTag('step:done') ? 'done' : snapshot.hasTag('step:linkInvalid') ? 'linkInvalid' : 'form';

export const selectPasswordResetFieldError = (field: string) => (snapshot: Snapshot) => fieldErrorOf(snapshot.context.fieldErrors, field);

export const selectPasswordResetError = (snapshot: Snapshot) => snapshot.context.error;

export const selectIsResetting = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');
