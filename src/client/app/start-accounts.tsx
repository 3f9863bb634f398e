import type { QueryClient } from '@tanstack/react-query';
import { AgentLoginForm } from '@client/features/auth/components/agent-login-form';
import { ForgotPasswordPopup } from '@client/features/auth/components/forgot-password-popup';
import { LoginPopup } from '@client/features/auth/components/login-popup';
import { ChangePasswordPopup, PasswordChangeGate } from '@client/features/auth/components/password-change-flows';
import { bindFavourites } from '@client/features/games/favourites.actors';
import { favouritesRefOf } from '@client/features/games/use-favourites';
import { RegisterPopup } from '@client/features/registration/components/register-popup';
import { bindShellToSession, createAppActor } from '@client/features/session/app-actor';
import { SocketListener } from '@client/features/session/components/socket-listener';
import { appActorStore } from '@client/features/session/session.context';
import type { EventBus } from '@client/lib/event-bus';
import type { AppApi } from './api';
import { provideSlot } from './slots';
import { systemStore } from './stores/system-store';

export interface AccountsDeps {
  api: AppApi;
  bus: EventBus;
  /** The app's cached reads: a saved favourite refreshes the favourite lists. */
  queryClient: QueryClient;
}

/**
 * Starts who-the-user-is at app start (not in an effect, STYLE.md C4): the root app actor with the
 * session, created once as soon as the site configuration is in (its agent policy is session input),
 * which is before the site first renders; and the account screens in their mount points.
 * Returns a stop function (tests start a fresh app per case).
 */
export const startAccounts = ({ api, bus, queryClient }: AccountsDeps): (() => void) => {
  provideSlot('popup:loginPopupModal', LoginPopup);
  provideSlot('popup:registerModal', RegisterPopup);
  provideSlot('popup:changePassModal', ChangePasswordPopup);
  provideSlot('popup:forgetPassModal', ForgotPasswordPopup);
  provideSlot('agentLoginForm', AgentLoginForm);
  provideSlot('sessionGate', PasswordChangeGate);
  provideSlot('socketListener', () => <SocketListener bus={bus} api={api} />);

  let unbind: (() => void)[] = [];
  const startWhenConfigured = () => {
    const { permission } = systemStore.get();
    if (appActorStore.get() || !permission) return;
    const app = createAppActor({ api, permission });
    app.start();
    unbind = [bindShellToSession(app), bindFavourites(favouritesRefOf(app), { queryClient })];
    appActorStore.set(app);
  };
  const unsubscribe = systemStore.subscribe(startWhenConfigured);
  startWhenConfigured();

  return () => {
    unsubscribe();
    for (const stop of unbind) stop();
    appActorStore.get()?.stop();
    appActorStore.reset();
  };
};
