import { useRef, type FormEvent, type InputHTMLAttributes } from 'react';
import { shallowEqual } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { RegistrationFormValues } from '@machines/registration/registration.types';
import {
  selectBirthdayCheck,
  selectHasPassword,
  selectIsCheckingBot,
  selectIsRegistering,
  selectMobileField,
  selectNeedsSmsCode,
  selectRegistrationError,
  selectRegistrationFieldError,
  selectRegistrationTabs,
  selectRegistrationType,
  selectRequiredProfileFields,
  selectShownProfileFields,
  selectSmsCountdownRef,
  selectTermsAccepted,
} from '@machines/registration/registration.selectors';
import { PROFILE_FIELDS, type ProfileField } from '@shared/validation/fields';
import { CheckboxField, FormAlert, FormTabs, TextField, type TextFieldProps } from '@client/components/form';
import { CountryCodeField } from '@client/components/country-code-field';
import { SmsCodeButton } from '@client/components/sms-code-button';
import { useErrorText } from '@client/components/use-error-text';
import { useRegistrationRef, useRegistrationSelector } from '../registration.context';
import { usePopups } from '@client/state/app-actor';

/** How each profile field is typed: the browser offers the right keyboard and autofill. */
const PROFILE_INPUT: Partial<Record<ProfileField, InputHTMLAttributes<HTMLInputElement>>> = {
  payeeName: { autoComplete: 'name' },
  fullName: { autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { type: 'tel', inputMode: 'numeric' },
  zalo: { type: 'tel', inputMode: 'numeric' },
  paymentPassword: { type: 'password', inputMode: 'numeric', autoComplete: 'off' },
  birthday: { type: 'date', autoComplete: 'bday' },
  nickname: { autoComplete: 'nickname' },
  affiliateCode: { autoComplete: 'off' },
};

/** A field of the form with its shared-rule error (the machine lists each failing field once). */
function RegistrationField({ name, ...props }: Omit<TextFieldProps, 'error'> & { name: string }) {
  const { fieldError } = useErrorText();
  const error = useRegistrationSelector(selectRegistrationFieldError(name));
  return <TextField name={name} error={fieldError(error)} {...props} />;
}

const valuesOf = (form: HTMLFormElement): RegistrationFormValues => {
  const data = new FormData(form);
  const names = ['username', 'password', 'confirmPassword', 'mobileNum', 'countryDialingCode', 'verificationCode', ...PROFILE_FIELDS] as const;
  return Object.fromEntries(names.filter((name) => data.has(name)).map((name) => [name, String(data.get(name))]));
};

/**
 * The registration form (AUTH-21..AUTH-25): the register and registerMobile tabs per flags, the
 * fields the server's rules enable (required ones marked *), the SMS code when it is on, the
 * invitation code, the birthday check (confirming the configured age, 21 by default; VAL-44) with the
 * birthday field, and the 18+ terms box ticked by default.
 */
export function RegisterForm({
  affiliateCode,
  onLogin,
  hiddenFields = [],
}: {
  affiliateCode: string | null;
  /** The "have an account? log in" switch; absent where someone registers another account (the agent's register center). */
  onLogin?: () => void;
  /** Profile fields this form leaves out (the register center's upline is the agent, so no invitation code). */
  hiddenFields?: readonly ProfileField[];
}) {
  const popups = usePopups();
  const { t } = useTranslation('registration');
  const { fieldError, flowError } = useErrorText();
  const registration = useRegistrationRef();
  const formRef = useRef<HTMLFormElement>(null);
  const tabs = useRegistrationSelector(selectRegistrationTabs, shallowEqual);
  const type = useRegistrationSelector(selectRegistrationType);
  const hasPassword = useRegistrationSelector(selectHasPassword);
  const needsSmsCode = useRegistrationSelector(selectNeedsSmsCode);
  const mobile = useRegistrationSelector(selectMobileField, shallowEqual);
  const profileFields = useRegistrationSelector(selectShownProfileFields, shallowEqual).filter((field) => !hiddenFields.includes(field));
  const requiredProfileFields = useRegistrationSelector(selectRequiredProfileFields, shallowEqual);
  const termsAccepted = useRegistrationSelector(selectTermsAccepted);
  const termsError = useRegistrationSelector(selectRegistrationFieldError('terms'));
  const birthdayCheck = useRegistrationSelector(selectBirthdayCheck, shallowEqual);
  const ageError = useRegistrationSelector(selectRegistrationFieldError('ageConfirmed'));
  const error = useRegistrationSelector(selectRegistrationError);
  const registering = useRegistrationSelector(selectIsRegistering);
  const checkingBot = useRegistrationSelector(selectIsCheckingBot);
  const countdownRef = useRegistrationSelector(selectSmsCountdownRef);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    registration.send({ type: 'registration.submit', values: valuesOf(event.currentTarget) });
  };
  const requestCode = () => {
    if (!formRef.current) return;
    const values = valuesOf(formRef.current);
    registration.send({ type: 'code.request', mobileNum: values.mobileNum ?? '', countryDialingCode: values.countryDialingCode ?? '' });
  };

  const passwordFields = hasPassword && (
    <>
      <RegistrationField name="password" type="password" label={t('fields.password')} required autoComplete="new-password" />
      <RegistrationField name="confirmPassword" type="password" label={t('fields.confirmPassword')} required autoComplete="new-password" />
    </>
  );
  const mobileFields = mobile.shown && (
    <>
      <CountryCodeField label={t('fields.countryDialingCode')} />
      <RegistrationField name="mobileNum" type="tel" inputMode="numeric" label={t('fields.mobileNum')} required={mobile.required} autoComplete="tel-national" />
    </>
  );

  return (
    <form ref={formRef} className="account-form" noValidate onSubmit={submit} aria-label={t('submit')}>
      {tabs.length > 1 && (
        <FormTabs
          label={t('tabs.label')}
          tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
          selected={type}
          onSelect={(id) => registration.send({ type: 'type.select', registrationType: id })}
        />
      )}
      {error && <FormAlert>{flowError(error)}</FormAlert>}
      <div key={type} className="account-form__fields">
        {type === 'username' ? (
          <>
            <RegistrationField name="username" label={t('fields.username')} required autoComplete="username" />
            {passwordFields}
            {mobileFields}
          </>
        ) : (
          <>
            {mobileFields}
            {passwordFields}
          </>
        )}
        {needsSmsCode && (
          <RegistrationField
            name="verificationCode"
            label={t('fields.verificationCode')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            addon={countdownRef && <SmsCodeButton countdownRef={countdownRef} onRequest={requestCode} />}
          />
        )}
        {profileFields.map((field) => (
          <RegistrationField
            key={field}
            name={field}
            label={t(`fields.${field}`)}
            required={requiredProfileFields.includes(field)}
            defaultValue={field === 'affiliateCode' ? (affiliateCode ?? '') : undefined}
            {...PROFILE_INPUT[field]}
          />
        ))}
      </div>
      {birthdayCheck.shown && (
        <CheckboxField
          name="ageConfirmed"
          checked={birthdayCheck.confirmed}
          onChange={(event) => registration.send({ type: 'age.confirm', confirmed: event.currentTarget.checked })}
          error={fieldError(ageError)}
          required
        >
          {t('birthdayCheck.confirm', { age: birthdayCheck.age })}
        </CheckboxField>
      )}
      <CheckboxField
        name="terms"
        checked={termsAccepted}
        onChange={(event) => registration.send({ type: 'terms.change', accepted: event.currentTarget.checked })}
        error={fieldError(termsError)}
      >
        {t('terms.agree')}{' '}
        <button type="button" className="link-button link-button--inline" onClick={() => popups.open('helpModal', { anchor: 'term' })}>
          {t('terms.link')}
        </button>
      </CheckboxField>
      <button type="submit" className="button button--primary account-form__submit" disabled={registering} aria-busy={registering}>
        {checkingBot ? t('verifying') : registering ? t('submitting') : t('submit')}
      </button>
      {onLogin && (
        <p className="account-form__links">
          {t('haveAccount')}{' '}
          <button type="button" className="link-button link-button--strong" onClick={onLogin}>
            {t('loginNow')}
          </button>
        </p>
      )}
    </form>
  );
}
