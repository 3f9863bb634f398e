import type { Db } from '../db/create-db';

interface Entry<V> {
  value: V;
  cachedAt: number;
}

interface Store<K, V> {
  entries: Map<K, Entry<V>>;
  /** Bumped by every forget of many keys: a read that started before one may not store what it read. */
  epoch: number;
  /**
   * By key with a read under way: how many, and a generation its forgets bump, so that a read may not store what it
   * read only if its own key was forgotten meanwhile. Kept only while a read is under way, so it stays small.
   */
  inFlight: Map<K, { reads: number; generation: number }>;
}

export interface MemberReadCache<K, V> {
  /**
   * The value kept under `key` for less than `ttlMs`, else `load()`'s, which is kept unless it is null or, while it
   * loaded, `key` was forgotten or a forgetWhere came (which may have picked it). `ttlMs` 0 loads every time.
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
      store = { entries: new Map(), epoch: 0, inFlight: new Map() };
      stores.set(db, store);
    }
    return store;
  };
  const fresh = (entry: Entry<V>, ttlMs: number, now: number) =>
    now - entry.cachedAt < ttlMs && (!options.liveUntil || now < options.liveUntil(entry.value));
  return {
    read: async <R extends V | null>(db: Db, key: K, ttlMs: number, load: () => Promise<R>, now = Date.now()): Promise<R | V> => {
      if (ttlMs <= 0) return load();
      const store = storeOf(db);
      const hit = store.entries.get(key);
      if (hit && fresh(hit, ttlMs, now)) return hit.value;
      if (hit) store.entries.delete(key);
      const epoch = store.epoch;
      let flight = store.inFlight.get(key);
      if (!flight) {
        flight = { reads: 0, generation: 0 };
        store.inFlight.set(key, flight);
      }
      flight.reads += 1;
      const generation = flight.generation;
      let loaded: R;
      try {
        loaded = await load();
      } finally {
        flight.reads -= 1;
        if (flight.reads === 0) store.inFlight.delete(key);
      }
      if (loaded !== null && store.epoch === epoch && flight.generation === generation) {
        if (store.entries.size >= options.maxEntries) {
          for (const [k, entry] of store.entries) if (!fresh(entry, ttlMs, now)) store.entries.delete(k);
          if (store.entries.size >= options.maxEntries) store.entries.clear();
        }
        store.entries.set(key, { value: loaded, cachedAt: now });
      }
      return loaded;
    },
    forgetKey: (db, key) => {
      const store = stores.get(db);
      if (!store) return;
      store.entries.delete(key);
      const flight = store.inFlight.get(key);
      if (flight) flight.generation += 1;
    },
    forgetWhere: (db, matches) => {
      const store = stores.get(db);
      if (!store) return;
      store.epoch += 1;
      for (const [k, entry] of store.entries) if (matches(entry.value)) store.entries.delete(k);
    },
  };
};
