import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** GAMES-27: favourite lottery game codes, in local storage `LOTTFAV`, one list per username. */
export const LOTTERY_FAVOURITES_KEY = 'LOTTFAV';

type FavouritesByUser = Record<string, string[]>;

const readRaw = (): string | null => {
  try {
    return window.localStorage.getItem(LOTTERY_FAVOURITES_KEY);
  } catch {
    return null;
  }
};

const parse = (raw: string | null): FavouritesByUser => {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).map(([user, ids]) => [user, Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []]),
    );
  } catch {
    return {};
  }
};

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

export const lotteryFavouritesOf = (username: string): string[] => parse(readRaw())[username] ?? [];

export const toggleLotteryFavourite = (username: string, gameCode: string): void => {
  const all = parse(readRaw());
  const mine = all[username] ?? [];
  all[username] = mine.includes(gameCode) ? mine.filter((id) => id !== gameCode) : [...mine, gameCode];
  try {
    window.localStorage.setItem(LOTTERY_FAVOURITES_KEY, JSON.stringify(all));
  } catch {
    return; // Storage refused (private mode, quota): nothing changed.
  }
  for (const listener of [...listeners]) listener();
};

export interface LotteryFavourites {
  isFavourite: (gameCode: string) => boolean;
  toggle: (gameCode: string) => void;
  /** The items with the favourites first, each group in its own order. */
  favouritesFirst: <T extends { gameCode: string }>(items: readonly T[]) => T[];
}

export const useLotteryFavourites = (username: string): LotteryFavourites => {
  // The raw entry is the snapshot: a string compares by value, so renders follow real changes only.
  const raw = useSyncExternalStore(subscribe, readRaw, readRaw);
  const ids = useMemo(() => parse(raw)[username] ?? [], [raw, username]);
  const toggle = useCallback((gameCode: string) => toggleLotteryFavourite(username, gameCode), [username]);
  return useMemo(
    () => ({
      isFavourite: (gameCode) => ids.includes(gameCode),
      toggle,
      favouritesFirst: (items) => [...items.filter((i) => ids.includes(i.gameCode)), ...items.filter((i) => !ids.includes(i.gameCode))],
    }),
    [ids, toggle],
  );
};
