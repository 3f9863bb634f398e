import { assign, sendTo, setup } from 'xstate';
import { z } from 'zod';
import type { Affiliate, RegisterRequest, RegisterResult } from '@shared/contract/registration';
import type { LoginResult } from '@shared/contract/auth';
import { PROFILE_FIELDS } from '@shared/validation/fields';
import { DEFAULT_BIRTHDAY_CHECK_AGE } from '@shared/contract/system';
import { isBirthdayCheckShown, isProfileFieldShown, registrationHasPassword, validateBirthdayCheck, validateRegistration } from '@shared/validation/forms';
import { FieldError, VALIDATION_MESSAGES } from '@shared/validation/messages';
import { checkRule } from '@shared/validation/rules';
import { botCheckStep, solveBotCheck } from '../shared/bot-check';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { trimValues } from '../shared/form';
import { closePopup, navigateTo } from '../shared/navigation';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';
import { mobileCodeRequest, smsCountdownMachine } from '../shared/sms-countdown.machine';
import type {
  RegistrationContext,
  RegistrationEvent,
  RegistrationFormValues,
  RegistrationInput,
  RegistrationTag,
  RegistrationType,
} from './registration.types';

const ServerFieldErrors = z.array(FieldError);

/** The spec's registration rules (VAL-29..VAL-32), the birthday check (VAL-44) and the terms box (AUTH-25). */
const fieldErrorsOf = (context: RegistrationContext, values: RegistrationFormValues): FieldError[] => {
  const errors = [
    ...validateRegistration(values, {
      type: context.registrationType,
      fieldRules: context.fieldRules,
      smsVerification: context.smsVerification,
      mobilePassword: context.mobilePassword,
    }),
    ...validateBirthdayCheck(context.ageConfirmed, { fieldRules: context.fieldRules, age: context.birthdayCheckAge }),
  ];
  return context.termsAccepted ? errors : [...errors, { field: 'terms', key: VALIDATION_MESSAGES.termsRequired }];
};

/**
 * The register payload (API-10): for the mobile type the username is the mobile number (AUTH-27);
 * only the fields the rules show are sent; registerUrl, referralCode, domain and registerMethod
 * WEB are added, and login true logs the new account in.
 */
const registerRequestOf = (context: RegistrationContext, values: RegistrationFormValues): Omit<RegisterRequest, 'botCheck'> => {
  const withPassword = registrationHasPassword({ type: context.registrationType, mobilePassword: context.mobilePassword });
  const profile = Object.fromEntries(
    PROFILE_FIELDS.filter((field) => isProfileFieldShown(field, context.fieldRules) && values[field]).map((field) => [field, values[field]]),
  );
  return {
    username: context.registrationType === 'mobile' ? (values.mobileNum ?? '') : (values.username ?? ''),
    ...(withPassword ? { password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' } : {}),
    mobileNum: values.mobileNum ?? '',
    countryDialingCode: values.countryDialingCode ?? '',
    verificationCode: context.smsVerification ? (values.verificationCode ?? '') : '',
    ...profile,
    ...(context.referralCode ? { referralCode: context.referralCode } : {}),
    registerUrl: context.registerUrl,
    domain: context.domain,
    registerMethod: 'WEB',
    termsAccepted: context.termsAccepted,
    ...(isBirthdayCheckShown(context.fieldRules) ? { ageConfirmed: context.ageConfirmed } : {}),
    login: true,
  };
};

const mobileErrorsOf = (context: RegistrationContext, mobileNum: string): FieldError[] => {
  const failure = checkRule('mobileNum', mobileNum, { ...context.fieldRules.mobileNum, required: true });
  return failure ? [{ field: 'mobileNum', ...failure }] : [];
};

/**
 * The registration popup (registerModal): username and registerMobile tabs per flags (AUTH-21),
 * validation with the shared rules, the affiliate code verified first (AUTH-26), a bot-check
 * (AUTH-27, AUTH-33), the register call, then logged in, popup closed, `/` (AUTH-29).
 */
export const registrationMachine = setup({
  types: {} as {
    context: RegistrationContext;
    events: RegistrationEvent;
    input: RegistrationInput;
    tags: RegistrationTag;
  },
  actors: {
    solveBotCheck,
    verifyAffiliate: mustProvideActor<z.output<typeof Affiliate>, { code: string; domain: string }>('verifyAffiliate'),
    submitRegistration: mustProvideActor<RegisterResult, { registrationType: RegistrationType; request: RegisterRequest }>('submitRegistration'),
    smsCountdown: smsCountdownMachine,
  },
  actions: {
    startSession: mustProvideAction<{ result: LoginResult; passwordChangePending: boolean }>('startSession'),
    closePopup,
    navigateTo,
    assignType: assign((_, params: { registrationType: RegistrationType }) => ({
      registrationType: params.registrationType,
      fieldErrors: [],
      error: null,
    })),
    assignTerms: assign((_, params: { accepted: boolean }) => ({ termsAccepted: params.accepted })),
    assignAgeConfirmed: assign((_, params: { confirmed: boolean }) => ({ ageConfirmed: params.confirmed })),
    assignSubmission: assign(({ context }, params: { values: RegistrationFormValues }) => {
      const values = trimValues(params.values);
      const fieldErrors = fieldErrorsOf(context, values);
      return { fieldErrors, error: null, botCheck: null, request: fieldErrors.length > 0 ? null : registerRequestOf(context, values) };
    }),
    assignBotCheck: assign((_, params: { botCheck: string }) => ({ botCheck: params.botCheck })),
    assignResult: assign((_, params: { result: RegisterResult }) => ({ session: params.result.session, request: null, botCheck: null })),
    /** A refused registration; the server's field errors show under their fields. */
    assignError: assign((_, params: { error: FlowError }) => {
      const serverFieldErrors = ServerFieldErrors.safeParse(params.error.details);
      return {
        error: params.error,
        fieldErrors: serverFieldErrors.success ? serverFieldErrors.data : [],
        request: null,
        botCheck: null,
      };
    }),
    assignMobileError: assign((_, params: { fieldErrors: FieldError[] }) => ({ fieldErrors: params.fieldErrors })),
  },
  guards: {
    canSelectType: ({ context }, params: { registrationType: RegistrationType }) =>
      params.registrationType === 'username' ? context.usernameRegistration : context.mobileRegistration,
    hasFieldErrors: ({ context }) => context.fieldErrors.length > 0,
    hasAffiliateCode: ({ context }) => !!context.request?.affiliateCode,
    hasSession: ({ context }) => context.session !== null,
    isMobileInvalid: ({ context }, params: { mobileNum: string }) => mobileErrorsOf(context, params.mobileNum).length > 0,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    usernameRegistration: input.usernameRegistration,
    mobileRegistration: input.mobileRegistration,
    mobilePassword: input.mobilePassword,
    smsVerification: input.smsVerification,
    thirdPartySms: input.thirdPartySms ?? false,
    fieldRules: input.fieldRules,
    referralCode: input.referralCode,
    registerUrl: input.registerUrl,
    domain: input.domain,
    registrationType: input.usernameRegistration || !input.mobileRegistration ? 'username' : 'mobile',
    termsAccepted: true,
    birthdayCheckAge: input.birthdayCheckAge ?? DEFAULT_BIRTHDAY_CHECK_AGE,
    ageConfirmed: false,
    request: null,
    botCheck: null,
    session: null,
    fieldErrors: [],
    error: null,
  }),
  invoke: {
    id: 'smsCountdown',
    src: 'smsCountdown',
    input: ({ context }) => ({ purpose: 'register' as const, thirdParty: context.thirdPartySms }),
  },
  initial: 'editing',
  states: {
    editing: {
      tags: 'step:form',
      on: {
        'type.select': {
          guard: { type: 'canSelectType', params: ({ event }) => ({ registrationType: event.registrationType }) },
          actions: { type: 'assignType', params: ({ event }) => ({ registrationType: event.registrationType }) },
        },
        'terms.change': { actions: { type: 'assignTerms', params: ({ event }) => ({ accepted: event.accepted }) } },
        'age.confirm': { actions: { type: 'assignAgeConfirmed', params: ({ event }) => ({ confirmed: event.confirmed }) } },
        'registration.submit': {
          target: 'validating',
          actions: { type: 'assignSubmission', params: ({ event }) => ({ values: event.values }) },
        },
        'code.request': [
          {
            guard: { type: 'isMobileInvalid', params: ({ event }) => ({ mobileNum: event.mobileNum }) },
            actions: { type: 'assignMobileError', params: ({ context, event }) => ({ fieldErrors: mobileErrorsOf(context, event.mobileNum) }) },
          },
          {
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
        { guard: 'hasAffiliateCode', target: 'verifyingAffiliate' },
        { target: 'checkingBot' },
      ],
    },
    /** An affiliate code is checked before anything else; failure shows 'invitation code error' (AUTH-26). */
    verifyingAffiliate: {
      tags: ['loading', 'step:form'],
      invoke: {
        id: 'verifyAffiliate',
        src: 'verifyAffiliate',
        input: ({ context }) => ({ code: context.request?.affiliateCode ?? '', domain: context.domain }),
        onDone: 'checkingBot',
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    checkingBot: botCheckStep({ purpose: 'register', next: 'submitting', back: 'editing', assignProof: 'assignBotCheck', assignError: 'assignError' }),
    submitting: {
      tags: ['loading', 'step:form'],
      invoke: {
        id: 'submitRegistration',
        src: 'submitRegistration',
        // `validating` enters the chain only with a complete request
        input: ({ context }) => ({
          registrationType: context.registrationType,
          request: { ...context.request!, botCheck: context.botCheck ?? '' },
        }),
        onDone: { target: 'routing', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
      },
    },
    routing: {
      always: [
        {
          guard: 'hasSession',
          target: 'registered',
          actions: [
            // `hasSession` checked it
            { type: 'startSession', params: ({ context }) => ({ result: context.session!, passwordChangePending: false }) },
            'closePopup',
            { type: 'navigateTo', params: { to: '/' } },
          ],
        },
        { target: 'registered', actions: ['closePopup', { type: 'navigateTo', params: { to: '/' } }] },
      ],
    },
    registered: { type: 'final' },
  },
});

export type RegistrationMachine = typeof registrationMachine;
