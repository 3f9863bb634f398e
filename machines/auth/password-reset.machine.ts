import { assign, setup } from 'xstate';
import type { LoginResult, PasswordResetRequest } from '@shared/contract/auth';
import type { FieldRule } from '@shared/contract/system';
import { validateChangePassword } from '@shared/validation/forms';
import type { FieldError } from '@shared/validation/messages';
import { localError, toFlowError, type FlowError } from '../shared/flow-error';
import { trimValues } from '../shared/form';
import { navigateTo } from '../shared/navigation';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';

export interface PasswordResetInput {
  /** The `token` of the emailed link (`/resetPassword?token=…`); null when the link has none. */
  resetToken: string | null;
  /** The server's rule for the password field, if it overrides the default (VAL-03). */
  passwordRule?: FieldRule;
}

export interface PasswordResetValues {
  newPassword: string;
  confirmNewPassword: string;
}

export interface PasswordResetContext {
  resetToken: string | null;
  passwordRule: FieldRule | undefined;
  /** The request being sent; cleared as soon as it is answered. */
  request: PasswordResetRequest | null;
  fieldErrors: FieldError[];
  error: FlowError | null;
}

export type PasswordResetEvent = { type: 'password.submit'; values: PasswordResetValues } | { type: 'confirmation.dismiss' };

export type PasswordResetTag = 'loading' | 'step:form' | 'step:done' | 'step:linkInvalid';

/**
 * The page the reset email links to (AUTH-38): a new password and its confirmation, validated with
 * the shared password rule (VAL-35), set with the link's single-use token. The server logs the
 * member in with the new password, so the session starts at once; the confirmation then goes to
 * `/`. A missing, expired or used token ends on RESET_LINK_INVALID.
 */
export const passwordResetMachine = setup({
  types: {} as {
    context: PasswordResetContext;
    events: PasswordResetEvent;
    input: PasswordResetInput;
    tags: PasswordResetTag;
  },
  actors: {
    resetPassword: mustProvideActor<LoginResult, PasswordResetRequest>('resetPassword'),
  },
  actions: {
    startSession: mustProvideAction<{ result: LoginResult; passwordChangePending: boolean }>('startSession'),
    navigateTo,
    assignSubmission: assign(({ context }, params: { values: PasswordResetValues }) => {
      const values = trimValues(params.values);
      const fieldErrors = validateChangePassword(values, { oldPasswordShown: false, passwordRule: context.passwordRule });
      return {
        fieldErrors,
        error: null,
        request: fieldErrors.length > 0 || !context.resetToken ? null : { resetToken: context.resetToken, ...values },
      };
    }),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, request: null })),
    forgetRequest: assign({ request: null, resetToken: null }),
  },
  guards: {
    hasToken: ({ context }) => context.resetToken !== null,
    hasFieldErrors: ({ context }) => context.fieldErrors.length > 0,
    isLinkInvalid: (_, params: { error: FlowError }) => params.error.code === 'RESET_LINK_INVALID',
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    resetToken: input.resetToken?.trim() || null,
    passwordRule: input.passwordRule,
    request: null,
    fieldErrors: [],
    error: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'hasToken', target: 'editing' },
        { target: 'linkInvalid', actions: { type: 'assignError', params: { error: localError('RESET_LINK_INVALID') } } },
      ],
    },
    editing: {
      tags: 'step:form',
      on: {
        'password.submit': { target: 'validating', actions: { type: 'assignSubmission', params: ({ event }) => ({ values: event.values }) } },
      },
    },
    validating: {
      always: [{ guard: 'hasFieldErrors', target: 'editing' }, { target: 'submitting' }],
    },
    submitting: {
      tags: ['loading', 'step:form'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        // `validating` lets only a complete request through (the token is checked in `routing`)
        input: ({ context }) => context.request!,
        onDone: {
          target: 'done',
          actions: ['forgetRequest', { type: 'startSession', params: ({ event }) => ({ result: event.output, passwordChangePending: false }) }],
        },
        onError: [
          {
            guard: { type: 'isLinkInvalid', params: ({ event }) => ({ error: toFlowError(event.error) }) },
            target: 'linkInvalid',
            actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
          },
          { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) } },
        ],
      },
    },
    /** The password is set and the member logged in; the confirmation goes on to `/`. */
    done: {
      tags: 'step:done',
      on: { 'confirmation.dismiss': { target: 'left', actions: { type: 'navigateTo', params: { to: '/' } } } },
    },
    linkInvalid: { tags: 'step:linkInvalid', type: 'final' },
    left: { type: 'final' },
  },
});

export type PasswordResetMachine = typeof passwordResetMachine;
