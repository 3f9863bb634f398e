import { useRef, useState, type FormEvent } from 'react';
import { shallowEqual } from '@xstate/react';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  selectEmailConfirmation,
  selectForgotError,
  selectForgotFieldError,
  selectForgotMethod,
  selectForgotTabs,
  selectIsSending,
  selectSmsCountdownRef,
} from '@machines/auth/forgot-password.selectors';
import { FormAlert, FormTabs, TextField } from '@client/components/form';
import { createForgotPasswordLogic } from '../auth.actors';
import { ForgotPasswordProvider, useForgotPasswordRef, useForgotPasswordSelector } from '../auth.context';
import { useErrorText } from '@client/components/use-error-text';
import { useFlowDeps } from '@client/state/flow-deps';
import { CountryCodeField } from '@client/components/country-code-field';
import { SmsCodeButton } from '@client/components/sms-code-button';
import { usePermission, type PopupContentProps, usePopups } from '@client/state/app-actor';
import { actorOptions } from '@client/lib/actor-inspection';

const selectUsernameError = selectForgotFieldError('username');
const selectEmailError = selectForgotFieldError('email');
const selectMobileError = selectForgotFieldError('mobileNum');
const selectCodeError = selectForgotFieldError('verificationCode');
const selectNewPasswordError = selectForgotFieldError('newPassword');

function EmailForm() {
  const { t } = useTranslation('auth');
  const { fieldError } = useErrorText();
  const flow = useForgotPasswordRef();
  const usernameError = useForgotPasswordSelector(selectUsernameError);
  const emailError = useForgotPasswordSelector(selectEmailError);
  const sending = useForgotPasswordSelector(selectIsSending);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    flow.send({ type: 'email.submit', values: { username: String(data.get('username') ?? ''), email: String(data.get('email') ?? '') } });
  };
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label={t('forgot.tabs.email')}>
      <p className="account-form__lead">{t('forgot.emailIntro')}</p>
      <TextField name="username" label={t('fields.username')} required autoComplete="username" error={fieldError(usernameError)} />
      <TextField name="email" type="email" label={t('fields.email')} required autoComplete="email" error={fieldError(emailError)} />
      <button type="submit" className="button button--primary account-form__submit" disabled={sending} aria-busy={sending}>
        {sending ? t('forgot.sending') : t('forgot.sendLink')}
      </button>
    </form>
  );
}

function PhoneForm() {
  const { t } = useTranslation('auth');
  const { fieldError } = useErrorText();
  const flow = useForgotPasswordRef();
  const formRef = useRef<HTMLFormElement>(null);
  const countdownRef = useForgotPasswordSelector(selectSmsCountdownRef);
  const mobileError = useForgotPasswordSelector(selectMobileError);
  const codeError = useForgotPasswordSelector(selectCodeError);
  const newPasswordError = useForgotPasswordSelector(selectNewPasswordError);
  const sending = useForgotPasswordSelector(selectIsSending);
  const text = (name: string) => (formRef.current ? String(new FormData(formRef.current).get(name) ?? '') : '');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    flow.send({
      type: 'phone.submit',
      values: {
        mobileNum: text('mobileNum'),
        countryDialingCode: text('countryDialingCode'),
        verificationCode: text('verificationCode'),
        newPassword: text('newPassword'),
      },
    });
  };
  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit} aria-label={t('forgot.tabs.mobileNum')}>
      <p className="account-form__lead">{t('forgot.phoneIntro')}</p>
      <CountryCodeField label={t('fields.countryDialingCode')} />
      <TextField name="mobileNum" type="tel" label={t('fields.mobileNum')} required inputMode="numeric" autoComplete="tel-national" error={fieldError(mobileError)} />
      <TextField
        name="verificationCode"
        label={t('fields.verificationCode')}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        error={fieldError(codeError)}
        addon={
          countdownRef && (
            <SmsCodeButton
              countdownRef={countdownRef}
              onRequest={() => flow.send({ type: 'code.request', mobileNum: text('mobileNum'), countryDialingCode: text('countryDialingCode') })}
            />
          )
        }
      />
      <TextField name="newPassword" type="password" label={t('fields.newPassword')} required autoComplete="new-password" error={fieldError(newPasswordError)} />
      <button type="submit" className="button button--primary account-form__submit" disabled={sending} aria-busy={sending}>
        {sending ? t('forgot.sending') : t('forgot.setPassword')}
      </button>
    </form>
  );
}

function ForgotPasswordFlow({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { t } = useTranslation('auth');
  const { flowError } = useErrorText();
  const flow = useForgotPasswordRef();
  const tabs = useForgotPasswordSelector(selectForgotTabs, shallowEqual);
  const method = useForgotPasswordSelector(selectForgotMethod);
  const error = useForgotPasswordSelector(selectForgotError);
  const confirmation = useForgotPasswordSelector(selectEmailConfirmation, shallowEqual);

  if (confirmation) {
    return (
      <div className="account-form account-form--done" role="status">
        <MailCheck aria-hidden size={40} className="account-form__icon" />
        <h3 className="account-form__title">{t('forgot.emailSentTitle')}</h3>
        <p className="account-form__lead">{t('forgot.emailSent', { minutes: confirmation.linkValidMinutes ?? 0 })}</p>
        <button type="button" className="button button--primary account-form__submit" onClick={() => flow.send({ type: 'confirmation.dismiss' })}>
          {t('forgot.done')}
        </button>
      </div>
    );
  }
  return (
    <div className="forgot-password">
      {tabs.length > 1 && (
        <FormTabs
          label={t('forgot.tabsLabel')}
          tabs={tabs.map((id) => ({ id, label: t(`forgot.tabs.${id}`) }))}
          selected={method}
          onSelect={(id) => flow.send({ type: 'method.select', method: id })}
        />
      )}
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      {method === 'email' ? <EmailForm key="email" /> : <PhoneForm key="mobileNum" />}
      <button type="button" className="link-button" onClick={onBackToLogin}>
        {t('forgot.backToLogin')}
      </button>
    </div>
  );
}

/**
 * forgetPassModal (AUTH-37..AUTH-39): by email (CHNGPASSMAIL3), a confirmation then close; by phone
 * (CHNGPASSVERIF3), a code and a new password, then logged in at `/`. Tabs only with both on.
 */
export function ForgotPasswordPopup({ close }: PopupContentProps<'forgetPassModal'>) {
  const popups = usePopups();
  const { t } = useTranslation('auth');
  const permission = usePermission();
  const deps = useFlowDeps(close);
  const emailReset = permission?.flags.CHNGPASSMAIL3 === true;
  const phoneReset = permission?.flags.CHNGPASSVERIF3 === true;
  const [logic] = useState(() => createForgotPasswordLogic(deps));
  const [input] = useState(() => ({
    emailReset,
    phoneReset,
    mobileRule: permission?.registrationFieldRules.mobileNum,
    passwordRule: permission?.registrationFieldRules.password,
  }));
  const backToLogin = () => {
    close();
    popups.open('loginPopupModal');
  };
  if (!emailReset && !phoneReset) return <FormAlert>{t('forgot.unavailable')}</FormAlert>;
  return (
    <ForgotPasswordProvider logic={logic} options={{ ...actorOptions, input }}>
      <ForgotPasswordFlow onBackToLogin={backToLogin} />
    </ForgotPasswordProvider>
  );
}
