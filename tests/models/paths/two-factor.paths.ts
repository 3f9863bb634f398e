import type { TwoFactorMethod } from '@shared/contract/auth';
import type { SnapshotFrom } from 'xstate';
import { twoFactorMachine } from '@machines/auth/two-factor.machine';
import { loginResult, twoFactorChallenge } from '../../machines/support/fixtures';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

const METHODS: TwoFactorMethod[] = ['sms', 'email', 'bankAccountName', 'totp'];

type TwoFactorSnapshot = SnapshotFrom<typeof twoFactorMachine>;
const usingMethod = (...methods: TwoFactorMethod[]) => (snapshot: unknown) => {
  const { method } = (snapshot as TwoFactorSnapshot).context;
  return method !== null && methods.includes(method);
};

/**
 * The two-factor step of a login from an IP the account has not used (AUTH-40, AUTH-41): pick one
 * of the four methods, answer it (a sent code is requested first), verified or refused. The
 * challenge's 10-minute expiry is left to the actor-level tests.
 */
export const twoFactorPaths = definePaths({
  name: 'two-factor',
  title: 'Two-factor login step: SMS code, email code, bank account name, authenticator',
  machine: twoFactorMachine,
  input: { challenge: twoFactorChallenge({ methods: METHODS }) },
  delays: [],
  choices: [
    // Changing the method once chosen is left to the actor-level tests.
    ...METHODS.map((method) => userEvent({ type: 'method.select', method }, method, { when: (snapshot) => snapshot.matches('choosingMethod') })),
    userEvent({ type: 'code.submit', code: '123456' }, 'answer'),
    userEvent({ type: 'code.submit', code: '' }, 'blank', { when: usingMethod('totp') }),
    actorDone('verifyTwoFactor', loginResult(), 'verified'),
    actorError('verifyTwoFactor', { code: 'TWO_FACTOR_INVALID' }, 'TWO_FACTOR_INVALID', { when: usingMethod('sms', 'bankAccountName') }),
  ],
  screen: (snapshot) => ({
    method: snapshot.context.method,
    error: snapshot.context.error?.code ?? null,
    'field errors': snapshot.context.fieldErrors.length > 0,
  }),
});
