import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GAME_LIST_CLIENT } from '@shared/contract/games.values';
import type { ApiCallError } from '@client/lib/api-client';
import { useApi } from '@client/state/api';
import { GameGrid } from './game-grid';
import { type PopupContentProps } from '@client/state/app-actor';

const PAGE_SIZE = 42;

/** GAMES-21: a vendor entry flagged VASSALAGE lists that vendor's games, a page at a time. */
export function VendorGamesPopup({ payload }: PopupContentProps<'vendorGames'>) {
  const { t } = useTranslation('games');
  const api = useApi();
  const { vassalage, gameType, vendorName } = payload;
  const games = useInfiniteQuery({
    queryKey: ['gameList', 'vendorGames', vassalage, gameType],
    queryFn: ({ pageParam }) => api.call('gameList', { query: { ...GAME_LIST_CLIENT, vassalage, gameType, pageNo: pageParam, pageSize: PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
  });
  const error = games.error as ApiCallError | null;
  return (
    <section className="vendor-games" aria-label={t('launch.vendorGames', { vendor: vendorName })}>
      <h3 className="vendor-games__title">{t('launch.vendorGames', { vendor: vendorName })}</h3>
      <GameGrid games={games.data?.pages.flatMap((page) => page.games) ?? []} isPending={games.isPending} error={games.isPending ? null : error} onRetry={() => void games.refetch()} />
      {games.hasNextPage && (
        <button type="button" className="button button--outline vendor-games__more" disabled={games.isFetchingNextPage} onClick={() => void games.fetchNextPage()}>
          {t('launch.moreGames')}
        </button>
      )}
    </section>
  );
}
