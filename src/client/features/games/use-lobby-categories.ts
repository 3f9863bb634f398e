import { useTranslation } from 'react-i18next';
import { isGameType, type GameType } from '@shared/contract/games.values';
import { useApiQuery } from '@client/state/queries';
import { MENU_CATEGORIES } from '@client/config/menu';

/** The lobby's own tabs, before the vendor categories (LOBBY-02). */
export const LOBBY_FIXED_TABS = ['HOME', 'HOT', 'FAV'] as const satisfies readonly GameType[];
const NOT_A_CATEGORY: readonly GameType[] = [...LOBBY_FIXED_TABS, 'PROMO'];

/**
 * The vendor categories in lobby order, as the game type call offers them (API-39); the menu's
 * categories until it answers, or if it fails.
 */
export const useLobbyCategories = (): readonly GameType[] => {
  const { i18n } = useTranslation();
  const query = useApiQuery('gameType', { query: { language: i18n.language } });
  if (!query.data) return MENU_CATEGORIES;
  return query.data.flatMap(({ gameType }) => (isGameType(gameType) && !NOT_A_CATEGORY.includes(gameType) ? [gameType] : []));
};
