import type { SnapshotFrom } from 'xstate';
import { forgotPasswordMachine } from '@machines/auth/forgot-password.machine';
import { loginResult } from '../../machines/support/fixtures';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const FORGOT_PASSWORD_VALUES = {
  username: 'player01',
  email: 'player01@example.com',
  mobileNum: '901234567',
  countryDialingCode: '84',
  verificationCode: '123456',
  newPassword: 'N3w#Secret2026',
} as const;

const { username, email, mobileNum, countryDialingCode, verificationCode, newPassword } = FORGOT_PASSWORD_VALUES;
const onMethod = (method: 'email' | 'mobileNum') => (snapshot: unknown) => (snapshot as ForgotPasswordSnapshot).context.method === method;
/** A form nothing went wrong on yet: where a tester switches tabs or submits it blank. */
const clean = (snapshot: unknown) => {
  const { context } = snapshot as ForgotPasswordSnapshot;
  return context.error === null && context.fieldErrors.length === 0;
};
const cleanOn = (method: 'email' | 'mobileNum') => (snapshot: unknown) => clean(snapshot) && onMethod(method)(snapshot);

/**
 * The forgot-password popup with both reset flags on (AUTH-37..AUTH-39): by email a confirmation,
 * then the popup closes; by phone an SMS code and a new password, then signed in at `/`.
 */
export const forgotPasswordPaths = definePaths({
  name: 'forgot-password',
  title: 'Forgot-password popup: reset by email or by SMS code',
  machine: forgotPasswordMachine,
  input: { emailReset: true, phoneReset: true },
  choices: [
    userEvent({ type: 'method.select', method: 'mobileNum' }, 'mobileNum', { when: cleanOn('email') }),
    userEvent({ type: 'method.select', method: 'email' }, 'email', { when: cleanOn('mobileNum') }),
    userEvent({ type: 'email.submit', values: { username, email } }, 'valid'),
    userEvent({ type: 'email.submit', values: { username: '', email: '' } }, 'blank', { when: clean }),
    userEvent({ type: 'code.request', mobileNum: '12', countryDialingCode }, 'invalid number', { when: cleanOn('mobileNum') }),
    userEvent({ type: 'phone.submit', values: { mobileNum, countryDialingCode, verificationCode, newPassword } }, 'valid'),
    userEvent({ type: 'phone.submit', values: { mobileNum: '', countryDialingCode, verificationCode: '', newPassword: '' } }, 'blank', { when: clean }),
    userEvent({ type: 'confirmation.dismiss' }),
    actorDone('sendResetEmail', { expiresInMinutes: 30 }, 'sent'),
    actorError('sendResetEmail', { code: 'USER_NOT_FOUND' }, 'USER_NOT_FOUND'),
    actorDone('resetPasswordByPhone', loginResult(), 'signed in'),
    actorError('resetPasswordByPhone', { code: 'SMS_CODE_INVALID' }, 'SMS_CODE_INVALID'),
  ],
  screen: (snapshot) => ({
    tab: snapshot.context.method === 'mobileNum' ? 'mobileNum' : null,
    error: snapshot.context.error?.code ?? null,
    'field errors': snapshot.context.fieldErrors.map((error) => error.field).join(' ') || null,
  }),
});
