import { useState, type ReactNode } from 'react';
import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { FieldRules } from '@shared/contract/system';
import type { RegistrationInput } from '@machines/registration/registration.types';
import { useApiQuery } from '@client/state/queries';
import { FormAlert } from '@client/components/form';
import { Spinner } from '@client/components/spinner';
import { useFlowDeps } from '@client/state/flow-deps';
import { createRegistrationLogic } from '../registration.actors';
import { RegistrationProvider } from '../registration.context';
import { RegisterForm } from './register-form';
import { usePermission, type PopupContentProps, usePopups } from '@client/state/app-actor';
import { actorOptions } from '@client/lib/actor-inspection';

function RegistrationFlow({ fieldRules, close, socialSignIn }: { fieldRules: FieldRules; close: () => void; socialSignIn: ReactNode }) {
  const popups = usePopups();
  const permission = usePermission();
  const { search } = useLocation();
  const deps = useFlowDeps(close);
  const query = new URLSearchParams(search);
  const [logic] = useState(() => createRegistrationLogic(deps));
  const [input] = useState<RegistrationInput>(() => ({
    usernameRegistration: permission?.flags.USERNAMEREG3 === true,
    mobileRegistration: permission?.flags.MOBILENUMREG3 === true,
    mobilePassword: permission?.flags.MOBILENUMPASSREG3 === true,
    smsVerification: permission?.flags.REGMOBVERF3 === true,
    fieldRules,
    // AUTH-24: the referral code rides on the page's query.
    referralCode: query.get('referralCode'),
    registerUrl: window.location.href,
    domain: window.location.hostname,
    birthdayCheckAge: permission?.birthdayCheckAge,
  }));
  const toLogin = () => {
    close();
    popups.open('loginPopupModal');
  };
  return (
    <RegistrationProvider logic={logic} options={{ ...actorOptions, input }}>
      <RegisterForm affiliateCode={query.get('affiliateCode')} onLogin={toLogin} />
      {socialSignIn}
    </RegistrationProvider>
  );
}

export interface RegisterPopupProps extends PopupContentProps<'registerModal'> {
  /** The social sign-in buttons (AUTH-01) under the form: the auth area's, composed by the app. */
  socialSignIn: ReactNode;
}

/**
 * CONST-07: the advertised registration reward, "up to 131K": the text is the language files'
 * (registration:reward), the amount the site configuration's (permission registrationReward);
 * an operator who empties the amount hides the line.
 */
export function RegistrationReward() {
  const { t } = useTranslation('registration');
  const amount = usePermission()?.registrationReward.trim() ?? '';
  if (amount === '') return null;
  return (
    <p className="registration-reward" role="note" aria-label={t('reward.label')}>
      <Gift aria-hidden size={18} />
      <span>
        <span className="registration-reward__label">{t('reward.label')}</span> <strong>{t('reward.amount', { amount })}</strong>
      </span>
    </p>
  );
}

/**
 * registerModal: the form follows the register settings (GET /wps/system/setting/register, VAL-31),
 * or the permission's copy of them when that call fails.
 */
export function RegisterPopup({ close, socialSignIn }: RegisterPopupProps) {
  const { t } = useTranslation('registration');
  const permission = usePermission();
  const settings = useApiQuery('registerSettings');
  if (permission?.flags.USERNAMEREG3 !== true && permission?.flags.MOBILENUMREG3 !== true) return <FormAlert>{t('closed')}</FormAlert>;
  if (settings.isPending) return <Spinner label={t('loading')} />;
  return (
    <>
      <RegistrationReward />
      <RegistrationFlow fieldRules={settings.data ?? permission.registrationFieldRules} close={close} socialSignIn={socialSignIn} />
    </>
  );
}
