import { setup } from 'xstate';

/**
 * What a user of the login popup must experience (STYLE.md C3, layer 2): its states are screens,
 * its events user actions, and the server's answer travels in the event (`reply`). No actors, no
 * timers: the SMS countdown and the captcha throttle are tested at actor level.
 */
export type LoginReply =
  | 'ok'
  /** the form fails the shared rules; nothing is sent (VAL-33, VAL-34) */
  | 'invalid'
  /** wrong credentials, a locked account, a non-member or non-agent (ERR-02, ERR-04, ERR-05, ERR-23) */
  | 'refused'
  /** a failure carrying the captcha flag (AUTH-10) */
  | 'captchaRequired'
  /** an unregistered IP (AUTH-40) */
  | 'twoFactorRequired'
  /** the default password, or an expired one under enforcement (AUTH-07, AUTH-08) */
  | 'passwordChangeRequired';

export type LoginModelEvent =
  | { type: 'credentials.submit'; reply: LoginReply }
  | { type: 'tab.select'; tab: 'username' | 'sms' }
  | { type: 'code.request' }
  | { type: 'captcha.submit' }
  | { type: 'twoFactor.submit' }
  | { type: 'twoFactor.cancel' }
  | { type: 'password.submit' };

const replied = (reply: LoginReply) => ({ event }: { event: LoginModelEvent }) =>
  event.type === 'credentials.submit' && event.reply === reply;

export const loginModel = setup({
  types: {} as { events: LoginModelEvent },
}).createMachine({
  id: 'loginModel',
  initial: 'credentialsForm',
  states: {
    credentialsForm: {
      on: {
        'tab.select': { guard: ({ event }) => event.tab === 'sms', target: 'smsForm' },
        'credentials.submit': [
          { guard: replied('invalid'), target: 'fieldErrorsShown' },
          { guard: replied('refused'), target: 'errorShown' },
          { guard: replied('captchaRequired'), target: 'captchaShown' },
          { guard: replied('twoFactorRequired'), target: 'twoFactorForm' },
          { guard: replied('passwordChangeRequired'), target: 'passwordChangeForm' },
          { guard: replied('ok'), target: 'home' },
        ],
      },
    },
    smsForm: {
      on: {
        'tab.select': { guard: ({ event }) => event.tab === 'username', target: 'credentialsForm' },
        'code.request': 'smsCodeSent',
      },
    },
    smsCodeSent: {
      on: { 'credentials.submit': { guard: replied('ok'), target: 'home' } },
    },
    fieldErrorsShown: {
      on: { 'credentials.submit': { guard: replied('ok'), target: 'home' } },
    },
    errorShown: {
      on: { 'credentials.submit': { guard: replied('ok'), target: 'home' } },
    },
    captchaShown: {
      on: { 'captcha.submit': 'home' },
    },
    twoFactorForm: {
      on: { 'twoFactor.submit': 'home', 'twoFactor.cancel': 'credentialsForm' },
    },
    passwordChangeForm: {
      on: { 'password.submit': 'home' },
    },
    home: { type: 'final' },
  },
});

/** Every event the paths may use, one per server answer. */
export const loginModelEvents: LoginModelEvent[] = [
  ...(['ok', 'invalid', 'refused', 'captchaRequired', 'twoFactorRequired', 'passwordChangeRequired'] as const).map(
    (reply): LoginModelEvent => ({ type: 'credentials.submit', reply }),
  ),
  { type: 'tab.select', tab: 'sms' },
  { type: 'tab.select', tab: 'username' },
  { type: 'code.request' },
  { type: 'captcha.submit' },
  { type: 'twoFactor.submit' },
  { type: 'twoFactor.cancel' },
  { type: 'password.submit' },
];
