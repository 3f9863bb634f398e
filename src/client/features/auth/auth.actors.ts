import { fromPromise } from 'xstate';
import type { LoginResult } from '@shared/contract/auth';
import { forgotPasswordMachine } from '@machines/auth/forgot-password.machine';
import { freePlayMachine } from '@machines/auth/free-play.machine';
import { loginMachine } from '@machines/auth/login.machine';
import { passwordChangeMachine } from '@machines/auth/password-change.machine';
import { passwordResetMachine } from '@machines/auth/password-reset.machine';
import { socialSignInMachine } from '@machines/auth/social-sign-in.machine';
import { twoFactorMachine } from '@machines/auth/two-factor.machine';
import type { AppPath } from '@machines/shared/navigation';
import type { AppApi } from '@client/lib/api-client';
import { createBotCheckActor, createSmsCountdownLogic, type FlowDeps } from '@client/lib/account-flows';
import { leaveSiteFor } from '@client/lib/browser-location';
import { i18next } from '@client/lib/i18n';
import { showToast } from '@client/state/ui-state';
import { storeRememberedLogin } from './remember-me';

const startSessionWith =
  (session: FlowDeps['session']) =>
  (_: unknown, params: { result: LoginResult; passwordChangePending: boolean }): void =>
    session.send({ type: 'session.start', result: params.result, passwordChangePending: params.passwordChangePending });

const navigationOf = (deps: FlowDeps) => ({
  closePopup: () => deps.closePopup(),
  navigateTo: (_: unknown, params: { to: AppPath }) => deps.navigate(params.to),
});

/** changePassModal and the forced change (AUTH-34..AUTH-36). */
export const createPasswordChangeLogic = (deps: FlowDeps) =>
  passwordChangeMachine.provide({
    actors: { changePassword: fromPromise(({ input }) => deps.api.call('changePassword', { body: input })) },
    actions: { notifyPasswordChanged: () => deps.session.send({ type: 'password.changed' }), ...navigationOf(deps) },
  });

/** loginPopupModal and the /agent form (AUTH-02..AUTH-13, AUTH-40). */
export const createLoginLogic = (deps: FlowDeps) => {
  const countdown = createSmsCountdownLogic(deps.api);
  return loginMachine.provide({
    actors: {
      solveBotCheck: createBotCheckActor(deps.api),
      submitLogin: fromPromise(({ input }) => deps.api.call('login', { body: input })),
      loadCaptcha: fromPromise(() => deps.api.call('captcha')),
      smsCountdown: countdown,
      twoFactor: twoFactorMachine.provide({
        actors: {
          verifyTwoFactor: fromPromise(({ input }) => deps.api.call('loginTwoFactor', { body: input })),
          smsCountdown: countdown,
        },
      }),
      passwordChange: createPasswordChangeLogic(deps),
    },
    actions: {
      startSession: startSessionWith(deps.session),
      storeRememberMe: (_, { remembered, maxAgeSeconds }) => storeRememberedLogin(remembered, maxAgeSeconds),
      // The shell's first-login action (AUTH-06): a welcome; the session offers the F popups itself.
      runFirstLogin: () => showToast(i18next.t('auth:login.firstLoginWelcome'), 'info'),
      ...navigationOf(deps),
    },
  });
};

/** forgetPassModal (AUTH-37..AUTH-39). */
export const createForgotPasswordLogic = (deps: FlowDeps) =>
  forgotPasswordMachine.provide({
    actors: {
      sendResetEmail: fromPromise(({ input }) => deps.api.call('forgotPasswordEmail', { body: input })),
      resetPasswordByPhone: fromPromise(({ input }) => deps.api.call('passwordByPhone', { body: input })),
      smsCountdown: createSmsCountdownLogic(deps.api),
    },
    actions: { startSession: startSessionWith(deps.session), ...navigationOf(deps) },
  });

/** The free demo (AUTH-42, AUTH-43); it ends on `/`, leaving the popup it was started from. */
export const createFreePlayLogic = (deps: FlowDeps) =>
  freePlayMachine.provide({
    actors: {
      solveBotCheck: createBotCheckActor(deps.api),
      startFreePlay: fromPromise(({ input }) => deps.api.call('freePlayLogin', { body: input })),
    },
    actions: {
      startSession: startSessionWith(deps.session),
      navigateTo: (_, { to }) => {
        deps.closePopup();
        deps.navigate(to);
      },
    },
  });

/** The reset page of the emailed link (AUTH-38): the server logs the member in with the new password. */
export const createPasswordResetLogic = (deps: FlowDeps) =>
  passwordResetMachine.provide({
    actors: { resetPassword: fromPromise(({ input }) => deps.api.call('passwordReset', { body: input })) },
    actions: { startSession: startSessionWith(deps.session), navigateTo: navigationOf(deps).navigateTo },
  });

/**
 * The provider's code and state are single-use, and React's StrictMode restarts an invoke started at
 * mount: a repeat of the same callback query on the same API reuses the first answer instead of
 * being refused by the server.
 */
const callbackAnswers = new WeakMap<AppApi, { search: string; answer: Promise<LoginResult> }>();
const finishSocialSignInOnce = (api: AppApi, search: string): Promise<LoginResult> => {
  const previous = callbackAnswers.get(api);
  if (previous?.search === search) return previous.answer;
  const answer = api.call('oidcCallback', { body: { search } });
  callbackAnswers.set(api, { search, answer });
  return answer;
};

/** Social sign-in (AUTH-01): the provider buttons of the login and register popups, and /oidc/callback. */
export const createSocialSignInLogic = (deps: FlowDeps) =>
  socialSignInMachine.provide({
    actors: {
      startSocialSignIn: fromPromise(({ input }) => deps.api.call('oidcStart', { body: input })),
      finishSocialSignIn: fromPromise(({ input }) => finishSocialSignInOnce(deps.api, input.search)),
    },
    actions: {
      leaveForProvider: (_, { url }) => leaveSiteFor(url),
      startSession: startSessionWith(deps.session),
      navigateTo: navigationOf(deps).navigateTo,
    },
  });
