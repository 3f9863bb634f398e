import { smsCountdownMachine } from '@machines/shared/sms-countdown.machine';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

/** Minutes a sent code lives: the countdown lasts this long (the replay's server is set to it). */
export const SMS_CODE_MINUTES = 1;

/**
 * The send-code button of every SMS form, here the login popup's SMS tab (AUTH-30, AUTH-31): a
 * bot-check, the code call, then one tick a second until the code may be sent again; a refused
 * request may be retried after a second.
 */
export const smsCountdownPaths = definePaths({
  name: 'sms-countdown',
  title: 'SMS code button: bot-check, send, count down, resend',
  machine: smsCountdownMachine,
  input: { purpose: 'login' },
  choices: [
    userEvent({ type: 'code.request', recipient: { kind: 'mobile', mobileNum: '901234567', countryDialingCode: '84' } }, 'mobile'),
    actorDone('solveBotCheck', 'bot-check-proof', 'solved'),
    actorDone('requestSmsCode', { expiredMinutes: SMS_CODE_MINUTES }, 'sent'),
    actorError('requestSmsCode', { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 10 } as { code: string }, 'TOO_MANY_REQUESTS'),
  ],
  screen: (snapshot) => ({ 'seconds left': snapshot.context.secondsLeft, error: snapshot.context.error?.code ?? null }),
});
