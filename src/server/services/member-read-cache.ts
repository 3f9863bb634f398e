import type { Db } from '../db/create-db';

interface Entry<V> {
  value: V;
  cachedAt: number;
}

interface Store<K, V> {
  entries: Map<K, Entry<V>>;
  /** Bumped by every forget: a read that started before one may not store what it read. */
  epoch: number;
}

export interface MemberReadCache<K, V> {
  /**
   * The value kept under `key` for less than `ttlMs`, else `load()`'s, which is kept unless it is null or a forget
   * came while it loaded (that forget may have been about this very key). `ttlMs` 0 loads every time.
   */
  read<R extends V | null>(db: Db, key: K, ttlMs: number, load: () => Promise<R>, now?: number): Promise<R | V>;
  /** Drops the value under `key`. */
  forgetKey(db: Db, key: K): void;
  /** Drops every value `matches` picks (a scan: for the rare forgets of caches not keyed by member). */
  forgetWhere(db: Db, matches: (value: V) => boolean): void;
}

/**
 * Per-node reads of one member's data that every signed-in call makes (sessions, member info, balance), kept
 * until a write forgets them (after its commit, on this node and, through Redis, on the others: realtime.forgetCached)
 * or for at most the caller's TTL (a node that missed the message). One store per database handle, so apps sharing a
 * process (tests) never see each other's data; past `maxEntries` the stale entries are swept before another is added,
 * and all of them if none was stale. `liveUntil` ends a value sooner (a session's expiry).
 */
export const createMemberReadCache = <K, V>(options: { maxEntries: number; liveUntil?: (value: V) => number }): MemberReadCache<K, V> => {
  const stores = new WeakMap<Db, Store<K, V>>();
  const storeOf = (db: Db): Store<K, V> => {
    let store = stores.get(db);
    if (!store) {
      store = { entries: new Map(), epoch: 0 };
      stores.set(db, store);
    }
    return store;
  };
  const fresh = (entry: Entry<V>, ttlMs: number, now: number) =>
    now - entry.cachedAt < ttlMs && (!options.liveUntil || now < options.liveUntil(entry.value));
  const forget = (db: Db, drop: (store: Store<K, V>) => void) => {
    const store = stores.get(db);
    if (!store) return;
    store.epoch += 1;
    drop(store);
  };
  return {
    read: async <R extends V | null>(db: Db, key: K, ttlMs: number, load: () => Promise<R>, now = Date.now()): Promise<R | V> => {
      if (ttlMs <= 0) return load();
      const store = storeOf(db);
      const hit = store.entries.get(key);
      if (hit && fresh(hit, ttlMs, now)) return hit.value;
      if (hit) store.entries.delete(key);
      const epoch = store.epoch;
      const loaded = await load();
      if (loaded !== null && store.epoch === epoch) {
        if (store.entries.size >= options.maxEntries) {
          for (const [k, entry] of store.entries) if (!fresh(entry, ttlMs, now)) store.entries.delete(k);
          if (store.entries.size >= options.maxEntries) store.entries.clear();
        }
        store.entries.set(key, { value: loaded, cachedAt: now });
      }
      return loaded;
    },
    forgetKey: (db, key) => forget(db, (store) => store.entries.delete(key)),
    forgetWhere: (db, matches) =>
      forget(db, (store) => {
        for (const [k, entry] of store.entries) if (matches(entry.value)) store.entries.delete(k);
      }),
  };
};
