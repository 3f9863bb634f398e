import { assign, sendTo, setup } from 'xstate';
import type { ForgotPasswordEmailRequest, LoginResult, PasswordByPhoneRequest } from '@shared/contract/auth';
import type { FieldRule } from '@shared/contract/system';
import { validateForgotByEmail, validateForgotByPhone } from '@shared/validation/forms';
import type { FieldError } from '@shared/validation/messages';
import { checkRule } from '@shared/validation/rules';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { trimValues } from '../shared/form';
import { closePopup, navigateTo } from '../shared/navigation';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';
import { mobileCodeRequest, smsCountdownMachine } from '../shared/sms-countdown.machine';

export type ForgotPasswordMethod = 'email' | 'mobileNum';

export interface ForgotPasswordInput {
  /** CHNGPASSMAIL3: reset by email. */
  emailReset: boolean;
  /** CHNGPASSVERIF3: reset by phone verification. */
  phoneReset: boolean;
  mobileRule?: FieldRule;
  passwordRule?: FieldRule;
}

export interface ForgotByEmailValues {
  username: string;
  email: string;
}

export interface ForgotByPhoneValues {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
}

export interface ForgotPasswordContext {
  emailReset: boolean;
  phoneReset: boolean;
  mobileRule: FieldRule | undefined;
  passwordRule: FieldRule | undefined;
  method: ForgotPasswordMethod;
  emailRequest: ForgotPasswordEmailRequest | null;
  phoneRequest: PasswordByPhoneRequest | null;
  /** Minutes the emailed reset link stays valid (shown in the confirmation). */
  linkValidMinutes: number | null;
  fieldErrors: FieldError[];
  error: FlowError | null;
}

export type ForgotPasswordEvent =
  | { type: 'method.select'; method: ForgotPasswordMethod }
  | { type: 'email.submit'; values: ForgotByEmailValues }
  | { type: 'code.request'; mobileNum: string; countryDialingCode: string }
  | { type: 'phone.submit'; values: ForgotByPhoneValues }
  | { type: 'confirmation.dismiss' };

export type ForgotPasswordTag = 'loading' | 'step:form' | 'step:emailSent';

const mobileErrorsOf = (mobileNum: string, rule: FieldRule | undefined): FieldError[] => {
  const failure = checkRule('mobileNum', mobileNum, { ...rule, required: true });
  return failure ? [{ field: 'mobileNum', ...failure }] : [];
};

/**
 * The forgot-password popup (forgetPassModal): by email, a confirmation then the popup closes
 * (AUTH-38); by phone, an SMS code and a new password, then an automatic login and `/` (AUTH-39).
 * The email and mobileNum tabs show only when both flags are on (AUTH-37).
 */
export const forgotPasswordMachine = setup({
  types: {} as {
    context: ForgotPasswordContext;
    events: ForgotPasswordEvent;
    input: ForgotPasswordInput;
    tags: ForgotPasswordTag;
  },
  actors: {
    sendResetEmail: mustProvideActor<{ expiresInMinutes: number }, ForgotPasswordEmailRequest>('sendResetEmail'),
    resetPasswordByPhone: mustProvideActor<LoginResult, PasswordByPhoneRequest>('resetPasswordByPhone'),
    smsCountdown: smsCountdownMachine,
  },
  actions: {
    startSession: mustProvideAction<{ result: LoginResult; passwordChangePending: boolean }>('startSession'),
    closePopup,
    navigateTo,
    assignMethod: assign((_, params: { method: ForgotPasswordMethod }) => ({ method: params.method, fieldErrors: [], error: null })),
    assignEmailSubmission: assign((_, params: { values: ForgotByEmailValues }) => {
      const values = trimValues(params.values);
      const fieldErrors = validateForgotByEmail(values);
      return { fieldErrors, error: null, phoneRequest: null, emailRequest: fieldErrors.length > 0 ? null : values };
    }),
    assignPhoneSubmission: assign(({ context }, params: { values: ForgotByPhoneValues }) => {
      const values = trimValues(params.values);
      const fieldErrors = validateForgotByPhone(values, { mobileRule: context.mobileRule, passwordRule: context.passwordRule });
      return { fieldErrors, error: null, emailRequest: null, phoneRequest: fieldErrors.length > 0 ? null : values };
    }),
    assignMobileError: assign((_, params: { fieldErrors: FieldError[] }) => ({ fieldErrors: params.fieldErrors })),
    assignEmailSent: assign((_, params: { expiresInMinutes: number }) => ({ linkValidMinutes: params.expiresInMinutes, emailRequest: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, emailRequest: null, phoneRequest: null })),
    forgetRequest: assign({ phoneRequest: null }),
  },
  guards: {
    canSelectMethod: ({ context }) => context.emailReset && context.phoneReset,
    isEmailMethod: ({ context }) => context.method === 'email',
    isPhoneMethod: ({ context }) => context.method === 'mobileNum',
    hasFieldErrors: ({ context }) => context.fieldErrors.length > 0,
    hasEmailRequest: ({ context }) => context.emailRequest !== null,
    isMobileInvalid: ({ context }, params: { mobileNum: string }) => mobileErrorsOf(params.mobileNum, context.mobileRule).length > 0,
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    emailReset: input.emailReset,
    phoneReset: input.phoneReset,
    mobileRule: input.mobileRule,
    passwordRule: input.passwordRule,
    method: input.emailReset ? 'email' : 'mobileNum',
    emailRequest: null,
    phoneRequest: null,
    linkValidMinutes: null,
    fieldErrors: [],
    error: null,
  }),
  invoke: { id: 'smsCountdown', src: 'smsCountdown', input: { purpose: 'passwordReset' } },
  initial: 'editing',
  states: {
    editing: {
      tags: 'step:form',
      on: {
        'method.select': {
          guard: 'canSelectMethod',
          actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.method }) },
        },
        'email.submit': {
          guard: 'isEmailMethod',
          target: 'validating',
          actions: { type: 'assignEmailSubmission', params: ({ event }) => ({ values: event.values }) },
        },
        'phone.submit': {
          guard: 'isPhoneMethod',
          target: 'validating',
          actions: { type: 'assignPhoneSubmission', params: ({ event }) => ({ values: event.values }) },
        },
        'code.request': [
          {
            guard: { type: 'isMobileInvalid', params: ({ event }) => ({ mobileNum: event.mobileNum }) },
            actions: {
              type: 'assignMobileError',
              params: ({ context, event }) => ({ fieldErrors: mobileErrorsOf(event.mobileNum, context.mobileRule) }),
            },
          },
          {
            guard: 'isPhoneMethod',
            actions: [
              { type: 'assignMobileError', params: { fieldErrors: [] } },
              sendTo('smsCountdown', ({ event }) => mobileCodeRequest(event)),
            ],
          },
        ],
      },
    },
    validating: {
      always: [
        { guard: 'hasFieldErrors', target: 'editing' },
        { guard: 'hasEmailRequest', target: 'sendingEmail' },
        { target: 'settingPassword' },
      ],
    },
    sendingEmail: {
      tags: ['loading', 'step:form'],
      invoke: {
        id: 'sendResetEmail',
        src: 'sendResetEmail',
        // `validating` enters only with a complete request
        input: ({ context }) => context.emailRequest!,
        onDone: { target: 'emailSent', actions: { type: 'assignEmailSent', params: ({ event }) => ({ expiresInMinutes: event.output.expiresInMinutes }) } },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    /** The confirmation (AUTH-38); dismissing it closes the popup. */
    emailSent: {
      tags: 'step:emailSent',
      on: { 'confirmation.dismiss': { target: 'closed', actions: 'closePopup' } },
    },
    settingPassword: {
      tags: ['loading', 'step:form'],
      invoke: {
        id: 'resetPasswordByPhone',
        src: 'resetPasswordByPhone',
        // `validating` enters only with a complete request
        input: ({ context }) => context.phoneRequest!,
        onDone: {
          target: 'closed',
          actions: [
            'forgetRequest',
            { type: 'startSession', params: ({ event }) => ({ result: event.output, passwordChangePending: false }) },
            'closePopup',
            { type: 'navigateTo', params: { to: '/' } },
          ],
        },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    closed: { type: 'final' },
  },
});

export type ForgotPasswordMachine = typeof forgotPasswordMachine;
