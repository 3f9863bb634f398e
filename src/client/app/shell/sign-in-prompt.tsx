import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';
import { usePopups } from '@client/state/app-actor';

/** ERR-03: a page that needs a login tells the guest so and offers login and registration. */
export function SignInPrompt({ text }: { text?: string }) {
  const popups = usePopups();
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={LogIn}
      title={t('notLoggedIn')}
      text={text}
      action={
        <>
          <button type="button" className="button button--primary" onClick={() => popups.open('loginPopupModal')}>
            {t('actions.login')}
          </button>
          <button type="button" className="button button--outline" onClick={() => popups.open('registerModal')}>
            {t('actions.register')}
          </button>
        </>
      }
    />
  );
}
