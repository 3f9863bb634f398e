import type { ReactNode } from 'react';
import { ChevronRight, History, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GameCard, GameType } from '@shared/contract/games';
import { GAME_LIST_CLIENT, RECENT_GAMES_CLIENT } from '@shared/contract/games.values';
import { MountWhenNear } from '@client/components/mount-when-near';
import { useApiQuery, usePrefetchApiQuery } from '@client/state/queries';
import { setGameType } from '@client/state/ui-state';
import { categoryHref, paths } from '@client/config/paths';
import { useHotGames } from '@client/features/games/use-hot-games';
import { CATEGORY_ICONS } from '@client/features/games/category-icons';
import { GameGrid } from './game-grid';
import { hasSession, useSessionInfo } from '@client/state/app-actor';

/** LOBBY-07 and section 9: how many games each HOME row shows at most. */
export const HOME_ROW_LIMITS = { hot: 12, favourite: 12, recent: 12 } as const;
/** Vendor-category rows on HOME: e-sports and cockfight at most 5 (LOBBY-07), slots a full 12, the others one line of 6. */
export const CATEGORY_ROW_LIMITS: Partial<Record<GameType, number>> = { ESPORTS: 5, COCKFIGHT: 5, RNG: 12 };
const DEFAULT_CATEGORY_ROW_LIMIT = 6;
/**
 * A category row further down asks for its games when it comes within a screen of the viewport, and draws its cards
 * only when it comes within a quarter of a screen: drawing the cards of every row within a screen when the lobby's
 * answers came in held a phone's main thread (4x CPU) for some 250 ms more after load.
 */
const DRAW_ROW_MARGIN = '25% 0px';

const categoryRowLimit = (gameType: GameType) => CATEGORY_ROW_LIMITS[gameType] ?? DEFAULT_CATEGORY_ROW_LIMIT;
const categoryRowQuery = (gameType: GameType, language: string) => ({
  query: { ...GAME_LIST_CLIENT, gameType, pageSize: categoryRowLimit(gameType), language },
});

interface LoadedGames {
  games: readonly GameCard[];
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface LobbyRowProps {
  rowId: string;
  icon: LucideIcon;
  title: string;
  subtitle?: string;
  /** "See all": where the whole list lives. */
  more?: ReactNode;
  loaded: LoadedGames;
}

/** A titled row of game cards; a row that loaded empty is left out, as a lobby shows only what can be played. */
function LobbyRow({ rowId, icon: Icon, title, subtitle, more, loaded }: LobbyRowProps) {
  if (!loaded.isPending && !loaded.error && loaded.games.length === 0) return null;
  const headingId = `lobby-row-${rowId}`;
  return (
    <section className="lobby-row" aria-labelledby={headingId} data-row={rowId}>
      <div className="lobby-row__head">
        <span className={`lobby-row__icon lobby-row__icon--${rowId.toLowerCase()}`} aria-hidden>
          <Icon size={18} />
        </span>
        <div className="lobby-row__titles">
          <h2 id={headingId} className="lobby-row__title">
            {title}
          </h2>
          {subtitle && <p className="lobby-row__subtitle">{subtitle}</p>}
        </div>
        {more}
      </div>
      <GameGrid games={loaded.games} isPending={loaded.isPending} error={loaded.error} onRetry={() => void loaded.refetch()} />
    </section>
  );
}

function MoreLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="lobby-row__more" aria-label={label}>
      <SeeAll />
    </Link>
  );
}

function MoreTab({ tab, label }: { tab: GameType; label: string }) {
  return (
    <button type="button" className="lobby-row__more" aria-label={label} onClick={() => setGameType(tab)}>
      <SeeAll />
    </button>
  );
}

function SeeAll() {
  const { t } = useTranslation('games');
  return (
    <>
      {t('home.seeAll')}
      <ChevronRight aria-hidden size={16} />
    </>
  );
}

function HotRow() {
  const { t } = useTranslation(['common', 'shell', 'games']);
  const hot = useHotGames();
  return (
    <LobbyRow
      rowId="HOT"
      icon={CATEGORY_ICONS.HOT}
      title={t('shell:home.hotGames')}
      subtitle={t('shell:home.blurbs.HOT')}
      more={<MoreTab tab="HOT" label={t('games:home.seeAllOf', { name: t('shell:home.hotGames') })} />}
      loaded={{ ...hot, games: (hot.data?.list ?? []).slice(0, HOME_ROW_LIMITS.hot) }}
    />
  );
}

function FavouriteRow() {
  const { t, i18n } = useTranslation(['common', 'shell', 'games']);
  const favourites = useApiQuery('favoriteList', { query: { ...GAME_LIST_CLIENT, language: i18n.language } });
  return (
    <LobbyRow
      rowId="FAV"
      icon={CATEGORY_ICONS.FAV}
      title={t('common:gameTypes.FAV')}
      subtitle={t('shell:home.blurbs.FAV')}
      more={<MoreLink to={paths.favorite.getHref()} label={t('games:home.seeAllOf', { name: t('common:gameTypes.FAV') })} />}
      loaded={{ ...favourites, games: (favourites.data?.content ?? []).slice(0, HOME_ROW_LIMITS.favourite) }}
    />
  );
}

function RecentRow() {
  const { t, i18n } = useTranslation('games');
  const recent = useApiQuery('recentGames', { query: { ...RECENT_GAMES_CLIENT, pageSize: HOME_ROW_LIMITS.recent, language: i18n.language } });
  return (
    <LobbyRow
      rowId="RECENT"
      icon={History}
      title={t('home.recent.title')}
      subtitle={t('home.recent.subtitle')}
      more={<MoreLink to={paths.recent.getHref()} label={t('home.seeAllOf', { name: t('home.recent.title') })} />}
      loaded={{ ...recent, games: (recent.data?.list ?? []).slice(0, HOME_ROW_LIMITS.recent) }}
    />
  );
}

function CategoryRow({ gameType }: { gameType: GameType }) {
  const { t, i18n } = useTranslation(['common', 'shell', 'games']);
  const limit = categoryRowLimit(gameType);
  const games = useApiQuery('gameList', categoryRowQuery(gameType, i18n.language));
  const name = t(`common:gameTypes.${gameType}`);
  const href = categoryHref(gameType);
  const seeAllLabel = t('games:home.seeAllOf', { name });
  return (
    <LobbyRow
      rowId={gameType}
      icon={CATEGORY_ICONS[gameType]}
      title={name}
      subtitle={t(`shell:home.blurbs.${gameType}`)}
      more={href ? <MoreLink to={href} label={seeAllLabel} /> : (games.data?.totalPages ?? 0) > 1 && <MoreTab tab={gameType} label={seeAllLabel} />}
      loaded={{ ...games, games: (games.data?.games ?? []).slice(0, limit) }}
    />
  );
}

/** A category row within a screen of the viewport: its games asked for, its cards drawn once it is nearer. */
function ApproachingCategoryRow({ gameType }: { gameType: GameType }) {
  const { i18n } = useTranslation();
  usePrefetchApiQuery('gameList', categoryRowQuery(gameType, i18n.language));
  return (
    <MountWhenNear placeholderClassName="lobby-row-placeholder" rootMargin={DRAW_ROW_MARGIN}>
      <CategoryRow gameType={gameType} />
    </MountWhenNear>
  );
}

/** LOBBY-07: hot games, the player's favourites and recent games (signed in only), then a row per vendor category. */
export function HomeRows({ categories }: { categories: readonly GameType[] }) {
  const signedIn = hasSession(useSessionInfo());
  return (
    <div className="lobby-rows">
      <HotRow />
      {signedIn && <FavouriteRow />}
      {signedIn && <RecentRow />}
      {categories.map((gameType) => (
        // A row further down asks for its games when it comes near: rendering every row's cards at load held a
        // phone's main thread for over a second.
        <MountWhenNear key={gameType} placeholderClassName="lobby-row-placeholder">
          <ApproachingCategoryRow gameType={gameType} />
        </MountWhenNear>
      ))}
    </div>
  );
}
