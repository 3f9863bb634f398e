import type { Db } from '../db/create-db';
import { flushCatalogueCache } from '../services/games/catalogue-cache';
import { buildGameCatalogue, vendorLogoOf, type GameSeed, type VendorSeed } from './data/games-catalogue';
import { applyOnce } from './seed';

const DAY_MS = 86_400_000;

const vendorRows = (vendors: readonly VendorSeed[], all: readonly VendorSeed[]) =>
  vendors.map((v) => ({
    code: v.code,
    display_name: v.displayName,
    names: JSON.stringify({}),
    logo_url: vendorLogoOf(v.code),
    provider: v.provider,
    sort: all.indexOf(v),
  }));

/**
 * The game catalogue, each part applied once in the life of the database. The categories and
 * the house provider's vendors and games are installed on every site (they are playable here);
 * the external vendors' demo catalogue only with the demo seed.
 */
export const seedGames = async (db: Db, options: { demoCatalogue: boolean }, now = new Date()): Promise<void> => {
  const { categories, vendors, games } = buildGameCatalogue();
  const isHouse = (vendor: string) => vendors.some((v) => v.code === vendor && v.provider === 'HOUSE');
  const gameRows = (part: GameSeed[]) =>
    part.map((g) => {
      const i = games.indexOf(g);
      return {
        vendor_code: g.vendor,
        game_code: g.gameCode,
        kind: g.kind,
        game_type: g.gameType,
        game_name: g.gameName,
        icon_url: g.iconUrl,
        game_classify: g.gameClassify,
        is_game: g.isGame,
        is_hot: g.isHot,
        free_trial: g.freeTrial,
        engine: g.engine,
        engine_config: JSON.stringify(g.engineConfig),
        // House titles sort first in every list: they are the ones playable on a fresh install.
        sort: isHouse(g.vendor) && g.kind === 'GAME' ? i - games.length : i,
        released_at: new Date(now.getTime() - g.releasedDaysAgo * DAY_MS),
      };
    });

  await applyOnce(db, 'games-house-v1', async (trx) => {
    await trx
      .insertInto('game_categories')
      .values(categories.map((c, sort) => ({ code: c.code, names: JSON.stringify(c.names), sort })))
      .execute();
    await trx.insertInto('game_vendors').values(vendorRows(vendors.filter((v) => v.provider === 'HOUSE'), vendors)).execute();
    await trx.insertInto('games').values(gameRows(games.filter((g) => isHouse(g.vendor)))).execute();
  });
  if (options.demoCatalogue) {
    await applyOnce(db, 'games-demo-catalogue-v1', async (trx) => {
      await trx.insertInto('game_vendors').values(vendorRows(vendors.filter((v) => v.provider !== 'HOUSE'), vendors)).execute();
      await trx.insertInto('games').values(gameRows(games.filter((g) => !isHouse(g.vendor)))).execute();
    });
  }
  flushCatalogueCache(db);
};
