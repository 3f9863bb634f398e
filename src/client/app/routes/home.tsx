import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import type { GameType } from '@shared/contract/games';
import { CATEGORY_ICONS } from '@client/features/shell/category-icons';
import { GameGrid } from '@client/features/shell/components/game-grid';
import { SignInPrompt } from '@client/features/shell/components/sign-in-prompt';
import { MENU_CATEGORIES } from '@client/config/menu';
import { categoryHref } from '@client/config/paths';
import { useApiQuery } from '../query';
import { hasSession, useSessionInfo } from '../stores/session-info';
import { setGameType, useGameType } from '../stores/shell-ui';

/** Lobby tabs: HOME, HOT and FAV, then the vendor categories (LOBBY-02). */
const LOBBY_TABS: readonly GameType[] = ['HOME', 'HOT', 'FAV', ...MENU_CATEGORIES];

function HotGames() {
  const { i18n } = useTranslation();
  const hot = useApiQuery('hotGames', { query: { language: i18n.language } });
  return <GameGrid games={(hot.data?.list ?? []).slice(0, 12)} isPending={hot.isPending} error={hot.error} onRetry={() => void hot.refetch()} />;
}

function FavoriteGames() {
  const { i18n } = useTranslation();
  const session = useSessionInfo();
  const signedIn = hasSession(session);
  const favorites = useApiQuery('favoriteList', { query: { language: i18n.language } }, { enabled: signedIn });
  if (!signedIn) return <SignInPrompt />;
  return (
    <GameGrid games={(favorites.data?.content ?? []).slice(0, 12)} isPending={favorites.isPending} error={favorites.error} onRetry={() => void favorites.refetch()} />
  );
}

function CategoryGames({ gameType }: { gameType: GameType }) {
  const { i18n } = useTranslation();
  const games = useApiQuery('gameList', { query: { gameType, pageSize: 18, language: i18n.language } });
  return <GameGrid games={games.data?.games ?? []} isPending={games.isPending} error={games.error} onRetry={() => void games.refetch()} />;
}

function CategoryShowcase() {
  const { t } = useTranslation(['common', 'shell']);
  return (
    <ul className="category-showcase">
      {MENU_CATEGORIES.map((gameType) => {
        const Icon = CATEGORY_ICONS[gameType];
        const href = categoryHref(gameType);
        if (!href) return null;
        return (
          <li key={gameType}>
            <Link to={href} className={`category-card category-card--${gameType.toLowerCase()}`}>
              <span className="category-card__icon" aria-hidden>
                <Icon size={30} />
              </span>
              <span className="category-card__label">{t(`common:gameTypes.${gameType}`)}</span>
              <span className="category-card__blurb">{t(`shell:home.blurbs.${gameType}`)}</span>
              <ArrowRight aria-hidden size={18} className="category-card__arrow" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The index view: the home lobby shared by /, /index, /index.html, /home, /login and /register. */
export default function HomeScreen() {
  const { t } = useTranslation(['common', 'shell']);
  const gameType = useGameType();

  return (
    <div className="home-lobby" data-testid="index-view">
      <h1 className="visually-hidden">{t('shell:home.title')}</h1>
      <div className="lobby-tabs" role="tablist" aria-label={t('shell:home.tabs')}>
        {LOBBY_TABS.map((tab) => {
          const Icon = CATEGORY_ICONS[tab];
          return (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={tab === gameType}
              className={clsx('lobby-tabs__tab', tab === gameType && 'is-active')}
              onClick={() => {
                setGameType(tab);
                window.scrollTo(0, 0);
              }}
            >
              <Icon aria-hidden size={18} />
              {t(`common:gameTypes.${tab}`)}
            </button>
          );
        })}
      </div>
      <section role="tabpanel" aria-label={t(`common:gameTypes.${gameType}`)} className="lobby-panel">
        {gameType === 'HOME' && (
          <>
            <CategoryShowcase />
            <h2 className="section-title">{t('shell:home.hotGames')}</h2>
            <HotGames />
          </>
        )}
        {gameType === 'HOT' && <HotGames />}
        {gameType === 'FAV' && <FavoriteGames />}
        {gameType !== 'HOME' && gameType !== 'HOT' && gameType !== 'FAV' && <CategoryGames gameType={gameType} />}
      </section>
    </div>
  );
}
