import { assign, setup } from 'xstate';
import type { ChangePasswordRequest } from '@shared/contract/auth';
import type { FieldRule } from '@shared/contract/system';
import { validateChangePassword } from '@shared/validation/forms';
import type { FieldError } from '@shared/validation/messages';
import { toFlowError, type FlowError } from '../shared/flow-error';
import { trimValues } from '../shared/form';
import { closePopup, navigateTo, type AppPath } from '../shared/navigation';
import { mustProvideAction, mustProvideActor } from '../shared/placeholders';

export interface PasswordChangeInput {
  /** Shown read-only (AUTH-34). */
  username: string;
  /**
   * The password typed in the login that forced this change: it becomes oldPassword from memory
   * only and hides the old-password field (AUTH-35).
   */
  heldPassword?: string | null;
  /** The server's rule for the password field, if it overrides the default (VAL-03). */
  passwordRule?: FieldRule;
  /** Where to go after the change: `/` (AUTH-36), or the agent center for a login on the agent site. */
  successPath?: AppPath;
}

export interface PasswordChangeValues {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}

export interface PasswordChangeContext {
  username: string;
  /** Fixed at start: false when the forcing login's password is held (AUTH-35). */
  oldPasswordShown: boolean;
  heldPassword: string | null;
  passwordRule: FieldRule | undefined;
  successPath: AppPath;
  /** The request being sent; cleared as soon as it is answered. */
  request: ChangePasswordRequest | null;
  fieldErrors: FieldError[];
  error: FlowError | null;
}

export type PasswordChangeEvent = { type: 'password.submit'; values: PasswordChangeValues };

export type PasswordChangeTag = 'loading' | 'step:passwordChange';

/**
 * The change-password popup (changePassModal), standalone or as the forced change of a login:
 * validates with the shared rules (VAL-35), changes the password, then reloads the member info,
 * closes the popup and goes to `/` (AUTH-36).
 */
export const passwordChangeMachine = setup({
  types: {} as {
    context: PasswordChangeContext;
    events: PasswordChangeEvent;
    input: PasswordChangeInput;
    tags: PasswordChangeTag;
  },
  actors: {
    changePassword: mustProvideActor<null, ChangePasswordRequest>('changePassword'),
  },
  actions: {
    /** Tells the session the password changed, which (re)loads the member info (AUTH-36). */
    notifyPasswordChanged: mustProvideAction('notifyPasswordChanged'),
    closePopup,
    navigateTo,
    assignSubmission: assign(({ context }, params: { values: PasswordChangeValues }) => {
      const values = trimValues(params.values);
      const fieldErrors = validateChangePassword(values, {
        oldPasswordShown: context.oldPasswordShown,
        passwordRule: context.passwordRule,
      });
      return {
        fieldErrors,
        error: null,
        request:
          fieldErrors.length > 0
            ? null
            : {
                oldPassword: context.heldPassword ?? values.oldPassword ?? '',
                newPassword: values.newPassword,
                confirmNewPassword: values.confirmNewPassword,
              },
      };
    }),
    assignError: assign((_, params: { error: FlowError }) => ({ error: params.error, request: null })),
    forgetPasswords: assign({ request: null, heldPassword: null }),
  },
  guards: {
    hasFieldErrors: ({ context }) => context.fieldErrors.length > 0,
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({
    username: input.username,
    oldPasswordShown: !input.heldPassword,
    heldPassword: input.heldPassword || null,
    passwordRule: input.passwordRule,
    successPath: input.successPath ?? '/',
    request: null,
    fieldErrors: [],
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: 'step:passwordChange',
      on: {
        'password.submit': {
          target: 'validating',
          actions: { type: 'assignSubmission', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    validating: {
      always: [{ guard: 'hasFieldErrors', target: 'editing' }, { target: 'submitting' }],
    },
    submitting: {
      tags: ['loading', 'step:passwordChange'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        // `validating` lets only a complete request through
        input: ({ context }) => context.request!,
        onDone: {
          target: 'changed',
          actions: [
            'forgetPasswords',
            'notifyPasswordChanged',
            'closePopup',
            { type: 'navigateTo', params: ({ context }) => ({ to: context.successPath }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: toFlowError(event.error) }) },
        },
      },
    },
    changed: { type: 'final' },
  },
});

export type PasswordChangeMachine = typeof passwordChangeMachine;
