import { lazy, Suspense, useEffect, useRef } from 'react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GameType } from '@shared/contract/games';
import { GAME_LIST_CLIENT } from '@shared/contract/games.values';
import { MountWhenNear } from '@client/components/mount-when-near';
import { categoryHref } from '@client/config/paths';
import { useHotGames } from '@client/features/games/use-hot-games';
import { JackpotCounter } from '@client/features/games/components/jackpot-counter';
import { LobbyTabs } from '@client/features/games/components/lobby-tabs';
import { HomeRows } from '@client/features/games/components/lobby-rows';
import { NoticeMarquee } from '@client/features/games/components/notice-marquee';
import { useLobbyCategories } from '@client/features/games/use-lobby-categories';
import { WinnerBoard } from '@client/features/games/components/winner-board';
import { GameGrid } from '@client/features/games/components/game-grid';
import { SignInPrompt } from '@client/app/shell/sign-in-prompt';
import { useApiQuery } from '@client/state/queries';
import { useGameType } from '@client/state/ui-state';
import { hasSession, useSessionInfo } from '@client/state/app-actor';
import { withTexts } from '@client/lib/i18n';

// The missions strip (API-54, API-55), the lucky draw (API-51) and the red envelopes (MEMBER-15) are chunks of their own, each with its
// texts: the home's first render carries none of them.
const HomeRedEnvelope = lazy(
  withTexts(() => import('@client/features/red-envelopes/components/home-red-envelope').then((m) => ({ default: m.HomeRedEnvelope })), ['red-envelopes']),
);
const HomeMissions = lazy(withTexts(() => import('@client/features/missions/components/home-missions').then((m) => ({ default: m.HomeMissions })), ['missions']));
const HomeRaffle = lazy(withTexts(() => import('@client/features/promotions/components/home-raffle').then((m) => ({ default: m.HomeRaffle })), ['promotions']));

/** A category tab shows one lobby page of its games (section 9: 18). */
export const CATEGORY_TAB_PAGE_SIZE = 18;

function HotGames() {
  const hot = useHotGames();
  return <GameGrid games={hot.data?.list ?? []} isPending={hot.isPending} error={hot.error} onRetry={() => void hot.refetch()} />;
}

function FavoriteGames() {
  const { i18n } = useTranslation();
  const signedIn = hasSession(useSessionInfo());
  const favorites = useApiQuery('favoriteList', { query: { ...GAME_LIST_CLIENT, language: i18n.language } }, { enabled: signedIn });
  if (!signedIn) return <SignInPrompt />;
  return (
    <GameGrid games={favorites.data?.content ?? []} isPending={favorites.isPending} error={favorites.error} onRetry={() => void favorites.refetch()} />
  );
}

function CategoryGames({ gameType }: { gameType: GameType }) {
  const { t, i18n } = useTranslation(['common', 'games']);
  const games = useApiQuery('gameList', { query: { ...GAME_LIST_CLIENT, gameType, pageSize: CATEGORY_TAB_PAGE_SIZE, language: i18n.language } });
  const href = categoryHref(gameType);
  return (
    <GameGrid
      games={games.data?.games ?? []}
      isPending={games.isPending}
      error={games.error}
      onRetry={() => void games.refetch()}
      footer={
        href && (
          <Link to={href} className="button button--outline lobby-panel__more">
            {t('games:home.openCategory', { name: t(`common:gameTypes.${gameType}`) })}
            <ChevronRight aria-hidden size={16} />
          </Link>
        )
      }
    />
  );
}

/** LOBBY-03: a new game type starts at the top of the page. */
const useScrollTopOnChange = (gameType: GameType) => {
  const shown = useRef(gameType);
  useEffect(() => {
    if (shown.current === gameType) return;
    shown.current = gameType;
    window.scrollTo(0, 0);
  }, [gameType]);
};

/**
 * The index view: the home lobby shared by /, /index, /index.html, /home, /login and /register
 * (LOBBY-01): the notice marquee, the game menus, the jackpot counter and the winner board; the
 * banners are the shell's banner area above it.
 */
export default function HomeScreen() {
  const { t } = useTranslation(['common', 'shell']);
  const gameType = useGameType();
  const categories = useLobbyCategories();
  useScrollTopOnChange(gameType);

  return (
    <div className="home-lobby" data-testid="index-view">
      <h1 className="visually-hidden">{t('shell:home.title')}</h1>
      <NoticeMarquee />
      <LobbyTabs />
      <section role="tabpanel" aria-label={t(`common:gameTypes.${gameType}`)} className="lobby-panel">
        {gameType === 'HOME' && (
          <>
            <div className="home-highlights">
              <JackpotCounter />
              <WinnerBoard />
            </div>
            <HomeRows categories={categories} />
            {/* Below the rows, mounted (chunks and calls) only once a visitor scrolls near: nothing moves in view. */}
            <MountWhenNear placeholderClassName="home-strips-placeholder">
              <Suspense fallback={null}>
                <HomeRedEnvelope />
              </Suspense>
              <Suspense fallback={null}>
                <HomeRaffle />
              </Suspense>
              <Suspense fallback={null}>
                <HomeMissions />
              </Suspense>
            </MountWhenNear>
          </>
        )}
        {gameType === 'HOT' && <HotGames />}
        {gameType === 'FAV' && <FavoriteGames />}
        {gameType !== 'HOME' && gameType !== 'HOT' && gameType !== 'FAV' && <CategoryGames key={gameType} gameType={gameType} />}
      </section>
    </div>
  );
}
