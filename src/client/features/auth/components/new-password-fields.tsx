import { useTranslation } from 'react-i18next';
import { TextField } from '@client/components/form';

/** The new password and its confirmation, as the change and the reset forms ask for them; errors come translated. */
export function NewPasswordFields({ newPasswordError, confirmationError }: { newPasswordError: string | null; confirmationError: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField name="newPassword" type="password" label={t('fields.newPassword')} required autoComplete="new-password" error={newPasswordError} />
      <TextField
        name="confirmNewPassword"
        type="password"
        label={t('fields.confirmNewPassword')}
        required
        autoComplete="new-password"
        error={confirmationError}
      />
    </>
  );
}
