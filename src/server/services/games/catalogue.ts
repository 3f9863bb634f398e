import { sql, type SelectQueryBuilder } from 'kysely';
import { GAME_CLASSIFIES, LottoArea, type GameCard, type VendorCategory, type VendorItem } from '@shared/contract/games';
import type { Db } from '../../db/create-db';
import type { Database } from '../../db/database';
import { readSettings } from '../system/site-settings';
import { cachedCatalogue } from './catalogue-cache';

type Names = Record<string, string>;

/** A localized name: the language, then its base language, then English, then the fallback. */
export const localName = (names: Names, language: string, fallback: string): string =>
  names[language] ?? names[language.split('-')[0] ?? ''] ?? names.en ?? fallback;

/** The language a catalogue call answers in: the asked one, else the site default. */
export const catalogueLanguage = async (db: Db, asked: string | undefined): Promise<string> =>
  asked ? asked.toLowerCase() : (await readSettings(db)).defaultLanguage.toLowerCase();

type LiveQuery = SelectQueryBuilder<Database, 'games' | 'game_vendors' | 'game_categories', object>;

/** Active games of active vendors in active categories. */
export const liveNodes = (db: Db): LiveQuery =>
  db
    .selectFrom('games')
    .innerJoin('game_vendors', 'game_vendors.code', 'games.vendor_code')
    .innerJoin('game_categories', 'game_categories.code', 'games.game_type')
    .where('games.active', '=', true)
    .where('game_vendors.active', '=', true)
    .where('game_categories.active', '=', true);

export const CARD_COLUMNS = [
  'games.node_id',
  'games.vendor_code',
  'games.game_type',
  'games.game_name',
  'games.icon_url',
  'games.game_classify',
  'games.is_game',
  'games.game_code',
  'games.is_hot',
  'games.free_trial',
  // A lottery game keeps its area in its engine configuration (the seed's HOUSE_LOTTERIES).
  sql<string | null>`games.engine_config->>'area'`.as('lotto_area'),
] as const;

export interface CardRow {
  node_id: number;
  vendor_code: string;
  game_type: string;
  game_name: string;
  icon_url: string;
  game_classify: string;
  is_game: string;
  game_code: string;
  is_hot: boolean;
  free_trial: boolean;
  lotto_area: string | null;
}

/** A node as the lobby shows it (GAMES-17). supportPlay 0 offers the free trial (GAMES-15). */
export const toGameCard = (row: CardRow): GameCard => ({
  nodeId: row.node_id,
  vassalage: row.vendor_code,
  gameType: row.game_type,
  gameName: row.game_name,
  iconUrl: row.icon_url,
  gameClassify: row.game_classify,
  isGame: row.is_game,
  gameCode: row.game_code,
  isHot: row.is_hot ? 1 : 0,
  supportPlay: row.free_trial ? 0 : 1,
  lottoArea: LottoArea.safeParse(row.lotto_area).data ?? null,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface GameFilter {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  /** Part of the name, already trimmed; matched case-insensitively. */
  gameName?: string | undefined;
  listType?: 'ALL' | 'NEW' | 'HOT';
}

/** The filters of the game list calls, on any query over liveNodes. */
export const applyGameFilter = <Q extends LiveQuery>(query: Q, filter: GameFilter): Q => {
  let q = query;
  if (filter.gameType) q = q.where('games.game_type', '=', filter.gameType) as Q;
  if (filter.vassalage) q = q.where('games.vendor_code', '=', filter.vassalage) as Q;
  if (filter.gameClassify) q = q.where('games.game_classify', '=', filter.gameClassify) as Q;
  if (filter.gameName) q = q.where(sql<string>`games.game_name`, 'ilike', `%${escapeLike(filter.gameName)}%`) as Q;
  if (filter.listType === 'HOT') q = q.where('games.is_hot', '=', true) as Q;
  return q;
};

export const totalPagesOf = (total: number, pageSize: number): number => Math.ceil(total / pageSize);

/**
 * API-37: the launchable nodes (games, and vendor lobbies that start directly) matching the
 * filters, one page of them. NEW lists the newest first; otherwise the catalogue order.
 */
export const listGames = async (
  db: Db,
  filter: GameFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ games: GameCard[]; totalPages: number }> => {
  const base = applyGameFilter(liveNodes(db).where('games.is_game', '=', 'GAME'), filter);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const ordered =
    filter.listType === 'NEW'
      ? base.orderBy('games.released_at', 'desc').orderBy('games.node_id', 'desc')
      : base.orderBy('games.sort').orderBy('games.node_id');
  const rows = await ordered
    .select(CARD_COLUMNS)
    .offset((page.pageNo - 1) * page.pageSize)
    .limit(page.pageSize)
    .execute();
  return { games: rows.map(toGameCard), totalPages: totalPagesOf(Number(total), page.pageSize) };
};

/** API-38: hot games, optionally of one type or vendor, as the call answers them (one shared value, compressed once). */
export const hotGames = (db: Db, filter: { gameType?: string | undefined; vassalage?: string | undefined }): Promise<{ list: GameCard[] }> =>
  cachedCatalogue(db, `hot:${filter.gameType ?? ''}:${filter.vassalage ?? ''}`, async () => {
    const rows = await applyGameFilter(liveNodes(db).where('games.is_game', '=', 'GAME'), { ...filter, listType: 'HOT' })
      .select(CARD_COLUMNS)
      .orderBy('games.sort')
      .orderBy('games.node_id')
      .execute();
    return { list: rows.map(toGameCard) };
  });

/** Game types the original platform files under SPORTS; the client moves them to their own tabs (GAMES-28). */
const SPORTS_FOLDED: readonly string[] = ['ESPORTS', 'COCKFIGHT'];

/**
 * API-32: each category with one card per vendor (the vendor's lobby node). As on the original
 * platform, the e-sports and cockfight vendor cards come inside SPORTS. gameClassify lists the
 * sub-types the category's games have, comma-separated.
 */
export const gameMenus = (db: Db, language: string): Promise<VendorCategory[]> =>
  cachedCatalogue(db, `menus:${language}`, async () => {
    const categories = await db.selectFrom('game_categories').select(['code', 'names']).where('active', '=', true).orderBy('sort').execute();
    const cards = await liveNodes(db)
      .where('games.kind', '=', 'LOBBY')
      .select(CARD_COLUMNS)
      .orderBy('game_vendors.sort')
      .orderBy('games.sort')
      .execute();
    const classifies = await liveNodes(db)
      .where('games.kind', '=', 'GAME')
      .where('games.game_classify', '<>', '')
      .select(['games.game_type', 'games.game_classify'])
      .distinct()
      .execute();
    return categories
      .filter((c) => !SPORTS_FOLDED.includes(c.code))
      .map((c) => {
        const inCategory = cards.filter((card) => card.game_type === c.code || (c.code === 'SPORTS' && SPORTS_FOLDED.includes(card.game_type)));
        const present = new Set(classifies.filter((k) => k.game_type === c.code).map((k) => k.game_classify));
        return {
          gameCategory: c.code,
          title: localName(c.names, language, c.code),
          gameClassify: GAME_CLASSIFIES.filter((k) => present.has(k)).join(','),
          cards: inCategory.map(toGameCard),
        };
      })
      .filter((c) => c.cards.length > 0);
  });

/** API-39: the vendor categories that have something to play, in lobby order, with their titles. */
export const gameTypes = (db: Db, language: string): Promise<{ gameType: string; displayName: string }[]> =>
  cachedCatalogue(db, `types:${language}`, async () => {
    const present = new Set((await liveNodes(db).select('games.game_type').distinct().execute()).map((r) => r.game_type));
    const rows = await db.selectFrom('game_categories').select(['code', 'names']).where('active', '=', true).orderBy('sort').execute();
    return rows.filter((r) => present.has(r.code)).map((r) => ({ gameType: r.code, displayName: localName(r.names, language, r.code) }));
  });

/** API-40: per category, its vendors in vendor order (the header drop-down and side-menu tree). */
export const vendorLanes = (db: Db, language: string): Promise<{ gameType: string; vendors: VendorItem[] }[]> =>
  cachedCatalogue(db, `lanes:${language}`, async () => {
    const rows = await liveNodes(db)
      .where('games.kind', '=', 'LOBBY')
      .select([
        'games.game_type',
        'games.icon_url',
        'games.maintenance as lobby_maintenance',
        'game_vendors.code',
        'game_vendors.display_name',
        'game_vendors.names',
        'game_vendors.maintenance',
        'game_categories.sort as category_sort',
      ])
      .orderBy('game_categories.sort')
      .orderBy('game_vendors.sort')
      .execute();
    const lanes = new Map<string, VendorItem[]>();
    for (const r of rows) {
      const vendors = lanes.get(r.game_type) ?? [];
      vendors.push({
        vassalage: r.code,
        displayName: localName(r.names, language, r.display_name),
        lagerIcon: r.icon_url,
        gameType: r.game_type,
        maintenance: r.maintenance || r.lobby_maintenance,
      });
      lanes.set(r.game_type, vendors);
    }
    return [...lanes].map(([gameType, vendors]) => ({ gameType, vendors }));
  });
