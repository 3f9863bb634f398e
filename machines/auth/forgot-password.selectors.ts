import type { SnapshotFrom } from 'xstate';
import { fieldErrorOf } from '../shared/form';
import type { ForgotPasswordMachine, ForgotPasswordMethod } from './forgot-password.machine';

type Snapshot = SnapshotFrom<ForgotPasswordMachine>;

/** The email and mobileNum tabs show only when both reset flags are on (AUTH-37). */
export const selectForgotTabs = (snapshot: Snapshot): ForgotPasswordMethod[] =>
  snapshot.context.emailReset && snapshot.context.phoneReset ? ['email', 'mobileNum'] : [];

export const selectForgotMethod = (snapshot: Snapshot): ForgotPasswordMethod => snapshot.context.method;

export const selectForgotFieldError = (field: string) => (snapshot: Snapshot) => fieldErrorOf(snapshot.context.fieldErrors, field);

export const selectForgotError = (snapshot: Snapshot) => snapshot.context.error;

export const selectIsSending = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

/** The email confirmation (AUTH-38) and how long its link stays valid. */
export const selectEmailConfirmation = (snapshot: Snapshot) =>
  snapshot.hasTag('step:emailSent') ? { linkValidMinutes: snapshot.context.linkValidMinutes } : null;

/** The send-code button's actor; read it with the sms-countdown selectors. */
export const selectSmsCountdownRef = (snapshot: Snapshot) => snapshot.children.smsCountdown;
