import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { LOTTERY_VENDOR, type GameType } from '@shared/contract/games.values';
import { setGameType, useGameType } from '@client/state/ui-state';
import { useAskToLogIn } from '@client/features/games/ask-to-log-in';
import { useGameLauncher } from '@client/features/games/use-game-launcher';
import { CATEGORY_ICONS } from '@client/features/games/category-icons';
import { useVendorLanes } from '@client/features/games/use-vendor-lanes';
import { LOBBY_FIXED_TABS, useLobbyCategories } from '@client/features/games/use-lobby-categories';
import { hasSession, useSessionInfo } from '@client/state/app-actor';

/** LOBBY-05: these tabs start the lottery vendor instead of showing a list. */
const LOTTERY_VENDOR_TABS: readonly GameType[] = ['LOTT', 'ELOTT'];
/** LOBBY-06: these tabs start their category's first vendor. */
const FIRST_VENDOR_TABS: readonly GameType[] = ['ESPORTS', 'COCKFIGHT'];

/** LOBBY-02: HOME, HOT and FAV, then the vendor categories; a choice either shows a panel or starts a vendor. */
export function LobbyTabs() {
  const askToLogIn = useAskToLogIn();
  const { t } = useTranslation(['common', 'shell']);
  const categories = useLobbyCategories();
  const gameType = useGameType();
  const signedIn = hasSession(useSessionInfo());
  const { launchVendor } = useGameLauncher();
  const { vendorsOf } = useVendorLanes();

  const choose = (tab: GameType) => {
    if (tab === 'FAV' && !signedIn) {
      // LOBBY-04
      askToLogIn();
      setGameType('HOME');
      return;
    }
    if (LOTTERY_VENDOR_TABS.includes(tab)) {
      launchVendor({ vassalage: LOTTERY_VENDOR, gameType: tab });
      return;
    }
    const firstVendor = FIRST_VENDOR_TABS.includes(tab) ? vendorsOf(tab)[0] : undefined;
    if (firstVendor) {
      launchVendor({ vassalage: firstVendor.vassalage, gameType: firstVendor.gameType });
      return;
    }
    // Any other category, or a first-vendor tab before its vendors are known: its games are listed.
    setGameType(tab);
  };

  return (
    <div className="lobby-tabs" role="tablist" aria-label={t('shell:home.tabs')}>
      {[...LOBBY_FIXED_TABS, ...categories].map((tab) => {
        const Icon = CATEGORY_ICONS[tab];
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={tab === gameType}
            className={clsx('lobby-tabs__tab', tab === gameType && 'is-active')}
            onClick={() => choose(tab)}
          >
            <Icon aria-hidden size={18} />
            {t(`common:gameTypes.${tab}`)}
          </button>
        );
      })}
    </div>
  );
}
