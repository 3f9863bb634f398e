import type { Db } from '../db/create-db';

interface Entry {
  at: number;
  value: Promise<unknown>;
}

export interface ReadCache {
  /** The cached read under `key`, or a fresh `load()`; concurrent misses share one load, a failed load is not kept. */
  get<T>(db: Db, key: string, load: () => Promise<T>, now?: number): Promise<T>;
  /** Drops every read of this cache: call it once a change to what it holds has committed. */
  flush(db: Db): void;
}

/** Values a read cache handed out: shared by many requests, so never changed once loaded. */
const sharedValues = new WeakSet<object>();

/** True for a value loaded by a read cache (and so the same object, unchanged, for every request that gets it). */
export const isSharedRead = (value: unknown): boolean => typeof value === 'object' && value !== null && sharedValues.has(value);

/**
 * Reads that many requests share and few writes change (site settings, the catalogue), kept per database
 * handle for `ttlMs`. A write on this node flushes at once; another node's write reaches this one within
 * `ttlMs`. One store per handle, so apps that share a process (tests) never see each other's data.
 */
export const createReadCache = (ttlMs: number): ReadCache => {
  const stores = new WeakMap<Db, Map<string, Entry>>();
  return {
    get: <T>(db: Db, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> => {
      let store = stores.get(db);
      if (!store) {
        store = new Map();
        stores.set(db, store);
      }
      const hit = store.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load().then((loaded) => {
        if (typeof loaded === 'object' && loaded !== null) sharedValues.add(loaded);
        return loaded;
      });
      const entry = { at: now, value };
      store.set(key, entry);
      value.catch(() => {
        if (store.get(key) === entry) store.delete(key);
      });
      return value;
    },
    flush: (db: Db) => {
      stores.delete(db);
    },
  };
};
