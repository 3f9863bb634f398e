import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { useLogOut } from '@client/state/app-actor';

/** Sign out asks first and logs out only after the visitor confirms (SHELL-32). */
export const useSignOut = () => {
  const { t } = useTranslation(['shell', 'common']);
  const logout = useLogOut();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const dialog = asking ? (
    <ConfirmDialog
      title={t('shell:signOutConfirm.title')}
      text={t('shell:signOutConfirm.text')}
      confirmLabel={t('common:actions.logout')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(false)}
      busy={busy}
    />
  ) : null;

  return { askToSignOut: () => setAsking(true), signOutDialog: dialog };
};
