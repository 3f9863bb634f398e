import type { PopupContentProps } from '@client/state/app-actor';
import { SocialSignInButtons } from '@client/features/auth/components/social-sign-in-buttons';
import { RegisterPopup } from '@client/features/registration/components/register-popup';

/** registerModal: the registration area's form with the auth area's social sign-in under it (AUTH-01); app/ composes the two. */
export function RegisterModal(props: PopupContentProps<'registerModal'>) {
  return <RegisterPopup {...props} socialSignIn={<SocialSignInButtons close={props.close} />} />;
}
