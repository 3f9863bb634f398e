import type { SnapshotFrom } from 'xstate';
import type { TwoFactorMethod } from '@shared/contract/auth';
import { fieldErrorOf } from '../shared/form';
import { SENT_CODE_METHODS, type TwoFactorMachine } from './two-factor.machine';

type Snapshot = SnapshotFrom<TwoFactorMachine>;

/** The methods the server offers for this account (AUTH-41). */
export const selectMethods = (snapshot: Snapshot): TwoFactorMethod[] => snapshot.context.challenge.methods;

export const selectMethod = (snapshot: Snapshot): TwoFactorMethod | null => snapshot.context.method;

/** Where a sent code goes, masked (shown beside the send button). */
export const selectMaskedRecipient = (snapshot: Snapshot): string | null =>
  snapshot.context.method === 'sms'
    ? snapshot.context.challenge.maskedMobile
    : snapshot.context.method === 'email'
      ? snapshot.context.challenge.maskedEmail
      : null;

/** SMS and email codes are sent on request; the bank account name and the authenticator code are known. */
export const selectNeedsSentCode = (snapshot: Snapshot): boolean =>
  snapshot.context.method !== null && SENT_CODE_METHODS.includes(snapshot.context.method);

export const selectCodeError = (snapshot: Snapshot) => fieldErrorOf(snapshot.context.fieldErrors, 'code');

export const selectTwoFactorError = (snapshot: Snapshot) => snapshot.context.error;

export const selectIsVerifying = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

/** The send-code button's actor; read it with the sms-countdown selectors. */
export const selectSmsCountdownRef = (snapshot: Snapshot) => snapshot.children.smsCountdown;
