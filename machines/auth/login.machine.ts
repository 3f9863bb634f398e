import { assign, enqueueActions, sendTo, setup } from 'xstate';
import { type Captcha, LoginFailureDetails, type LoginRequest, type LoginResult, TwoFactorChallenge } from '@shared/contract/auth';
import { validateLogin } from '@shared/validation/forms';
import type { FieldError } from '@shared/validation/messages';
import { checkRequired, checkRule } from '@shared/validation/rules';
import { botCheckStep, solveBotCheck } from '../shared/bot-check';
import { localError, toFlowError, type FlowError } from '../shared/flow-error';
import { trimValues } from '../shared/form';
import { closePopup, navigateTo } from '../shared/navigation';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';
import { mobileCodeRequest, smsCountdownMachine } from '../shared/sms-countdown.machine';
import { passwordChangeMachine } from './password-change.machine';
import { twoFactorMachine, type TwoFactorOutput } from './two-factor.machine';
import {
  REMEMBER_ME_MAX_AGE_SECONDS,
  type LoginContext,
  type LoginEvent,
  type LoginInput,
  type LoginTab,
  type LoginTag,
  type LoginValues,
  type RememberedLogin,
} from './login.types';

/** A remembered username with a blank password logs in with the remember-me token instead (AUTH-12). */
const requestTypeOf = (context: LoginContext, values: LoginValues): LoginRequest['type'] => {
  if (context.tab === 'sms') return 'sms';
  const remembered = context.remembered;
  const usesToken = !values.password && !!remembered?.hasRememberToken && remembered.username === values.username;
  return usesToken ? 'remember' : 'username';
};

/** VAL-33, VAL-34 with the shared rules; a remember-me login needs the username only. */
const fieldErrorsOf = (context: LoginContext, values: LoginValues, requestType: LoginRequest['type']): FieldError[] => {
  if (requestType === 'remember') {
    const missing = checkRequired(values.username);
    return missing ? [{ field: 'username', ...missing }] : [];
  }
  return validateLogin(values, { type: context.tab, captchaShown: context.captchaRequired });
};

/** The login call of the submission; `botCheck` is set by the step before it (AUTH-33). */
const loginRequestOf = (context: LoginContext): LoginRequest => {
  const values = context.values ?? { rememberMe: false };
  switch (context.requestType) {
    case 'remember':
      return { type: 'remember', site: context.site };
    case 'sms':
      return {
        type: 'sms',
        mobileNum: values.mobileNum ?? '',
        countryDialingCode: values.countryDialingCode ?? '',
        verificationCode: values.verificationCode ?? '',
        rememberMe: values.rememberMe,
        site: context.site,
      };
    case 'username':
      return {
        type: 'username',
        username: values.username ?? '',
        password: values.password ?? '',
        ...(context.captchaRequired && context.captcha ? { captcha: values.captcha ?? '', captchaId: context.captcha.captchaId } : {}),
        botCheck: context.botCheck ?? '',
        rememberMe: values.rememberMe,
        site: context.site,
      };
  }
};

/** What the remember-me cookies keep after a successful login, or null to clear them (AUTH-13). */
const rememberedAfter = (context: LoginContext, result: LoginResult): RememberedLogin | null => {
  const values = context.values;
  const rememberMe = context.requestType === 'remember' || values?.rememberMe === true;
  if (!rememberMe) return null;
  return {
    username: context.requestType === 'sms' ? null : result.userInfo.userName,
    loginTypeSms:
      context.requestType === 'sms' && values?.mobileNum
        ? { mobileNum: values.mobileNum, countryDialingCode: values.countryDialingCode ?? '' }
        : null,
    hasRememberToken: result.remembered,
  };
};

/** The mobile number must pass its rule before a code is requested (VAL-47). */
const mobileErrorsOf = (mobileNum: string): FieldError[] => {
  const failure = checkRule('mobileNum', mobileNum, { required: true });
  return failure ? [{ field: 'mobileNum', ...failure }] : [];
};

const captchaRequiredBy = (error: FlowError): boolean => {
  const details = LoginFailureDetails.safeParse(error.details);
  return details.success ? details.data.captchaRequired : error.code === 'CAPTCHA_REQUIRED';
};

/**
 * The login popup and the /agent login form (AUTH-02..AUTH-13, AUTH-40): validate (trimmed), pass
 * a bot-check (username type), log in, then route on the answer: two-factor step, forced password
 * change, or done: the session starts, remember-me is stored or cleared, the first-login action
 * runs, the popup closes and the agent site goes to /agentHome.
 */
export const loginMachine = setup({
  types: {} as { context: LoginContext; events: LoginEvent; input: LoginInput; tags: LoginTag },
  actors: {
    solveBotCheck,
    submitLogin: mustProvideActor<LoginResult, LoginRequest>('submitLogin'),
    loadCaptcha: mustProvideActor<Captcha, void>('loadCaptcha'),
    smsCountdown: smsCountdownMachine,
    twoFactor: twoFactorMachine,
    passwordChange: passwordChangeMachine,
  },
  actions: {
    /** Hands the session over (the session saves the token, AUTH-05). */
    startSession: mustProvideAction<{ result: LoginResult; passwordChangePending: boolean }>('startSession'),
    /** Writes the remember-me cookies for `maxAgeSeconds`, or clears them when `remembered` is null (AUTH-13). */
    storeRememberMe: mustProvideAction<{ remembered: RememberedLogin | null; maxAgeSeconds: number }>('storeRememberMe'),
    /** The shell's first-login action (AUTH-06). */
    runFirstLogin: mustProvideAction<{ result: LoginResult }>('runFirstLogin'),
    closePopup,
    navigateTo,
    assignTab: assign((_, params: { tab: LoginTab }) => ({ tab: params.tab, fieldErrors: [], error: null })),
    assignSubmission: assign(({ context }, params: { values: LoginValues }) => {
      const values = trimValues(params.values);
      const requestType = requestTypeOf(context, values);
      return { values, requestType, fieldErrors: fieldErrorsOf(context, values, requestType), error: null, botCheck: null };
    }),
    assignBotCheck: assign((_, params: { botCheck: string }) => ({ botCheck: params.botCheck })),
    assignResult: assign((_, params: { result: LoginResult | null }) => ({ result: params.result, error: null, challenge: null })),
    assignChallenge: assign((_, params: { challenge: TwoFactorChallenge }) => ({ challenge: params.challenge, botCheck: null })),
    /** A failed login: forget the password, require the captcha when the server says so (AUTH-10). */
    assignFailure: assign(({ context }, params: { error: FlowError }) => ({
      error: params.error,
      values: null,
      botCheck: null,
      challenge: null,
      captchaRequired: context.captchaRequired || captchaRequiredBy(params.error),
      // A refused remember-me token is spent: the password is needed from now on.
      remembered:
        context.requestType === 'remember' && context.remembered ? { ...context.remembered, hasRememberToken: false } : context.remembered,
    })),
    assignMobileError: assign((_, params: { fieldErrors: FieldError[] }) => ({ fieldErrors: params.fieldErrors })),
    forgetPassword: assign({ values: null }),
    assignCaptcha: assign((_, params: { captcha: Captcha }) => ({ captcha: params.captcha, captchaError: null })),
    assignCaptchaError: assign((_, params: { error: FlowError }) => ({ captchaError: params.error })),
  },
  guards: {
    canSelectTab: ({ context }, params: { tab: LoginTab }) => params.tab === 'username' || context.smsLoginEnabled,
    hasFieldErrors: ({ context }) => context.fieldErrors.length > 0,
    needsBotCheck: ({ context }) => context.requestType === 'username',
    needsCaptcha: ({ context }) => context.captchaRequired,
    /** TWO_FACTOR_REQUIRED carries the challenge in its details (AUTH-40). */
    isTwoFactorRequired: (_, params: { error: FlowError }) =>
      params.error.code === 'TWO_FACTOR_REQUIRED' && TwoFactorChallenge.safeParse(params.error.details).success,
    isVerified: (_, params: { output: TwoFactorOutput }) => params.output.status === 'verified',
    needsPasswordChange: ({ context }) => context.result?.mustChangePassword === true,
    isAgentSite: ({ context }) => context.site === 'agent',
    isMobileInvalid: (_, params: { mobileNum: string }) => mobileErrorsOf(params.mobileNum).length > 0,
  },
  delays: {
    captchaRefreshThrottle: 1000,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    site: input.site,
    smsLoginEnabled: input.smsLoginEnabled,
    passwordRule: input.passwordRule,
    tab: input.smsLoginEnabled && input.remembered?.loginTypeSms && !input.remembered.username ? 'sms' : 'username',
    remembered: input.remembered,
    values: null,
    requestType: 'username',
    botCheck: null,
    captchaRequired: false,
    captcha: null,
    captchaError: null,
    fieldErrors: [],
    error: null,
    result: null,
    challenge: null,
  }),
  invoke: { id: 'smsCountdown', src: 'smsCountdown', input: { purpose: 'login' } },
  initial: 'awaitingCredentials',
  states: {
    awaitingCredentials: {
      tags: 'step:credentials',
      type: 'parallel',
      on: {
        'tab.select': {
          guard: { type: 'canSelectTab', params: ({ event }) => ({ tab: event.tab }) },
          actions: { type: 'assignTab', params: ({ event }) => ({ tab: event.tab }) },
        },
        'code.request': [
          {
            guard: { type: 'isMobileInvalid', params: ({ event }) => ({ mobileNum: event.mobileNum }) },
            actions: { type: 'assignMobileError', params: ({ event }) => ({ fieldErrors: mobileErrorsOf(event.mobileNum) }) },
          },
          {
            actions: [
              { type: 'assignMobileError', params: { fieldErrors: [] } },
              sendTo('smsCountdown', ({ event }) => mobileCodeRequest(event)),
            ],
          },
        ],
      },
      states: {
        /** Validation stays inside the form, so a field error keeps the captcha the user is typing. */
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'credentials.submit': {
                  target: 'validating',
                  actions: { type: 'assignSubmission', params: ({ event }) => ({ values: event.values }) },
                },
              },
            },
            validating: {
              always: [
                { guard: 'hasFieldErrors', target: 'editing' },
                { guard: 'needsBotCheck', target: '#login.checkingBot' },
                { target: '#login.submittingCredentials' },
              ],
            },
          },
        },
        /** Shown and loaded once a failure carried the captcha flag, reloaded after each failure (AUTH-10, AUTH-11). */
        captcha: {
          initial: 'routing',
          states: {
            routing: { always: [{ guard: 'needsCaptcha', target: 'loading' }, { target: 'hidden' }] },
            hidden: {},
            loading: {
              tags: 'step:captcha',
              invoke: {
                id: 'loadCaptcha',
                src: 'loadCaptcha',
                onDone: { target: 'shown', actions: { type: 'assignCaptcha', params: ({ event }) => ({ captcha: event.output }) } },
                onError: { target: 'shown', actions: { type: 'assignCaptchaError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
              },
            },
            shown: {
              tags: 'step:captcha',
              initial: 'coolingDown',
              states: {
                /** A refresh is throttled to once per second. */
                coolingDown: { after: { captchaRefreshThrottle: 'ready' } },
                ready: { on: { 'captcha.refresh': '#login.awaitingCredentials.captcha.loading' } },
              },
            },
          },
        },
      },
    },
    checkingBot: botCheckStep({ purpose: 'login', next: 'submittingCredentials', back: 'awaitingCredentials', assignProof: 'assignBotCheck', assignError: 'assignFailure' }),
    submittingCredentials: {
      tags: ['loading', 'step:credentials'],
      invoke: {
        id: 'submitLogin',
        src: 'submitLogin',
        input: ({ context }) => loginRequestOf(context),
        onDone: { target: 'routing', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          {
            guard: { type: 'isTwoFactorRequired', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'twoFactor',
            actions: {
              type: 'assignChallenge',
              params: ({ event }) => ({ challenge: TwoFactorChallenge.parse(toFlowError(event.error).details) }),
            },
          },
          { target: 'awaitingCredentials', actions: { type: 'assignFailure', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
        ],
      },
    },
    twoFactor: {
      tags: 'step:twoFactor',
      invoke: {
        id: 'twoFactor',
        src: 'twoFactor',
        // `submittingCredentials` enters only with the parsed challenge
        input: ({ context }) => ({ challenge: context.challenge! }),
        onDone: [
          {
            guard: { type: 'isVerified', params: ({ event }) => ({ output: event.output }) },
            target: 'routing',
            actions: {
              type: 'assignResult',
              params: ({ event }) => ({ result: event.output.status === 'verified' ? event.output.result : null }),
            },
          },
          { target: 'awaitingCredentials', actions: { type: 'assignFailure', params: { error: localError('SESSION_EXPIRED') } } },
        ],
        onError: { target: 'awaitingCredentials', actions: { type: 'assignFailure', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
      on: { 'twoFactor.cancel': { target: 'awaitingCredentials', actions: 'forgetPassword' } },
    },
    /** Success: hand over the session, remember-me, first-login action; then route on the answer. */
    routing: {
      entry: enqueueActions(({ context, enqueue, check }) => {
        // entered only from a successful login or a verified two-factor step
        const result = context.result!;
        enqueue({ type: 'startSession', params: { result, passwordChangePending: check('needsPasswordChange') } });
        enqueue({ type: 'storeRememberMe', params: { remembered: rememberedAfter(context, result), maxAgeSeconds: REMEMBER_ME_MAX_AGE_SECONDS } });
        if (result.firstTimeLogin) enqueue({ type: 'runFirstLogin', params: { result } });
      }),
      always: [
        { guard: 'needsPasswordChange', target: 'changingPassword' },
        { guard: 'isAgentSite', target: 'authenticated', actions: ['forgetPassword', 'closePopup', { type: 'navigateTo', params: { to: '/agentHome' } }] },
        { target: 'authenticated', actions: ['forgetPassword', 'closePopup'] },
      ],
    },
    /** The forced change (AUTH-07, AUTH-08): the typed password is the old one, from memory only (AUTH-35). */
    changingPassword: {
      tags: 'step:passwordChange',
      exit: 'forgetPassword',
      invoke: {
        id: 'passwordChange',
        src: 'passwordChange',
        input: ({ context }) => ({
          username: context.result?.userInfo.userName ?? '',
          heldPassword: context.requestType === 'username' ? (context.values?.password ?? null) : null,
          passwordRule: context.passwordRule,
          successPath: context.site === 'agent' ? '/agentHome' : '/',
        }),
        onDone: 'authenticated',
        onError: { target: 'awaitingCredentials', actions: { type: 'assignFailure', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    authenticated: { type: 'final' },
  },
});

export type LoginMachine = typeof loginMachine;
