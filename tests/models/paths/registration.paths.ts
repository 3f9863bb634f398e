import type { SnapshotFrom } from 'xstate';
import type { FieldRules } from '@shared/contract/system';
import { FIELD_RULES } from '@server/seed/data/field-rules';
import { registrationMachine } from '@machines/registration/registration.machine';
import { loginResult } from '../../machines/support/fixtures';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/** What the paths type; the replay swaps in a username and number of its own for each path. */
export const REGISTRATION_VALUES = {
  username: 'player02',
  password: 'Secret#2026',
  mobileNum: '912345678',
  countryDialingCode: '84',
  verificationCode: '123456',
  affiliateCode: 'AGENT2026',
} as const;

const { username, password, mobileNum, countryDialingCode, verificationCode, affiliateCode } = REGISTRATION_VALUES;
const byUsername = { username, password, confirmPassword: password, mobileNum, countryDialingCode, verificationCode };
const byMobile = { mobileNum, countryDialingCode, verificationCode, password, confirmPassword: password };

const onType = (type: 'username' | 'mobile') => (snapshot: unknown) => (snapshot as RegistrationSnapshot).context.registrationType === type;
/** A form nothing went wrong on yet, terms ticked: where a tester switches tabs, unticks or submits it blank. */
const clean = (snapshot: unknown) => {
  const { context } = snapshot as RegistrationSnapshot;
  return context.termsAccepted && context.error === null && context.fieldErrors.length === 0;
};
const cleanOn = (type: 'username' | 'mobile') => (snapshot: unknown) => clean(snapshot) && onType(type)(snapshot);
const termsRefused = (snapshot: unknown) => (snapshot as RegistrationSnapshot).context.fieldErrors.some((error) => error.field === 'terms');

/**
 * The registration popup with the demo merchant's settings (AUTH-20..AUTH-29): both tabs, the SMS
 * code, the terms box, an affiliate code checked first, a bot-check, then signed in at `/`.
 */
export const registrationPaths = definePaths({
  name: 'registration',
  title: 'Registration popup: username or mobile tab, SMS code, terms, affiliate code, bot-check',
  machine: registrationMachine,
  input: {
    usernameRegistration: true,
    mobileRegistration: true,
    mobilePassword: true,
    smsVerification: true,
    // The birthday check (VAL-44) has its own tests; the replay ticks it wherever the server shows it.
    fieldRules: { ...FIELD_RULES, birthday: { ...FIELD_RULES.birthday, enabled: false } } satisfies FieldRules,
    referralCode: null,
    registerUrl: 'http://127.0.0.1/register',
    domain: '127.0.0.1',
  },
  choices: [
    userEvent({ type: 'type.select', registrationType: 'mobile' }, 'mobile', { when: cleanOn('username') }),
    userEvent({ type: 'type.select', registrationType: 'username' }, 'username', { when: cleanOn('mobile') }),
    userEvent({ type: 'terms.change', accepted: false }, 'unticked', { when: cleanOn('username') }),
    userEvent({ type: 'terms.change', accepted: true }, 'ticked', { when: termsRefused }),
    userEvent({ type: 'code.request', mobileNum: '12', countryDialingCode }, 'invalid number', { when: clean }),
    userEvent({ type: 'registration.submit', values: byUsername }, 'valid', { when: onType('username') }),
    userEvent({ type: 'registration.submit', values: { ...byUsername, affiliateCode } }, 'affiliate code', { when: cleanOn('username') }),
    userEvent({ type: 'registration.submit', values: byMobile }, 'valid mobile', { when: onType('mobile') }),
    userEvent({ type: 'registration.submit', values: {} }, 'blank', { when: clean }),
    actorDone('verifyAffiliate', { code: affiliateCode, valid: true }, 'valid'),
    actorError('verifyAffiliate', { code: 'INVITATION_CODE_ERROR' }, 'INVITATION_CODE_ERROR'),
    actorDone('solveBotCheck', 'bot-check-proof', 'solved'),
    actorDone('submitRegistration', { account: username, session: loginResult() }, 'signed in'),
    // A mobile account's username is its number, which the code request already checks: its refusal is the code.
    actorError('submitRegistration', { code: 'USERNAME_TAKEN' }, 'USERNAME_TAKEN', { when: onType('username') }),
    actorError('submitRegistration', { code: 'SMS_CODE_INVALID' }, 'SMS_CODE_INVALID', { when: onType('mobile') }),
  ],
  screen: (snapshot) => ({
    tab: snapshot.context.registrationType === 'mobile' ? 'mobile' : null,
    'terms unticked': !snapshot.context.termsAccepted,
    error: snapshot.context.error?.code ?? null,
    'field errors': snapshot.context.fieldErrors.length > 0,
  }),
});
