import type { Db } from '../../db/create-db';
import { createReadCache } from '../read-cache';

/** How long a node keeps a catalogue read; another node's flush reaches this one within it. */
export const CATALOGUE_CACHE_TTL_MS = 60_000;

const catalogueCache = createReadCache(CATALOGUE_CACHE_TTL_MS);

/** Catalogue reads (vendor lanes, menus, game types, hot games), cached per key (each key names its language). */
export const cachedCatalogue = <T>(db: Db, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> =>
  catalogueCache.get(db, key, load, now);

/** Drops every cached read: call it after the catalogue, its names or the site's languages change. */
export const flushCatalogueCache = (db: Db): void => catalogueCache.flush(db);
