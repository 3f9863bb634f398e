import type { FormEvent, ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { PasswordChangeMachine } from '@machines/auth/password-change.machine';
import {
  selectIsSubmitting,
  selectOldPasswordShown,
  selectPasswordChangeError,
  selectPasswordChangeFieldError,
  selectUsername,
} from '@machines/auth/password-change.selectors';
import { FormAlert, TextField } from '@client/components/form';
import { useErrorText } from '@client/components/use-error-text';
import { NewPasswordFields } from './new-password-fields';

const selectOldPasswordError = selectPasswordChangeFieldError('oldPassword');
const selectNewPasswordError = selectPasswordChangeFieldError('newPassword');
const selectConfirmationError = selectPasswordChangeFieldError('confirmNewPassword');

/**
 * The change-password form (AUTH-34, AUTH-35, VAL-35): the username read-only, the old password
 * unless the forcing login's password is held, the new password and its confirmation.
 */
export function PasswordChangeForm({ actorRef, intro, footer }: { actorRef: ActorRefFrom<PasswordChangeMachine>; intro?: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation('auth');
  const { fieldError, flowError } = useErrorText();
  const username = useSelector(actorRef, selectUsername);
  const oldPasswordShown = useSelector(actorRef, selectOldPasswordShown);
  const oldPasswordError = useSelector(actorRef, selectOldPasswordError);
  const newPasswordError = useSelector(actorRef, selectNewPasswordError);
  const confirmationError = useSelector(actorRef, selectConfirmationError);
  const error = useSelector(actorRef, selectPasswordChangeError);
  const submitting = useSelector(actorRef, selectIsSubmitting);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    actorRef.send({
      type: 'password.submit',
      values: {
        ...(oldPasswordShown ? { oldPassword: text('oldPassword') } : {}),
        newPassword: text('newPassword'),
        confirmNewPassword: text('confirmNewPassword'),
      },
    });
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label={t('passwordChange.title')}>
      {intro}
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <TextField name="username" label={t('fields.username')} value={username} readOnly autoComplete="username" />
      {oldPasswordShown && (
        <TextField name="oldPassword" type="password" label={t('fields.oldPassword')} required autoComplete="current-password" error={fieldError(oldPasswordError)} />
      )}
      <NewPasswordFields newPasswordError={fieldError(newPasswordError)} confirmationError={fieldError(confirmationError)} />
      <button type="submit" className="button button--primary account-form__submit" disabled={submitting} aria-busy={submitting}>
        {submitting ? t('passwordChange.submitting') : t('passwordChange.submit')}
      </button>
      {footer}
    </form>
  );
}
