import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AppPath } from '@machines/shared/navigation';
import { selectMember, selectUserName } from '@machines/auth/session.selectors';
import { FormAlert } from '@client/components/form';
import { logOut, usePermission, useSessionRef, useSessionSelector, type PopupContentProps } from '@client/state/app-actor';
import { createPasswordChangeLogic } from '../auth.actors';
import { PasswordChangeProvider, usePasswordChangeRef } from '../auth.context';
import { useFlowDeps } from '@client/state/flow-deps';
import { PasswordChangeForm } from './password-change-form';
import { actorOptions } from '@client/lib/actor-inspection';

function ProvidedPasswordChangeForm({ forced }: { forced: boolean }) {
  const { t } = useTranslation('auth');
  const actorRef = usePasswordChangeRef();
  const session = useSessionRef();
  return (
    <PasswordChangeForm
      actorRef={actorRef}
      intro={forced && <p className="account-form__lead">{t('passwordChange.forcedIntro')}</p>}
      footer={
        forced && (
          <button type="button" className="link-button" onClick={() => void logOut(session)}>
            <LogOut aria-hidden size={16} />
            {t('passwordChange.signOut')}
          </button>
        )
      }
    />
  );
}

/**
 * A password change outside a login: changePassModal (old password shown, AUTH-34) or the forced
 * change of a session restored with `cpw` set. Success reloads the member info, closes and goes to
 * `/` (AUTH-36).
 */
export function StandalonePasswordChange({
  username,
  forced,
  close,
  successPath = '/',
}: {
  username: string;
  forced: boolean;
  close: () => void;
  successPath?: AppPath;
}) {
  const deps = useFlowDeps(close);
  const permission = usePermission();
  const [logic] = useState(() => createPasswordChangeLogic(deps));
  const [input] = useState(() => ({ username, passwordRule: permission?.registrationFieldRules.password, successPath }));
  return (
    <PasswordChangeProvider logic={logic} options={{ ...actorOptions, input }}>
      <ProvidedPasswordChangeForm forced={forced} />
    </PasswordChangeProvider>
  );
}

/** The changePassModal popup: for the logged-in member. */
export function ChangePasswordPopup({ close }: PopupContentProps<'changePassModal'>) {
  const { t } = useTranslation('errors');
  const member = useSessionSelector(selectMember);
  const userName = useSessionSelector(selectUserName);
  const username = userName ?? member?.account;
  if (!username) return <FormAlert>{t('UNAUTHORIZED')}</FormAlert>;
  return <StandalonePasswordChange username={username} forced={false} close={close} />;
}

const noPopupToClose = () => {};

/**
 * The first-login forced change when no login form shows it (AUTH-07, AUTH-08), shown by the shell
 * in a modal that cannot be dismissed while the session waits for a new password: only the change
 * or signing out ends it.
 */
export function ForcedPasswordChange() {
  const userName = useSessionSelector(selectUserName);
  return <StandalonePasswordChange username={userName ?? ''} forced close={noPopupToClose} />;
}
