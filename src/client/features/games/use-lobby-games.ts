import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameCard } from '@shared/contract/games';
import { GAME_LIST_CLIENT, RECENT_GAMES_CLIENT } from '@shared/contract/games.values';
import { useApiQuery } from '@client/state/queries';
import { LOBBY_PAGE_SIZE, narrowOwnGames, type LobbyFilters } from './lobby-filters';

/** Every favourite in one call (spec section 9: favourite list page size 999). */
export const FAVOURITES_PAGE_SIZE = 999;
/** Enough for all of a member's recent games (the server keeps 50). */
const RECENT_PAGE_SIZE = 100;

export interface LobbyGames {
  games: readonly GameCard[];
  totalPages: number;
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * The games a lobby page shows for its filters: the game list call for ALL, NEW and HOT (GAMES-05,
 * GAMES-06, GAMES-11), the player's favourites for FAV and recent games for RECENT, of this
 * category and vendor. `signedIn` false loads no player list.
 */
export const useLobbyGames = (gameType: string, filters: LobbyFilters, signedIn: boolean): LobbyGames => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const { tab, vassalage, subType, name, page } = filters;
  const ofVendor = vassalage ? { vassalage } : {};
  const list = useApiQuery(
    'gameList',
    {
      query: {
        ...GAME_LIST_CLIENT,
        gameType,
        ...ofVendor,
        ...(subType ? { gameClassify: subType } : {}),
        ...(name ? { gameName: name } : {}),
        listType: tab === 'NEW' || tab === 'HOT' ? tab : 'ALL',
        pageNo: page,
        pageSize: LOBBY_PAGE_SIZE,
        language,
      },
    },
    { enabled: tab === 'ALL' || tab === 'NEW' || tab === 'HOT' },
  );
  const favourites = useApiQuery(
    'favoriteList',
    { query: { ...GAME_LIST_CLIENT, gameType, ...ofVendor, pageSize: FAVOURITES_PAGE_SIZE, language } },
    { enabled: signedIn && tab === 'FAV' },
  );
  const recent = useApiQuery('recentGames', { query: { ...RECENT_GAMES_CLIENT, gameType, ...ofVendor, pageSize: RECENT_PAGE_SIZE, language } }, { enabled: signedIn && tab === 'RECENT' });

  const own = tab === 'FAV' ? favourites : tab === 'RECENT' ? recent : null;
  const ownGames = tab === 'FAV' ? favourites.data?.content : recent.data?.list;
  const narrowed = useMemo(() => narrowOwnGames(ownGames ?? [], { name, subType, page }), [ownGames, name, subType, page]);

  if (own) {
    return { ...narrowed, isPending: own.isPending, error: own.error, refetch: () => void own.refetch() };
  }
  return {
    games: list.data?.games ?? [],
    totalPages: list.data?.totalPages ?? 0,
    isPending: list.isPending,
    error: list.error,
    refetch: () => void list.refetch(),
  };
};
