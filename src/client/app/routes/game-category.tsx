import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { GameType, VendorItem } from '@shared/contract/games';
import { EmptyState } from '@client/components/empty-state';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { LobbySearch, LobbyTabs, SubTypeFilter } from '@client/features/games/components/lobby-controls';
import { LobbyPaginator } from '@client/features/games/components/lobby-paginator';
import { VendorCard } from '@client/features/games/components/vendor-card';
import { VendorMenu } from '@client/features/games/components/vendor-menu';
import { useGameMenus } from '@client/features/games/game-menus';
import { lobbySearch, parseLobbyFilters, PLAYER_TABS, subTypesFor, withFilters, type LobbyFilters } from '@client/features/games/lobby-filters';
import { useLobbyGames } from '@client/features/games/use-lobby-games';
import { CATEGORY_ICONS } from '@client/features/games/category-icons';
import { GameGrid } from '@client/features/games/components/game-grid';
import { SignInPrompt } from '@client/app/shell/sign-in-prompt';
import { useVendorLanes } from '@client/features/games/use-vendor-lanes';
import { hasSession, useSessionInfo } from '@client/state/app-actor';

/** The game center's vendors (GAMES-02); a card launches its vendor (GAMES-16). */
function VendorCards({ vendors }: { vendors: readonly VendorItem[] }) {
  const { t } = useTranslation(['games', 'common']);
  if (vendors.length === 0) return <EmptyState title={t('common:in_no_data')} />;
  return (
    <ul className="game-grid game-grid--vendors" aria-label={t('games:lobby.vendorCards')}>
      {vendors.map((vendor) => (
        <li key={vendor.vassalage}>
          <VendorCard vendor={vendor} />
        </li>
      ))}
    </ul>
  );
}

/** GAMES-02: the game center names the providers that are under maintenance. */
function MaintenanceNotice({ vendors }: { vendors: readonly VendorItem[] }) {
  const { t } = useTranslation('games');
  const down = vendors.filter((vendor) => vendor.maintenance);
  if (down.length === 0) return null;
  return (
    <p className="lobby-notice" role="note">
      <Wrench aria-hidden size={18} />
      <span>{t('lobby.maintenanceNotice', { vendors: down.map((vendor) => vendor.displayName).join(', ') })}</span>
    </p>
  );
}

function LobbyGames({ gameType, filters, signedIn, onPage }: { gameType: GameType; filters: LobbyFilters; signedIn: boolean; onPage: (page: number) => void }) {
  const games = useLobbyGames(gameType, filters, signedIn);
  return (
    <GameGrid
      games={games.games}
      isPending={games.isPending}
      error={games.error}
      onRetry={games.refetch}
      footer={<LobbyPaginator page={filters.page} totalPages={games.totalPages} onPage={onPage} />}
    />
  );
}

export interface GameCategoryScreenProps {
  gameType: GameType;
  /** center: the category's vendors (SHELL-08, GAMES-02); list: its games (SHELL-09). */
  kind: 'center' | 'list';
}

/**
 * A category's game lobby (spec "Game lobby page"): the vendor menu, list tabs and sub-types, the
 * name search, the grid and its paginator, all kept in the URL query. A game center shows its
 * vendors until a search, Favorite or Recent is chosen.
 */
export default function GameCategoryScreen({ gameType, kind }: GameCategoryScreenProps) {
  const { t, i18n } = useTranslation(['common', 'shell']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = parseLobbyFilters(params);
  const session = useSessionInfo();
  const signedIn = hasSession(session);
  const { vendorsOf } = useVendorLanes();
  const { menus } = useGameMenus();
  const vendors = vendorsOf(gameType);
  const vendor = vendors.find((v) => v.vassalage === filters.vassalage);
  const title = t(`common:gameTypes.${gameType}`);
  const go = (next: LobbyFilters) => navigate({ search: lobbySearch(next) });
  // Sub-type filters where the category's games have sub-types at all (the menus list them).
  const hasSubTypes = Boolean(menus?.find((menu) => menu.gameCategory === gameType)?.gameClassify);
  const ownList = PLAYER_TABS.includes(filters.tab);
  const showsVendors = kind === 'center' && !ownList && !filters.name;

  return (
    <div className="screen lobby" data-category={gameType}>
      <ScreenHeader
        icon={CATEGORY_ICONS[gameType]}
        title={filters.vassalage ? `${title} · ${vendor?.displayName ?? filters.vassalage}` : title}
        subtitle={t(kind === 'center' ? 'shell:games.centerSubtitle' : 'shell:games.listSubtitle')}
      />
      {kind === 'center' && <MaintenanceNotice vendors={vendors} />}
      <VendorMenu vendors={vendors} filters={filters} signedIn={signedIn} />
      {kind === 'list' && <LobbyTabs filters={filters} signedIn={signedIn} />}
      {kind === 'list' && hasSubTypes && <SubTypeFilter filters={filters} subTypes={subTypesFor(i18n.language)} />}
      <LobbySearch key={filters.name} name={filters.name} onSearch={(name) => go(withFilters(filters, { name }))} />
      {showsVendors ? (
        <VendorCards vendors={filters.vassalage ? vendors.filter((v) => v.vassalage === filters.vassalage) : vendors} />
      ) : ownList && session.status === 'restoring' ? (
        <ScreenLoader label={t('common:loading')} />
      ) : ownList && !signedIn ? (
        <SignInPrompt />
      ) : (
        <LobbyGames gameType={gameType} filters={filters} signedIn={signedIn} onPage={(page) => go({ ...filters, page })} />
      )}
    </div>
  );
}
