import { SocialSignInCallbackPage } from '@client/features/auth/components/social-sign-in-callback-page';

/** `/oidc/callback`: where a social sign-in provider sends the browser back (AUTH-01). */
export default function OidcCallbackScreen() {
  return <SocialSignInCallbackPage />;
}
