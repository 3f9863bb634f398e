import { useTranslation } from 'react-i18next';
import type { ApiQueryOptions } from '@client/state/queries';
import { useSessionCachedQuery } from '@client/state/queries';

export interface HotGamesFilter {
  gameType?: string;
  vassalage?: string;
}

/** The hot games (API-38), kept in session storage for the browser session (GAMES-30). */
export const useHotGames = (filter: HotGamesFilter = {}, options: ApiQueryOptions = {}) => {
  const { i18n } = useTranslation();
  return useSessionCachedQuery('hotGames', { query: { ...filter, language: i18n.language } }, i18n.language, options);
};
