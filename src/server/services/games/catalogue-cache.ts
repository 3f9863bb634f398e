import type { Db } from '../../db/create-db';

/** How long a node keeps a catalogue read; another node's flush reaches this one within it. */
export const CATALOGUE_CACHE_TTL_MS = 60_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

// One cache per database handle, so apps that share a process (tests) never see each other's data.
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * Catalogue reads (vendor lanes, menus, game types, hot games), cached per key (each key names
 * its language). Concurrent misses share one load; a failed load is not kept.
 */
export const cachedCatalogue = <T>(db: Db, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && now - hit.at < CATALOGUE_CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  const entry = { at: now, value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
};

/** Drops every cached read: call it after the catalogue, its names or the site's languages change. */
export const flushCatalogueCache = (db: Db): void => {
  caches.delete(db);
};
