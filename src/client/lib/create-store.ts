import { useSyncExternalStore } from 'react';

/** A value outside React that components read with `useStore` and plain code reads with `get`. */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  update(change: (current: T) => T): void;
  subscribe(listener: () => void): () => void;
  /** Back to the initial value (a fresh app start, and tests). */
  reset(): void;
}

export const createStore = <T>(initial: () => T): Store<T> => {
  let value = initial();
  const listeners = new Set<() => void>();
  const set = (next: T) => {
    if (Object.is(next, value)) return;
    value = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset: () => set(initial()),
  };
};

/** Subscribes a component to a store; `select` must return a primitive or a reference held by the store. */
export const useStore = <T, S = T>(store: Store<T>, select: (state: T) => S = (s) => s as unknown as S): S =>
  useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
