import type { SnapshotFrom } from 'xstate';
import type { SocialSignInMachine } from './social-sign-in.machine';

type Snapshot = SnapshotFrom<SocialSignInMachine>;

/** The provider whose sign-in is starting (or being finished); null when idle. */
export const selectBusyProvider = (snapshot: Snapshot): string | null => (snapshot.hasTag('loading') ? snapshot.context.provider : null);

export const selectIsSocialSignInBusy = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

export const selectSocialSignInError = (snapshot: Snapshot) => snapshot.context.error;

/** The callback page could not finish the sign-in. */
export const selectHasSocialSignInFailed = (snapshot: Snapshot): boolean => snapshot.hasTag('error');
