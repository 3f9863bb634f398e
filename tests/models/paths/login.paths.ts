import { loginMachine } from '@machines/auth/login.machine';
import { loginResult, twoFactorChallenge } from '../../machines/support/fixtures';
import type { SnapshotFrom } from 'xstate';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
/** The username form sends a password: its answers differ from the SMS form's. */
const byPassword = (snapshot: unknown) => (snapshot as LoginSnapshot).context.requestType === 'username';
const bySms = (snapshot: unknown) => (snapshot as LoginSnapshot).context.requestType === 'sms';
const onTab = (tab: 'username' | 'sms') => (snapshot: unknown) => (snapshot as LoginSnapshot).context.tab === tab;
/** A form nothing went wrong on yet: where a tester switches tabs or submits it blank. */
const clean = (snapshot: unknown) => {
  const { context } = snapshot as LoginSnapshot;
  return context.error === null && context.fieldErrors.length === 0 && !context.captchaRequired;
};

/** The account and the passwords every login path types (the replay makes this account for each path). */
export const LOGIN_VALUES = {
  username: 'player01',
  password: 'Secret#2026',
  newPassword: 'N3w#Secret2026',
  mobileNum: '901234567',
  countryDialingCode: '84',
} as const;

const credentials = { username: LOGIN_VALUES.username, password: LOGIN_VALUES.password, rememberMe: false };

/**
 * The login popup (AUTH-02..AUTH-13, AUTH-33, AUTH-40): bot-check, the captcha a failure demands,
 * the two-factor step of a new IP, the forced change of a default password, and the SMS tab. The
 * two-factor and password-change steps are child machines with their own paths; here the user
 * finishing them is one step.
 */
export const loginPaths = definePaths({
  name: 'login',
  title: 'Login popup: bot-check, captcha, first login, forced password change, two-factor, SMS code',
  machine: loginMachine,
  input: { site: 'player', smsLoginEnabled: true, remembered: null },
  choices: [
    userEvent({ type: 'credentials.submit', values: credentials }, 'valid', { when: onTab('username') }),
    userEvent({ type: 'credentials.submit', values: { username: '', password: '', rememberMe: false } }, 'blank', { when: clean }),
    userEvent({ type: 'credentials.submit', values: { ...credentials, captcha: 'AB12' } }, 'with captcha', {
      when: (snapshot) => (snapshot as LoginSnapshot).context.captcha !== null && onTab('username')(snapshot),
    }),
    userEvent(
      {
        type: 'credentials.submit',
        values: { mobileNum: LOGIN_VALUES.mobileNum, countryDialingCode: LOGIN_VALUES.countryDialingCode, verificationCode: '123456', rememberMe: false },
      },
      'sms code',
      { when: onTab('sms') },
    ),
    userEvent({ type: 'tab.select', tab: 'sms' }, 'sms', { when: (snapshot) => onTab('username')(snapshot) && clean(snapshot) }),
    userEvent({ type: 'tab.select', tab: 'username' }, 'username', { when: (snapshot) => onTab('sms')(snapshot) && clean(snapshot) }),
    userEvent({ type: 'captcha.refresh' }),
    userEvent({ type: 'twoFactor.cancel' }),
    actorDone('solveBotCheck', 'bot-check-proof', 'solved'),
    actorDone('submitLogin', loginResult(), 'ok'),
    // Only a password login is made to change a default password (AUTH-07): an SMS code proves the phone, not the password.
    actorDone('submitLogin', loginResult({ firstTimeLogin: true, passwordIsDefault: true, mustChangePassword: true }), 'default password', { when: byPassword }),
    actorError('submitLogin', { code: 'INVALID_CREDENTIALS', details: { captchaRequired: false } }, 'INVALID_CREDENTIALS', { when: byPassword }),
    actorError('submitLogin', { code: 'INVALID_CREDENTIALS', details: { captchaRequired: true } }, 'INVALID_CREDENTIALS, captcha required', {
      when: byPassword,
    }),
    actorError('submitLogin', { code: 'TWO_FACTOR_REQUIRED', details: twoFactorChallenge() }, 'TWO_FACTOR_REQUIRED', { when: byPassword }),
    actorError('submitLogin', { code: 'SMS_CODE_INVALID' }, 'SMS_CODE_INVALID', { when: bySms }),
    actorDone('loadCaptcha', { captchaId: 'captcha-1', image: 'iVBORw0KGgo=' }, 'image'),
    actorDone('twoFactor', { status: 'verified', result: loginResult() }, 'verified', { kind: 'user' }),
    actorDone('passwordChange', undefined, 'changed', { kind: 'user' }),
  ],
  screen: (snapshot) => ({
    tab: snapshot.context.tab === 'sms' ? 'sms' : null,
    'captcha required': snapshot.context.captchaRequired,
    error: snapshot.context.error?.code ?? null,
    'field errors': snapshot.context.fieldErrors.length > 0,
  }),
});
