import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { fieldErrorOf } from '../shared/form';
import type { LoginMachine } from './login.machine';
import type { LoginTab } from './login.types';
import type { PasswordChangeMachine } from './password-change.machine';
import type { TwoFactorMachine } from './two-factor.machine';

type Snapshot = SnapshotFrom<LoginMachine>;

export type LoginStep = 'credentials' | 'botCheck' | 'twoFactor' | 'passwordChange' | 'done';

export const selectLoginStep = (snapshot: Snapshot): LoginStep =>
  snapshot.status === 'done'
    ? 'done'
    : snapshot.hasTag('step:twoFactor')
      ? 'twoFactor'
      : snapshot.hasTag('step:passwordChange')
        ? 'passwordChange'
        : snapshot.hasTag('step:botCheck')
          ? 'botCheck'
          : 'credentials';

/** The sms tab exists only while verification-code login is on (AUTH-02). */
export const selectLoginTabs = (snapshot: Snapshot): LoginTab[] => (snapshot.context.smsLoginEnabled ? ['username', 'sms'] : ['username']);

export const selectLoginTab = (snapshot: Snapshot): LoginTab => snapshot.context.tab;

/** Prefill of the form from the remember-me cookies (AUTH-12). */
export const selectRemembered = (snapshot: Snapshot) => snapshot.context.remembered;

/** A remembered username may log in with a blank password: its remember-me token stands in. */
export const selectHasRememberedToken = (snapshot: Snapshot): boolean => !!snapshot.context.remembered?.hasRememberToken;

export const selectIsSubmitting = (snapshot: Snapshot): boolean => snapshot.hasTag('loading');

export const selectLoginFieldError = (field: string) => (snapshot: Snapshot) => fieldErrorOf(snapshot.context.fieldErrors, field);

export const selectLoginError = (snapshot: Snapshot) => snapshot.context.error;

/** The captcha field and image, shown once a failure carried the captcha flag (AUTH-10, AUTH-11). */
export const selectCaptcha = (snapshot: Snapshot) => ({
  shown: snapshot.context.captchaRequired,
  image: snapshot.context.captcha?.image ?? null,
  loading: snapshot.matches({ awaitingCredentials: { captcha: 'loading' } }),
  canRefresh: snapshot.matches({ awaitingCredentials: { captcha: { shown: 'ready' } } }),
  error: snapshot.context.captchaError,
});

/** The send-code button's actor; read it with the sms-countdown selectors. */
export const selectSmsCountdownRef = (snapshot: Snapshot) => snapshot.children.smsCountdown;

/** The step actors; xstate types the children of nested states loosely, so their refs are named here. */
export const selectTwoFactorRef = (snapshot: Snapshot) => snapshot.children.twoFactor as ActorRefFrom<TwoFactorMachine> | undefined;

export const selectPasswordChangeRef = (snapshot: Snapshot) =>
  snapshot.children.passwordChange as ActorRefFrom<PasswordChangeMachine> | undefined;
