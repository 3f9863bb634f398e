import { setup } from 'xstate';
import type { TwoFactorMethod } from '@shared/contract/session';

/**
 * What a user logging in from an IP not registered for the account must experience (AUTH-40,
 * AUTH-41; STYLE.md C3, layer 2): the login popup's two-factor screen. Its states are screens, its
 * events user actions, and the server's answer travels in the event (`reply`). No actors, no
 * timers: the challenge expiry and the SMS countdown are tested at actor level.
 */
export type TwoFactorReply =
  | 'ok'
  /** nothing typed; nothing is sent (VAL-46) */
  | 'blank'
  /** the server refused the answer (TWO_FACTOR_INVALID, ERR-11) */
  | 'wrong';

export type TwoFactorModelEvent =
  | { type: 'credentials.submit' }
  | { type: 'method.select'; method: TwoFactorMethod }
  | { type: 'code.request' }
  | { type: 'code.submit'; reply: TwoFactorReply }
  | { type: 'twoFactor.cancel' };

const chose = (method: TwoFactorMethod) => ({ event }: { event: TwoFactorModelEvent }) => event.type === 'method.select' && event.method === method;

const replied = (reply: TwoFactorReply) => ({ event }: { event: TwoFactorModelEvent }) => event.type === 'code.submit' && event.reply === reply;

/** A screen with an answer to give: every answer ends in one of these three. */
const answer = {
  'code.submit': [
    { guard: replied('blank'), target: 'answerRequiredShown' },
    { guard: replied('wrong'), target: 'wrongAnswerShown' },
    { guard: replied('ok'), target: 'home' },
  ],
} as const;

const retry = { 'code.submit': { guard: replied('ok'), target: 'home' } } as const;

export const twoFactorModel = setup({
  types: {} as { events: TwoFactorModelEvent },
}).createMachine({
  id: 'twoFactorModel',
  initial: 'credentialsForm',
  states: {
    /** every submission comes from an unregistered IP (AUTH-40) */
    credentialsForm: { on: { 'credentials.submit': 'methodChoice' } },
    methodChoice: {
      on: {
        'method.select': [
          { guard: chose('sms'), target: 'smsForm' },
          { guard: chose('email'), target: 'emailForm' },
          { guard: chose('bankAccountName'), target: 'bankAccountNameForm' },
          { guard: chose('totp'), target: 'totpForm' },
        ],
        'twoFactor.cancel': 'credentialsForm',
      },
    },
    /** a sent code cannot be answered before it is sent */
    smsForm: { on: { 'code.request': 'smsCodeSent' } },
    emailForm: { on: { 'code.request': 'emailCodeSent' } },
    smsCodeSent: { on: answer },
    emailCodeSent: { on: answer },
    bankAccountNameForm: { on: answer },
    totpForm: { on: answer },
    answerRequiredShown: { on: retry },
    wrongAnswerShown: { on: retry },
    /** the session is logged in, popup closed, at / */
    home: { type: 'final' },
  },
});

export const twoFactorModelEvents: TwoFactorModelEvent[] = [
  { type: 'credentials.submit' },
  ...(['sms', 'email', 'bankAccountName', 'totp'] as const).map((method): TwoFactorModelEvent => ({ type: 'method.select', method })),
  { type: 'code.request' },
  ...(['ok', 'blank', 'wrong'] as const).map((reply): TwoFactorModelEvent => ({ type: 'code.submit', reply })),
  { type: 'twoFactor.cancel' },
];
