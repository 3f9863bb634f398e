import { Heart, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { GAME_LIST_CLIENT, RECENT_GAMES_CLIENT } from '@shared/contract/games.values';
import { ScreenHeader } from '@client/components/screen-header';
import { ScreenLoader } from '@client/components/spinner';
import { LobbyPaginator } from '@client/features/games/components/lobby-paginator';
import { LOBBY_PAGE_SIZE } from '@client/features/games/lobby-filters';
import { FAVOURITES_PAGE_SIZE } from '@client/features/games/use-lobby-games';
import { GameGrid } from '@client/features/games/components/game-grid';
import { SignInPrompt } from '@client/app/shell/sign-in-prompt';
import { useApiQuery } from '@client/state/queries';
import { hasSession, useSessionInfo } from '@client/state/app-actor';

/** The `?page=` of these pages, 1 when absent. */
const usePageParam = (): [number, (page: number) => void] => {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  return [Number.isInteger(page) && page > 1 ? page : 1, (next) => setParams(next > 1 ? { page: String(next) } : {})];
};

/** GAMES-37: the favourite list, 999 to a page, paged by the pageNum and totalPages it answers. */
function FavoriteList() {
  const { i18n } = useTranslation();
  const [page, setPage] = usePageParam();
  const favorites = useApiQuery('favoriteList', { query: { ...GAME_LIST_CLIENT, pageNo: page, pageSize: FAVOURITES_PAGE_SIZE, language: i18n.language } });
  return (
    <GameGrid
      games={favorites.data?.content ?? []}
      isPending={favorites.isPending}
      error={favorites.error}
      onRetry={() => void favorites.refetch()}
      footer={favorites.data && <LobbyPaginator page={favorites.data.pageNum} totalPages={favorites.data.totalPages} onPage={setPage} />}
    />
  );
}

/** GAMES-38: the player's recent games from the recent games call. */
function RecentList() {
  const { i18n } = useTranslation();
  const [page, setPage] = usePageParam();
  const recent = useApiQuery('recentGames', { query: { ...RECENT_GAMES_CLIENT, page, pageSize: LOBBY_PAGE_SIZE, language: i18n.language } });
  return (
    <GameGrid
      games={recent.data?.list ?? []}
      isPending={recent.isPending}
      error={recent.error}
      onRetry={() => void recent.refetch()}
      footer={recent.data && <LobbyPaginator page={page} totalPages={recent.data.totalPages} onPage={setPage} />}
    />
  );
}

/** SHELL-10: the player's favourite or recent games; guests are asked to log in (AUTH-45). */
export default function MyGamesScreen({ list }: { list: 'favorite' | 'recent' }) {
  const { t } = useTranslation(['shell', 'common']);
  const session = useSessionInfo();
  return (
    <div className="screen">
      <ScreenHeader
        icon={list === 'favorite' ? Heart : History}
        title={t(list === 'favorite' ? 'shell:screens.favorite' : 'shell:screens.recent')}
        subtitle={t(list === 'favorite' ? 'shell:screens.favoriteSubtitle' : 'shell:screens.recentSubtitle')}
      />
      {session.status === 'restoring' ? (
        <ScreenLoader label={t('common:loading')} />
      ) : !hasSession(session) ? (
        <SignInPrompt />
      ) : list === 'favorite' ? (
        <FavoriteList />
      ) : (
        <RecentList />
      )}
    </div>
  );
}
