import type { GameCard } from '@shared/contract/games';
import { GAME_CLASSIFIES, type GameClassify } from '@shared/contract/games.values';
import { SUPPORTED_LANGUAGES } from '@shared/i18n/languages';

/** Games per page in the lobby grid (GAMES-06). */
export const LOBBY_PAGE_SIZE = 18;
/** Paginator shape (GAMES-12): pages kept at each end, and around the current one. */
export const PAGINATOR_MARGIN = 2;
export const PAGINATOR_RANGE = 5;
/** Vendor menu slides per view on a wide screen (GAMES-04). */
export const VENDOR_MENU_SLIDES = 6;

/** The list tabs of the lobby, in order (GAMES-08). ALL, NEW and HOT are game list types; FAV and RECENT the player's own lists. */
export const LOBBY_TABS = ['NEW', 'FAV', 'ALL', 'HOT', 'RECENT'] as const;
export type LobbyTab = (typeof LOBBY_TABS)[number];
/** The tabs that list the player's own games: a guest is asked to log in (AUTH-45). */
export const PLAYER_TABS: readonly LobbyTab[] = ['FAV', 'RECENT'];

/** Sub-type filters (GAMES-09); bingo only in the second supported language (GAMES-10). */
export const subTypesFor = (language: string): readonly GameClassify[] =>
  GAME_CLASSIFIES.filter((subType) => subType !== 'BG' || language === SUPPORTED_LANGUAGES[1]);

/** What a lobby page shows; all of it lives in the URL query so back and forward restore it. */
export interface LobbyFilters {
  vassalage: string | null;
  tab: LobbyTab;
  subType: GameClassify | null;
  /** The searched game name, already trimmed (GAMES-05); empty for none. */
  name: string;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (values.includes(value as T) ? (value as T) : null);

export const parseLobbyFilters = (params: URLSearchParams): LobbyFilters => {
  const page = Number(params.get('page'));
  return {
    vassalage: params.get('vassalage') || null,
    tab: oneOf(LOBBY_TABS, params.get('tab')) ?? 'ALL',
    subType: oneOf(GAME_CLASSIFIES, params.get('subType')),
    name: (params.get('name') ?? '').trim(),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
};

/** The query string of a lobby state; defaults are left out, so `/rng?vassalage=PG` stays as the menus link it. */
export const lobbySearch = (filters: LobbyFilters): string => {
  const params = new URLSearchParams();
  if (filters.vassalage) params.set('vassalage', filters.vassalage);
  if (filters.tab !== 'ALL') params.set('tab', filters.tab);
  if (filters.subType) params.set('subType', filters.subType);
  if (filters.name) params.set('name', filters.name);
  if (filters.page > 1) params.set('page', String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
};

/** A change of filters starts again at page 1; only choosing a page keeps the rest (GAMES-11). */
export const withFilters = (filters: LobbyFilters, change: Partial<Omit<LobbyFilters, 'page'>>): LobbyFilters => ({ ...filters, ...change, page: 1 });

/**
 * The player's favourites and recent games come whole (up to 999 favourites; a member keeps 50
 * recent games), so the lobby narrows them by name and sub-type and pages them itself, by the same
 * rules as the game list call.
 */
export const narrowOwnGames = (games: readonly GameCard[], filters: Pick<LobbyFilters, 'name' | 'subType' | 'page'>) => {
  const name = filters.name.toLowerCase();
  const matching = games.filter((game) => (!name || game.gameName.toLowerCase().includes(name)) && (!filters.subType || game.gameClassify === filters.subType));
  const start = (filters.page - 1) * LOBBY_PAGE_SIZE;
  return { games: matching.slice(start, start + LOBBY_PAGE_SIZE), totalPages: Math.ceil(matching.length / LOBBY_PAGE_SIZE) };
};
