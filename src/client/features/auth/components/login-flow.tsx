import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectLoginStep, selectPasswordChangeRef, selectTwoFactorRef } from '@machines/auth/login.selectors';
import type { AppPath } from '@machines/shared/navigation';
import { selectIsPasswordChangeRequired, selectUserName } from '@machines/auth/session.selectors';
import { useSessionSelector } from '@client/state/app-actor';
import { useLoginRef, useLoginSelector } from '../auth.context';
import { CredentialsForm } from './credentials-form';
import { PasswordChangeForm } from './password-change-form';
import { StandalonePasswordChange } from './password-change-flows';
import { TwoFactorStep } from './two-factor-step';

/**
 * The login steps in one place (popup or /agent form): credentials, the two-factor screen, and the
 * forced password change, with the typed password as the old one (AUTH-35). A session already
 * waiting for a new password (restored with `cpw`) shows its standalone change instead.
 */
export function LoginFlow({
  submitLabel,
  close,
  links,
  successPath = '/',
}: {
  submitLabel: string;
  close: () => void;
  links?: ReactNode;
  /** Where a standalone forced change ends: the agent form goes on to the agent center. */
  successPath?: AppPath;
}) {
  const { t } = useTranslation('auth');
  const login = useLoginRef();
  const step = useLoginSelector(selectLoginStep);
  const twoFactorRef = useLoginSelector(selectTwoFactorRef);
  const passwordChangeRef = useLoginSelector(selectPasswordChangeRef);
  const passwordChangeRequired = useSessionSelector(selectIsPasswordChangeRequired);
  const userName = useSessionSelector(selectUserName);

  if (step === 'twoFactor' && twoFactorRef) {
    return <TwoFactorStep actorRef={twoFactorRef} onCancel={() => login.send({ type: 'twoFactor.cancel' })} />;
  }
  if (step === 'passwordChange' && passwordChangeRef) {
    return <PasswordChangeForm actorRef={passwordChangeRef} intro={<p className="account-form__lead">{t('passwordChange.forcedIntro')}</p>} />;
  }
  if (step === 'done') return null;
  if (passwordChangeRequired) return <StandalonePasswordChange username={userName ?? ''} forced close={close} successPath={successPath} />;
  return <CredentialsForm submitLabel={submitLabel}>{links}</CredentialsForm>;
}
