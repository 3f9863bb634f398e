import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorCode } from '@shared/contract/errors';
import type { GameCard, VendorCategory } from '@shared/contract/games';
import { useApiQuery } from '@client/state/queries';
import { showToast } from '@client/state/ui-state';
import { useGameLaunchRef } from '@client/state/app-actor';

/**
 * How screens start games (spec "Launching a game by type", GAMES-19 to GAMES-22), through the
 * site's one game launcher (machines/game-launch): a guest gets the login popup; lottery cards and
 * slot vendor entries open their page; other vendor entries (isGame VASSALAGE) list the vendor's
 * games in a popup; any other game is launched into the game popup.
 */
export interface GameLauncher {
  /** Start a game card; `freePlay` starts its free trial (supportPlay = 0). */
  launch: (card: GameCard, options?: { freePlay?: boolean }) => void;
  /**
   * Start a vendor by code: its entry among the game menus (vendor cards, the lott/elott/esports/
   * cockfight tabs), loading the menus first if needed. A vendor without an entry says so in a toast.
   */
  launchVendor: (vendor: { vassalage: string; gameType: string }) => void;
}

type VendorRef = { vassalage: string; gameType: string };

const entryOf = (menus: readonly VendorCategory[], { vassalage, gameType }: VendorRef): GameCard | undefined =>
  menus.flatMap((category) => category.cards).find((card) => card.vassalage === vassalage && card.gameType === gameType);

/** Only `launch`: what a game card needs, without the game menus query and texts `launchVendor` reads (a grid has dozens of cards). */
export const useLaunchGame = (): GameLauncher['launch'] => {
  const launcher = useGameLaunchRef();
  return useCallback((card, options = {}) => launcher.send({ type: 'game.launch', card, freePlay: options.freePlay ?? false }), [launcher]);
};

export const useGameLauncher = (): GameLauncher => {
  const { t, i18n } = useTranslation(['games', 'errors']);
  const launch = useLaunchGame();
  // The category bar's read (useGameMenus), so the two share one call and one cache entry.
  const { data: menus, refetch: refetchMenus } = useApiQuery('gameMenus', { query: { language: i18n.language } });

  const launchVendor = useCallback<GameLauncher['launchVendor']>(
    (vendor) => {
      const launchFrom = (loaded: readonly VendorCategory[]) => {
        const entry = entryOf(loaded, vendor);
        if (entry) launch(entry);
        else showToast(t('games:launch.vendorUnavailable'), 'warning');
      };
      if (menus) return launchFrom(menus);
      void refetchMenus({ throwOnError: true }).then(
        (result) => launchFrom(result.data ?? []),
        (error: unknown) => showToast(t(`errors:${toErrorCode(error)}`), 'error'),
      );
    },
    [menus, refetchMenus, launch, t],
  );

  return useMemo(() => ({ launch, launchVendor }), [launch, launchVendor]);
};
