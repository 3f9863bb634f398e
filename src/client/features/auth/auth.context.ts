import { createActorContext } from '@xstate/react';
import { forgotPasswordMachine } from '@machines/auth/forgot-password.machine';
import { freePlayMachine } from '@machines/auth/free-play.machine';
import { loginMachine } from '@machines/auth/login.machine';
import { passwordChangeMachine } from '@machines/auth/password-change.machine';
import { passwordResetMachine } from '@machines/auth/password-reset.machine';
import { socialSignInMachine } from '@machines/auth/social-sign-in.machine';

/**
 * One actor context per account flow (STYLE.md C4). Each provider is mounted by the popup or page
 * the flow runs in, with the real actors of auth.actors.ts provided there.
 */
export const { Provider: LoginProvider, useActorRef: useLoginRef, useSelector: useLoginSelector } = createActorContext(loginMachine);

export const {
  Provider: PasswordChangeProvider,
  useActorRef: usePasswordChangeRef,
  useSelector: usePasswordChangeSelector,
} = createActorContext(passwordChangeMachine);

export const {
  Provider: ForgotPasswordProvider,
  useActorRef: useForgotPasswordRef,
  useSelector: useForgotPasswordSelector,
} = createActorContext(forgotPasswordMachine);

export const { Provider: FreePlayProvider, useActorRef: useFreePlayRef, useSelector: useFreePlaySelector } = createActorContext(freePlayMachine);

export const {
  Provider: PasswordResetProvider,
  useActorRef: usePasswordResetRef,
  useSelector: usePasswordResetSelector,
} = createActorContext(passwordResetMachine);

export const {
  Provider: SocialSignInProvider,
  useActorRef: useSocialSignInRef,
  useSelector: useSocialSignInSelector,
} = createActorContext(socialSignInMachine);
