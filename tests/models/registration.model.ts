import { setup } from 'xstate';

/**
 * What a user of the registration popup must experience (STYLE.md C3, layer 2). The server's
 * answer travels in the event (`reply`); no actors, no timers.
 */
export type RegistrationReply =
  | 'ok'
  /** the form fails the shared rules (VAL-29..VAL-32) */
  | 'invalid'
  /** the terms box was unticked (AUTH-25) */
  | 'termsUnticked'
  /** the affiliate check refused the code: 'invitation code error' (AUTH-26) */
  | 'invitationCodeError'
  /** the register call refused it: username or mobile taken, bad SMS code (ERR-11) */
  | 'refused';

export type RegistrationModelEvent =
  | { type: 'registration.submit'; reply: RegistrationReply }
  | { type: 'type.select'; registrationType: 'username' | 'mobile' }
  | { type: 'code.request' };

const replied = (reply: RegistrationReply) => ({ event }: { event: RegistrationModelEvent }) =>
  event.type === 'registration.submit' && event.reply === reply;

const retry = { 'registration.submit': { guard: replied('ok'), target: 'home' } } as const;

export const registrationModel = setup({
  types: {} as { events: RegistrationModelEvent },
}).createMachine({
  id: 'registrationModel',
  initial: 'usernameForm',
  states: {
    usernameForm: {
      on: {
        'type.select': { guard: ({ event }) => event.registrationType === 'mobile', target: 'mobileForm' },
        'registration.submit': [
          { guard: replied('invalid'), target: 'fieldErrorsShown' },
          { guard: replied('termsUnticked'), target: 'termsErrorShown' },
          { guard: replied('invitationCodeError'), target: 'invitationErrorShown' },
          { guard: replied('refused'), target: 'errorShown' },
          { guard: replied('ok'), target: 'home' },
        ],
      },
    },
    mobileForm: {
      on: {
        'type.select': { guard: ({ event }) => event.registrationType === 'username', target: 'usernameForm' },
        'code.request': 'codeSent',
      },
    },
    codeSent: {
      on: {
        'registration.submit': [
          { guard: replied('refused'), target: 'errorShown' },
          { guard: replied('ok'), target: 'home' },
        ],
      },
    },
    fieldErrorsShown: { on: retry },
    termsErrorShown: { on: retry },
    invitationErrorShown: { on: retry },
    errorShown: { on: retry },
    home: { type: 'final' },
  },
});

export const registrationModelEvents: RegistrationModelEvent[] = [
  ...(['ok', 'invalid', 'termsUnticked', 'invitationCodeError', 'refused'] as const).map(
    (reply): RegistrationModelEvent => ({ type: 'registration.submit', reply }),
  ),
  { type: 'type.select', registrationType: 'mobile' },
  { type: 'type.select', registrationType: 'username' },
  { type: 'code.request' },
];
