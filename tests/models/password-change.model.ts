import { setup } from 'xstate';

/**
 * What a user of the change-password popup must experience (STYLE.md C3, layer 2). The server's
 * answer travels in the event (`reply`); no actors, no timers.
 */
export type PasswordChangeReply =
  | 'ok'
  /** the confirmation does not match (VAL-35, VAL-48) */
  | 'mismatch'
  /** the new password breaks the password rule (VAL-25, VAL-35) */
  | 'weak'
  /** the server refused the old password (PASSWORD_WRONG) */
  | 'wrongOldPassword';

export type PasswordChangeModelEvent = { type: 'password.submit'; reply: PasswordChangeReply };

const replied = (reply: PasswordChangeReply) => ({ event }: { event: PasswordChangeModelEvent }) => event.reply === reply;

const retry = { 'password.submit': { guard: replied('ok'), target: 'home' } } as const;

export const passwordChangeModel = setup({
  types: {} as { events: PasswordChangeModelEvent },
}).createMachine({
  id: 'passwordChangeModel',
  initial: 'form',
  states: {
    form: {
      on: {
        'password.submit': [
          { guard: replied('mismatch'), target: 'confirmationErrorShown' },
          { guard: replied('weak'), target: 'passwordRuleErrorShown' },
          { guard: replied('wrongOldPassword'), target: 'errorShown' },
          { guard: replied('ok'), target: 'home' },
        ],
      },
    },
    confirmationErrorShown: { on: retry },
    passwordRuleErrorShown: { on: retry },
    errorShown: { on: retry },
    /** reloaded user info, popup closed, at / (AUTH-36) */
    home: { type: 'final' },
  },
});

export const passwordChangeModelEvents: PasswordChangeModelEvent[] = (['ok', 'mismatch', 'weak', 'wrongOldPassword'] as const).map(
  (reply) => ({ type: 'password.submit', reply }),
);
