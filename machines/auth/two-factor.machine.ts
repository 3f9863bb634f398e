import { assign, sendTo, setup } from 'xstate';
import type { LoginResult, TwoFactorChallenge, TwoFactorMethod, TwoFactorVerifyRequest } from '@shared/contract/auth';
import type { FieldError } from '@shared/validation/messages';
import { checkRule } from '@shared/validation/rules';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { mustProvideActor } from '../shared/placeholders';
import { smsCountdownMachine } from '../shared/sms-countdown.machine';
import type { SmsCountdownEvent } from '../shared/sms-countdown.types';

export interface TwoFactorInput {
  challenge: TwoFactorChallenge;
}

/** How the step ended: verified with a session, or the challenge ran out (log in again). */
export type TwoFactorOutput = { status: 'verified'; result: LoginResult } | { status: 'expired' };

export interface TwoFactorContext {
  challenge: TwoFactorChallenge;
  method: TwoFactorMethod | null;
  request: TwoFactorVerifyRequest | null;
  result: LoginResult | null;
  fieldErrors: FieldError[];
  error: FlowError | null;
}

export type TwoFactorEvent =
  | { type: 'method.select'; method: TwoFactorMethod }
  /** Send the SMS or email code of the chosen method (through the countdown child). */
  | { type: 'code.request' }
  | { type: 'code.submit'; code: string };

export type TwoFactorTag = 'loading' | 'step:chooseMethod' | 'step:enterCode';

/** Methods whose code the server sends; the others the user already knows. */
export const SENT_CODE_METHODS: readonly TwoFactorMethod[] = ['sms', 'email'];

/** The bank account name is a name; every other method answers with a code. */
const checkAnswer = (method: TwoFactorMethod, code: string) =>
  method === 'bankAccountName' ? checkRule('payeeName', code, { required: true }) : checkRule('verificationCode', code, { required: true });

/**
 * The two-factor step of a login from an IP not registered for the account (AUTH-40): the user
 * picks one of the offered methods (SMS code, bound email, bank account name, authenticator
 * TOTP; AUTH-41) and answers it before the challenge expires.
 */
export const twoFactorMachine = setup({
  types: {} as {
    context: TwoFactorContext;
    events: TwoFactorEvent;
    input: TwoFactorInput;
    output: TwoFactorOutput;
    tags: TwoFactorTag;
  },
  actors: {
    verifyTwoFactor: mustProvideActor<LoginResult, TwoFactorVerifyRequest>('verifyTwoFactor'),
    smsCountdown: smsCountdownMachine,
  },
  actions: {
    assignMethod: assign((_, params: { method: TwoFactorMethod }) => ({ method: params.method, fieldErrors: [], error: null })),
    assignAnswer: assign(({ context }, params: { code: string }) => {
      const code = params.code.trim();
      const failure = context.method ? checkAnswer(context.method, code) : null;
      return {
        fieldErrors: failure ? [{ field: 'code', ...failure }] : [],
        error: null,
        request: failure || !context.method ? null : { challengeId: context.challenge.challengeId, method: context.method, code },
      };
    }),
    assignResult: assign((_, params: { result: LoginResult }) => ({ result: params.result, request: null })),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, request: null })),
    requestCode: sendTo('smsCountdown', ({ context }): SmsCountdownEvent => ({
      type: 'code.request',
      recipient: {
        kind: 'twoFactor',
        challengeId: context.challenge.challengeId,
        method: context.method === 'email' ? 'email' : 'sms',
      },
    })),
  },
  guards: {
    hasSingleMethod: ({ context }) => context.challenge.methods.length === 1,
    isOfferedMethod: ({ context }, params: { method: TwoFactorMethod }) => context.challenge.methods.includes(params.method),
    needsSentCode: ({ context }) => context.method !== null && SENT_CODE_METHODS.includes(context.method),
    hasFieldErrors: ({ context }) => context.fieldErrors.length > 0,
  },
  delays: {
    challengeExpiry: ({ context }) => context.challenge.expiresInSeconds * 1000,
  },
}).createMachine({
  id: 'twoFactor',
  context: ({ input }) => ({
    challenge: input.challenge,
    method: null,
    request: null,
    result: null,
    fieldErrors: [],
    error: null,
  }),
  invoke: { id: 'smsCountdown', src: 'smsCountdown', input: { purpose: 'twoFactor' } },
  after: { challengeExpiry: '.expired' },
  initial: 'choosingMethod',
  output: ({ context }) => (context.result ? { status: 'verified', result: context.result } : { status: 'expired' }),
  states: {
    choosingMethod: {
      tags: 'step:chooseMethod',
      always: {
        guard: 'hasSingleMethod',
        target: 'awaitingCode',
        actions: { type: 'assignMethod', params: ({ context }) => ({ method: context.challenge.methods[0]! }) },
      },
      on: {
        'method.select': {
          guard: { type: 'isOfferedMethod', params: ({ event }) => ({ method: event.method }) },
          target: 'awaitingCode',
          actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.method }) },
        },
      },
    },
    awaitingCode: {
      tags: 'step:enterCode',
      on: {
        'method.select': {
          guard: { type: 'isOfferedMethod', params: ({ event }) => ({ method: event.method }) },
          actions: { type: 'assignMethod', params: ({ event }) => ({ method: event.method }) },
        },
        'code.request': { guard: 'needsSentCode', actions: 'requestCode' },
        'code.submit': {
          target: 'validating',
          actions: { type: 'assignAnswer', params: ({ event }) => ({ code: event.code }) },
        },
      },
    },
    validating: {
      always: [{ guard: 'hasFieldErrors', target: 'awaitingCode' }, { target: 'verifying' }],
    },
    verifying: {
      tags: ['loading', 'step:enterCode'],
      invoke: {
        id: 'verifyTwoFactor',
        src: 'verifyTwoFactor',
        // `validating` lets only a complete request through
        input: ({ context }) => context.request!,
        onDone: { target: 'verified', actions: { type: 'assignResult', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          target: 'awaitingCode',
          actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
        },
      },
    },
    verified: { type: 'final' },
    expired: { type: 'final' },
  },
});

export type TwoFactorMachine = typeof twoFactorMachine;
