import { useRef, type FormEvent, type ReactNode } from 'react';
import { shallowEqual } from '@xstate/react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LoginTab, LoginValues } from '@machines/auth/login.types';
import {
  selectCaptcha,
  selectHasRememberedToken,
  selectIsSubmitting,
  selectLoginError,
  selectLoginFieldError,
  selectLoginStep,
  selectLoginTab,
  selectLoginTabs,
  selectRemembered,
  selectSmsCountdownRef,
} from '@machines/auth/login.selectors';
import { CheckboxField, FormAlert, FormTabs, TextField } from '@client/components/form';
import { useLoginRef, useLoginSelector } from '../auth.context';
import { useErrorText } from '@client/components/use-error-text';
import { CountryCodeField } from '@client/components/country-code-field';
import { SmsCodeButton } from '@client/components/sms-code-button';

const selectUsernameError = selectLoginFieldError('username');
const selectPasswordError = selectLoginFieldError('password');
const selectCaptchaError = selectLoginFieldError('captcha');
const selectMobileError = selectLoginFieldError('mobileNum');
const selectCodeError = selectLoginFieldError('verificationCode');

const valuesOf = (form: HTMLFormElement, tab: LoginTab): LoginValues => {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const rememberMe = data.get('rememberMe') === 'on';
  return tab === 'sms'
    ? { mobileNum: text('mobileNum'), countryDialingCode: text('countryDialingCode'), verificationCode: text('verificationCode'), rememberMe }
    : { username: text('username'), password: text('password'), ...(data.has('captcha') ? { captcha: text('captcha') } : {}), rememberMe };
};

/** Shown and loaded once a failure carried the captcha flag (AUTH-10); refreshed at most once a second (AUTH-11). */
function CaptchaBlock() {
  const { t } = useTranslation('auth');
  const { fieldError, flowError } = useErrorText();
  const login = useLoginRef();
  const captcha = useLoginSelector(selectCaptcha, shallowEqual);
  const inputError = useLoginSelector(selectCaptchaError);
  if (!captcha.shown) return null;
  return (
    <div className="captcha-block">
      <TextField
        name="captcha"
        label={t('fields.captcha')}
        required
        autoComplete="off"
        error={fieldError(inputError) ?? flowError(captcha.error)}
        addon={
          <span className="captcha-block__image">
            {captcha.image ? <img src={`data:image/png;base64,${captcha.image}`} alt={t('captcha.image')} /> : <span>{t('captcha.loading')}</span>}
            <button
              type="button"
              className="icon-button icon-button--small"
              aria-label={t('captcha.refresh')}
              disabled={!captcha.canRefresh}
              onClick={() => login.send({ type: 'captcha.refresh' })}
            >
              <RefreshCw aria-hidden size={16} />
            </button>
          </span>
        }
      />
    </div>
  );
}

function UsernameFields() {
  const { t } = useTranslation('auth');
  const { fieldError } = useErrorText();
  const remembered = useLoginSelector(selectRemembered);
  const hasRememberedToken = useLoginSelector(selectHasRememberedToken);
  const usernameError = useLoginSelector(selectUsernameError);
  const passwordError = useLoginSelector(selectPasswordError);
  return (
    <div className="account-form__fields">
      <TextField name="username" label={t('fields.username')} required autoComplete="username" defaultValue={remembered?.username ?? ''} error={fieldError(usernameError)} />
      <TextField
        name="password"
        type="password"
        label={t('fields.password')}
        required={!hasRememberedToken}
        autoComplete="current-password"
        error={fieldError(passwordError)}
        hint={hasRememberedToken ? t('login.rememberedHint') : undefined}
      />
      <CaptchaBlock />
    </div>
  );
}

function SmsFields() {
  const { t } = useTranslation('auth');
  const { fieldError } = useErrorText();
  const login = useLoginRef();
  const remembered = useLoginSelector(selectRemembered);
  const countdownRef = useLoginSelector(selectSmsCountdownRef);
  const mobileError = useLoginSelector(selectMobileError);
  const codeError = useLoginSelector(selectCodeError);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const requestCode = () => {
    const form = fieldsRef.current?.closest('form');
    if (!form) return;
    const data = new FormData(form);
    login.send({ type: 'code.request', mobileNum: String(data.get('mobileNum') ?? ''), countryDialingCode: String(data.get('countryDialingCode') ?? '') });
  };
  return (
    <div ref={fieldsRef} className="account-form__fields">
      <CountryCodeField label={t('fields.countryDialingCode')} defaultValue={remembered?.loginTypeSms?.countryDialingCode} />
      <TextField
        name="mobileNum"
        type="tel"
        label={t('fields.mobileNum')}
        required
        autoComplete="tel-national"
        inputMode="numeric"
        defaultValue={remembered?.loginTypeSms?.mobileNum ?? ''}
        error={fieldError(mobileError)}
      />
      <TextField
        name="verificationCode"
        label={t('fields.verificationCode')}
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        error={fieldError(codeError)}
        addon={countdownRef && <SmsCodeButton countdownRef={countdownRef} onRequest={requestCode} />}
      />
    </div>
  );
}

/**
 * The credentials step of the login popup and the /agent form: the username and sms tabs (sms only
 * with verification-code login on, AUTH-02), remember me, and a "verifying…" state while the
 * bot-check is solved (AUTH-04). `children` go under the submit button (links of the popup).
 */
export function CredentialsForm({ submitLabel, children }: { submitLabel: string; children?: ReactNode }) {
  const { t } = useTranslation('auth');
  const { flowError } = useErrorText();
  const login = useLoginRef();
  const tabs = useLoginSelector(selectLoginTabs, shallowEqual);
  const tab = useLoginSelector(selectLoginTab);
  const remembered = useLoginSelector(selectRemembered);
  const step = useLoginSelector(selectLoginStep);
  const submitting = useLoginSelector(selectIsSubmitting);
  const error = useLoginSelector(selectLoginError);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.send({ type: 'credentials.submit', values: valuesOf(event.currentTarget, tab) });
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label={t('login.submit')}>
      {tabs.length > 1 && (
        <FormTabs
          label={t('tabs.label')}
          tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
          selected={tab}
          onSelect={(id) => login.send({ type: 'tab.select', tab: id })}
        />
      )}
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      {tab === 'sms' ? <SmsFields key="sms" /> : <UsernameFields key="username" />}
      <CheckboxField name="rememberMe" defaultChecked={remembered !== null}>
        {t('fields.rememberMe')}
      </CheckboxField>
      <button type="submit" className="button button--primary account-form__submit" disabled={submitting} aria-busy={submitting}>
        {step === 'botCheck' ? t('login.verifying') : submitting ? t('login.submitting') : submitLabel}
      </button>
      {children}
    </form>
  );
}
