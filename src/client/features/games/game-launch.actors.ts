import { fromPromise } from 'xstate';
import { isLanguageCode } from '@shared/contract/system.values';
import { gameLaunchMachine } from '@machines/games/game-launch.machine';
import type { PageTarget } from '@machines/games/launch-target';
import { paths } from '@client/config/paths';
import { currentLanguage } from '@client/lib/i18n';
import type { AppApi } from '@client/lib/api-client';

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

/**
 * The site's one game launcher with its real calls; `isGuest` says whether nobody is logged in
 * (a session being restored is not a guest).
 */
export const createGameLaunchLogic = ({ api, isGuest }: { api: AppApi; isGuest: () => boolean }) =>
  gameLaunchMachine.provide({
    actors: {
      launchGame: fromPromise(({ input }) => {
        const language = isLanguageCode(currentLanguage()) ? currentLanguage() : undefined;
        return api.call('launchGame', { body: { ...input, device: 'WEB', ...(language ? { language } : {}) } });
      }),
      loadHotGames: fromPromise(async () => (await api.call('hotGames', { query: {} })).list),
    },
    guards: { isGuest: () => isGuest() },
  });
