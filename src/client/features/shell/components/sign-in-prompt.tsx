import { LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@client/components/empty-state';
import { openPopup } from '@client/app/stores/popups';

/** ERR-03: a page that needs a login tells the guest so and offers login and registration. */
export function SignInPrompt({ text }: { text?: string }) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      icon={LogIn}
      title={t('notLoggedIn')}
      text={text}
      action={
        <>
          <button type="button" className="button button--primary" onClick={() => openPopup('loginPopupModal')}>
            {t('actions.login')}
          </button>
          <button type="button" className="button button--outline" onClick={() => openPopup('registerModal')}>
            {t('actions.register')}
          </button>
        </>
      }
    />
  );
}
