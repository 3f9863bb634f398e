import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { TwoFactorMachine } from '@machines/auth/two-factor.machine';
import {
  selectCodeError,
  selectIsVerifying,
  selectMaskedRecipient,
  selectMethod,
  selectMethods,
  selectNeedsSentCode,
  selectSmsCountdownRef,
  selectTwoFactorError,
} from '@machines/auth/two-factor.selectors';
import { FormAlert, TextField } from '@client/components/form';
import { useErrorText } from '@client/components/use-error-text';
import { SmsCodeButton } from '@client/components/sms-code-button';

/**
 * The two-factor screen of a login from an unregistered IP (AUTH-40, AUTH-41): choose one of the
 * offered methods, get a code where one is sent, and answer it.
 */
export function TwoFactorStep({ actorRef, onCancel }: { actorRef: ActorRefFrom<TwoFactorMachine>; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const { fieldError, flowError } = useErrorText();
  const methods = useSelector(actorRef, selectMethods);
  const method = useSelector(actorRef, selectMethod);
  const recipient = useSelector(actorRef, selectMaskedRecipient);
  const needsSentCode = useSelector(actorRef, selectNeedsSentCode);
  const codeError = useSelector(actorRef, selectCodeError);
  const error = useSelector(actorRef, selectTwoFactorError);
  const verifying = useSelector(actorRef, selectIsVerifying);
  const countdownRef = useSelector(actorRef, selectSmsCountdownRef);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actorRef.send({ type: 'code.submit', code: String(new FormData(event.currentTarget).get('code') ?? '') });
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-labelledby="two-factor-title">
      <div className="account-form__intro">
        <ShieldCheck aria-hidden size={28} className="account-form__icon" />
        <div>
          <h3 id="two-factor-title" className="account-form__title">
            {t('twoFactor.title')}
          </h3>
          <p className="account-form__lead">{t('twoFactor.intro')}</p>
        </div>
      </div>
      {methods.length > 1 && (
        <fieldset className="choice-list">
          <legend className="form-field__label">{t('twoFactor.method')}</legend>
          {methods.map((option) => (
            <label key={option} className="choice-list__item">
              <input
                type="radio"
                name="method"
                value={option}
                checked={method === option}
                onChange={() => actorRef.send({ type: 'method.select', method: option })}
              />
              {t(`twoFactor.methods.${option}`)}
            </label>
          ))}
        </fieldset>
      )}
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      {method && (
        <>
          <TextField
            key={method}
            name="code"
            label={t(`twoFactor.answer.${method}`)}
            required
            autoComplete={method === 'bankAccountName' ? 'off' : 'one-time-code'}
            inputMode={method === 'bankAccountName' ? 'text' : 'numeric'}
            error={fieldError(codeError)}
            hint={needsSentCode && recipient ? t('twoFactor.sentTo', { recipient }) : undefined}
            addon={needsSentCode && countdownRef ? <SmsCodeButton countdownRef={countdownRef} onRequest={() => actorRef.send({ type: 'code.request' })} /> : undefined}
          />
          <button type="submit" className="button button--primary account-form__submit" disabled={verifying} aria-busy={verifying}>
            {verifying ? t('twoFactor.verifying') : t('twoFactor.submit')}
          </button>
        </>
      )}
      <button type="button" className="link-button" onClick={onCancel}>
        {t('twoFactor.cancel')}
      </button>
    </form>
  );
}
