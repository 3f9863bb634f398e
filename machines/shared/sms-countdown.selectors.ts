import type { SnapshotFrom } from 'xstate';
import type { SmsCountdownMachine } from './sms-countdown.machine';

type Snapshot = SnapshotFrom<SmsCountdownMachine>;

export const selectSecondsLeft = (snapshot: Snapshot): number => snapshot.context.secondsLeft;

/** The send button is enabled only before the first request or once the countdown reached zero (AUTH-30, AUTH-31). */
export const selectCanRequestCode = (snapshot: Snapshot): boolean =>
  snapshot.matches('idle') || snapshot.matches({ resendable: 'ready' });

export const selectIsSendDisabled = (snapshot: Snapshot): boolean => !selectCanRequestCode(snapshot);

export const selectIsRequesting = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

/** True once a code was sent (the countdown ran at least once). */
export const selectWasCodeSent = (snapshot: Snapshot): boolean => snapshot.context.period > 0;

export const selectSmsError = (snapshot: Snapshot) => snapshot.context.error;
