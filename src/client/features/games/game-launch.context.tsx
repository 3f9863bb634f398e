import { useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { createActorContext } from '@xstate/react';
import { fromPromise } from 'xstate';
import { LanguageCode } from '@shared/contract/system';
import { gameLaunchMachine } from '@machines/games/game-launch.machine';
import type { PageTarget } from '@machines/games/launch-target';
import { useApi } from '@client/app/api-context';
import type { AppApi } from '@client/app/api';
import { closePopup, openPopup, popupStore } from '@client/app/stores/popups';
import { sessionInfoStore } from '@client/app/stores/session-info';
import { paths } from '@client/config/paths';
import { currentLanguage } from '@client/lib/i18n';

export const {
  Provider: GameLaunchActorProvider,
  useActorRef: useGameLaunchRef,
  useSelector: useGameLaunchSelector,
} = createActorContext(gameLaunchMachine);

/** The page of a page target (GAMES-20). */
export const pageTargetHref = (target: PageTarget): string => {
  switch (target.kind) {
    case 'vnLottery':
      return paths.vnLottery.getHref(target.gameCode);
    case 'seaLottery':
      return paths.seaLottery.getHref(target.gameCode);
    case 'lottery':
      return paths.lottery.getHref(target.gameCode ?? undefined, target.prizeMode ?? undefined);
    case 'rngVendor':
      return paths.rng.getHref(target.vassalage);
  }
};

/** The machine with the app's real calls; a member is a guest until a session (or its restore) exists. */
const launcherLogic = (api: AppApi) =>
  gameLaunchMachine.provide({
    actors: {
      launchGame: fromPromise(({ input }) => {
        const language = LanguageCode.safeParse(currentLanguage()).data;
        return api.call('launchGame', { body: { ...input, device: 'WEB', ...(language ? { language } : {}) } });
      }),
      loadHotGames: fromPromise(async () => (await api.call('hotGames', { query: {} })).list),
    },
    guards: { isGuest: () => sessionInfoStore.get().status === 'loggedOut' },
  });

const isGamePopupOpen = (): boolean => popupStore.get().some((p) => p.kind === 'gamePopup');

/** Carries out what the launcher asks for: the login popup, a page, the vendor list, the game popup. */
function LaunchEffects() {
  const launcher = useGameLaunchRef();
  const navigate = useNavigate();
  useEffect(() => {
    const subscriptions = [
      launcher.on('login.ask', () => openPopup('loginPopupModal')),
      launcher.on('page.open', ({ target }) => void navigate(pageTargetHref(target))),
      launcher.on('vendorGames.open', ({ vassalage, gameType, vendorName }) => openPopup('vendorGames', { vassalage, gameType, vendorName })),
      launcher.on('gamePopup.show', () => openPopup('gamePopup')),
      launcher.on('gamePopup.hide', () => closePopup('gamePopup')),
    ];
    // The popup frame's close button (or its backdrop) only closes the popup: that ends the game too.
    const unsubscribe = popupStore.subscribe(() => {
      if (!isGamePopupOpen() && launcher.getSnapshot().matches('active')) launcher.send({ type: 'game.close' });
    });
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
      unsubscribe();
    };
  }, [launcher, navigate]);
  return null;
}

/** One game launcher for the whole site: every screen's cards and the game popup share it. */
export function GameLaunchProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const logic = useMemo(() => launcherLogic(api), [api]);
  return (
    <GameLaunchActorProvider logic={logic}>
      <LaunchEffects />
      {children}
    </GameLaunchActorProvider>
  );
}
