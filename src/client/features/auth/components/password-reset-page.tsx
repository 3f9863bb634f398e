import { useState, type FormEvent } from 'react';
import { CircleCheck, KeyRound, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { selectIsResetting, selectPasswordResetError, selectPasswordResetFieldError, selectPasswordResetStep } from '@machines/auth/password-reset.selectors';
import type { PasswordResetInput } from '@machines/auth/password-reset.machine';
import { EmptyState } from '@client/components/empty-state';
import { FormAlert } from '@client/components/form';
import { ScreenHeader } from '@client/components/screen-header';
import { paths } from '@client/config/paths';
import { createPasswordResetLogic } from '../auth.actors';
import { PasswordResetProvider, usePasswordResetRef, usePasswordResetSelector } from '../auth.context';
import { NewPasswordFields } from './new-password-fields';
import { useErrorText } from '@client/components/use-error-text';
import { usePageFlowDeps } from '@client/state/flow-deps';
import { usePermission, usePopups } from '@client/state/app-actor';
import { actorOptions } from '@client/lib/actor-inspection';

const selectNewPasswordError = selectPasswordResetFieldError('newPassword');
const selectConfirmationError = selectPasswordResetFieldError('confirmNewPassword');

function PasswordResetForm() {
  const { t } = useTranslation('auth');
  const { fieldError, flowError } = useErrorText();
  const flow = usePasswordResetRef();
  const newPasswordError = usePasswordResetSelector(selectNewPasswordError);
  const confirmationError = usePasswordResetSelector(selectConfirmationError);
  const error = usePasswordResetSelector(selectPasswordResetError);
  const resetting = usePasswordResetSelector(selectIsResetting);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    flow.send({
      type: 'password.submit',
      values: { newPassword: String(data.get('newPassword') ?? ''), confirmNewPassword: String(data.get('confirmNewPassword') ?? '') },
    });
  };
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label={t('reset.title')}>
      <p className="account-form__lead">{t('reset.intro')}</p>
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <NewPasswordFields newPasswordError={fieldError(newPasswordError)} confirmationError={fieldError(confirmationError)} />
      <button type="submit" className="button button--primary account-form__submit" disabled={resetting} aria-busy={resetting}>
        {resetting ? t('reset.submitting') : t('reset.submit')}
      </button>
    </form>
  );
}

function PasswordResetSteps() {
  const popups = usePopups();
  const { t } = useTranslation(['auth', 'common']);
  const { flowError } = useErrorText();
  const flow = usePasswordResetRef();
  const step = usePasswordResetSelector(selectPasswordResetStep);
  const error = usePasswordResetSelector(selectPasswordResetError);
  if (step === 'done') {
    return (
      <EmptyState
        icon={CircleCheck}
        title={t('auth:reset.doneTitle')}
        text={t('auth:reset.done')}
        action={
          <button type="button" className="button button--primary" onClick={() => flow.send({ type: 'confirmation.dismiss' })}>
            {t('auth:reset.continue')}
          </button>
        }
      />
    );
  }
  if (step === 'linkInvalid') {
    return (
      <EmptyState
        tone="warning"
        icon={TriangleAlert}
        title={t('auth:reset.invalidTitle')}
        text={flowError(error) ?? undefined}
        action={
          <>
            <button type="button" className="button button--primary" onClick={() => popups.open('forgetPassModal')}>
              {t('auth:reset.requestNewLink')}
            </button>{' '}
            <Link to={paths.root.getHref()} className="button button--outline">
              {t('common:actions.backHome')}
            </Link>
          </>
        }
      />
    );
  }
  return <PasswordResetForm />;
}

/**
 * `/resetPassword?token=…`, the page of the reset email (AUTH-38): a new password and its
 * confirmation (VAL-35); the member is then logged in. A bad or used link says so and offers a new one.
 */
export function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const permission = usePermission();
  const deps = usePageFlowDeps();
  const [logic] = useState(() => createPasswordResetLogic(deps));
  const [input] = useState<PasswordResetInput>(() => ({
    resetToken: searchParams.get('token'),
    passwordRule: permission?.registrationFieldRules.password,
  }));
  return (
    <div className="screen password-reset">
      <ScreenHeader icon={KeyRound} title={t('reset.title')} />
      <PasswordResetProvider logic={logic} options={{ ...actorOptions, input }}>
        <PasswordResetSteps />
      </PasswordResetProvider>
    </div>
  );
}
