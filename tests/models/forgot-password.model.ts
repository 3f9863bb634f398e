import { setup } from 'xstate';

/**
 * What a user of the forgot-password popup must experience (STYLE.md C3, layer 2): its states are
 * screens, its events user actions, and the server's answer travels in the event (`reply`). The
 * site's reset flags are chosen when the popup opens. No actors, no timers: the SMS countdown is
 * tested at actor level.
 */
export type ForgotPasswordFlags =
  /** CHNGPASSMAIL3 and CHNGPASSVERIF3: the email and mobileNum tabs (AUTH-37) */
  | 'both'
  | 'emailOnly'
  | 'phoneOnly'
  /** neither: the popup sends the user to customer service (AUTH-50) */
  | 'none';

export type ForgotPasswordReply =
  | 'ok'
  /** the form fails the shared rules; nothing is sent (VAL-36, VAL-37) */
  | 'invalid'
  /** the server refused it: an unknown username or email, a wrong SMS code (ERR-02, ERR-11) */
  | 'refused';

export type ForgotPasswordModelEvent =
  | { type: 'popup.open'; flags: ForgotPasswordFlags }
  | { type: 'method.select'; method: 'email' | 'mobileNum' }
  | { type: 'email.submit'; reply: ForgotPasswordReply }
  | { type: 'code.request' }
  | { type: 'phone.submit'; reply: ForgotPasswordReply }
  | { type: 'confirmation.dismiss' };

const opened = (flags: ForgotPasswordFlags) => ({ event }: { event: ForgotPasswordModelEvent }) => event.type === 'popup.open' && event.flags === flags;

const replied = (reply: ForgotPasswordReply) => ({ event }: { event: ForgotPasswordModelEvent }) =>
  (event.type === 'email.submit' || event.type === 'phone.submit') && event.reply === reply;

const selected = (method: 'email' | 'mobileNum') => ({ event }: { event: ForgotPasswordModelEvent }) =>
  event.type === 'method.select' && event.method === method;

const emailForm = {
  'email.submit': [
    { guard: replied('invalid'), target: 'emailFieldErrorsShown' },
    { guard: replied('refused'), target: 'emailErrorShown' },
    { guard: replied('ok'), target: 'emailSentShown' },
  ],
} as const;

const phoneForm = {
  'code.request': 'codeSent',
  'phone.submit': { guard: replied('invalid'), target: 'phoneFieldErrorsShown' },
} as const;

export const forgotPasswordModel = setup({
  types: {} as { events: ForgotPasswordModelEvent },
}).createMachine({
  id: 'forgotPasswordModel',
  /** The app is not rendered yet: the flags the site runs with are part of the first action. */
  initial: 'notOpened',
  states: {
    notOpened: {
      on: {
        'popup.open': [
          { guard: opened('both'), target: 'tabbedEmailForm' },
          { guard: opened('emailOnly'), target: 'emailForm' },
          { guard: opened('phoneOnly'), target: 'phoneForm' },
          { guard: opened('none'), target: 'unavailableShown' },
        ],
      },
    },
    tabbedEmailForm: { on: { ...emailForm, 'method.select': { guard: selected('mobileNum'), target: 'tabbedPhoneForm' } } },
    tabbedPhoneForm: { on: { ...phoneForm, 'method.select': { guard: selected('email'), target: 'tabbedEmailForm' } } },
    emailForm: { on: emailForm },
    phoneForm: { on: phoneForm },
    emailFieldErrorsShown: { on: { 'email.submit': { guard: replied('ok'), target: 'emailSentShown' } } },
    emailErrorShown: { on: { 'email.submit': { guard: replied('ok'), target: 'emailSentShown' } } },
    /** the confirmation (AUTH-38) */
    emailSentShown: { on: { 'confirmation.dismiss': 'popupClosed' } },
    phoneFieldErrorsShown: { on: { 'code.request': 'codeSent' } },
    codeSent: {
      on: {
        'phone.submit': [
          { guard: replied('refused'), target: 'phoneErrorShown' },
          { guard: replied('ok'), target: 'home' },
        ],
      },
    },
    phoneErrorShown: { on: { 'phone.submit': { guard: replied('ok'), target: 'home' } } },
    unavailableShown: { type: 'final' },
    popupClosed: { type: 'final' },
    /** logged in with the new password, popup closed, at / (AUTH-39) */
    home: { type: 'final' },
  },
});

/** Every event the paths may use, one per flag set and server answer. */
export const forgotPasswordModelEvents: ForgotPasswordModelEvent[] = [
  ...(['both', 'emailOnly', 'phoneOnly', 'none'] as const).map((flags): ForgotPasswordModelEvent => ({ type: 'popup.open', flags })),
  { type: 'method.select', method: 'mobileNum' },
  { type: 'method.select', method: 'email' },
  ...(['ok', 'invalid', 'refused'] as const).flatMap((reply): ForgotPasswordModelEvent[] => [
    { type: 'email.submit', reply },
    { type: 'phone.submit', reply },
  ]),
  { type: 'code.request' },
  { type: 'confirmation.dismiss' },
];
