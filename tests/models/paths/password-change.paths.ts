import { passwordChangeMachine } from '@machines/auth/password-change.machine';
import { actorDone, actorError, definePaths, userEvent } from '../machine-paths';

export const PASSWORD_CHANGE_VALUES = { oldPassword: 'Secret#2026', newPassword: 'N3w#Secret2026' } as const;

const values = (newPassword: string, confirmNewPassword = newPassword) => ({ oldPassword: PASSWORD_CHANGE_VALUES.oldPassword, newPassword, confirmNewPassword });

/**
 * The change-password popup of the member center (AUTH-34..AUTH-36, VAL-35): the shared rules, the
 * server's refusal of a wrong old password, then the member info reloaded, the popup closed, `/`.
 */
export const passwordChangePaths = definePaths({
  name: 'password-change',
  title: 'Change-password popup: rules, wrong old password, changed',
  machine: passwordChangeMachine,
  input: { username: 'player01' },
  choices: [
    userEvent({ type: 'password.submit', values: values(PASSWORD_CHANGE_VALUES.newPassword) }, 'valid'),
    userEvent({ type: 'password.submit', values: values(PASSWORD_CHANGE_VALUES.newPassword, 'Other#Secret2026') }, 'mismatch'),
    userEvent({ type: 'password.submit', values: values('weakpass') }, 'weak'),
    actorDone('changePassword', null, 'changed'),
    actorError('changePassword', { code: 'PASSWORD_WRONG' }, 'PASSWORD_WRONG'),
  ],
  screen: (snapshot) => ({
    error: snapshot.context.error?.code ?? null,
    'field errors': snapshot.context.fieldErrors.map((error) => error.field).join(' ') || null,
  }),
});
