import { PasswordResetPage } from '@client/features/auth/components/password-reset-page';

/** `/resetPassword?token=…`: the page the password-reset email links to (AUTH-38). */
export default function ResetPasswordScreen() {
  return <PasswordResetPage />;
}
