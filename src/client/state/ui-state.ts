import type { GameType } from '@shared/contract/games';
import { isTheme, THEME_COOKIE, type Theme } from '@shared/theme';
import { ONE_YEAR_SECONDS, writeCookie } from '@client/lib/cookies';
import { createStore, useStore } from '@client/lib/create-store';

/*
 * The client's plain UI state, and all of it: the theme, the toasts and the shell's layout choices.
 * None of it comes from the server or outlives the page's own choices (at most a local-storage
 * preference), no flow steps through it and no two parts of the app must agree on it, so a
 * machine would add events and states without adding a rule. Long-lived state that follows the
 * session, the socket or the server is the app actor's (src/client/state/app-actor.tsx).
 */

// ---- theme (SHELL-53)
export type { Theme };
export const THEME_KEY = 'theme';

const storedTheme = (): Theme | null => {
  try {
    const value = window.localStorage.getItem(THEME_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null;
  }
};

/** The remembered choice, else the system preference; dark when the system says nothing. */
export const initialTheme = (): Theme => {
  const stored = storedTheme();
  if (stored) return stored;
  const prefersLight = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: light)').matches;
  return prefersLight ? 'light' : 'dark';
};

export const themeStore = createStore<Theme>(initialTheme);

const applyToDocument = (theme: Theme) => {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  // The server draws the next page in it from the first paint (a year: it is only a look).
  writeCookie(THEME_COOKIE, theme, ONE_YEAR_SECONDS);
};

/** Puts the current theme on <html data-theme> and keeps it there as it changes. */
export const startTheme = (): (() => void) => {
  applyToDocument(themeStore.get());
  return themeStore.subscribe(() => applyToDocument(themeStore.get()));
};

export const setTheme = (theme: Theme): void => {
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode); the choice still holds for this visit.
  }
  themeStore.set(theme);
};

export const toggleTheme = (): void => setTheme(themeStore.get() === 'dark' ? 'light' : 'dark');

export const useTheme = (): Theme => useStore(themeStore);

// ---- toasts
export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'warning' | 'error';
}

let nextId = 1;
export const toastStore = createStore<readonly Toast[]>(() => []);

export const showToast = (text: string, tone: Toast['tone'] = 'info'): number => {
  const id = nextId++;
  toastStore.update((list) => [...list.filter((t) => t.text !== text), { id, text, tone }]);
  return id;
};

export const dismissToast = (id: number): void => toastStore.update((list) => list.filter((t) => t.id !== id));

export const useToasts = (): readonly Toast[] => useStore(toastStore);

// ---- shell layout (SHELL-19, SHELL-21, LOBBY-03, WALLET-02)
/** Below this width the side menu is a drawer over the page and starts closed. */
export const NARROW_SCREEN_QUERY = '(max-width: 899px)';

export const isNarrowScreen = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN_QUERY).matches;

interface ShellUiState {
  /** The visitor's side-menu choice on ordinary pages. */
  sideMenuShown: boolean;
  /** A choice made on a game page (SHELL-21), forgotten when the path changes; null: that page's default. */
  gamePageSideMenu: boolean | null;
  /** The lobby's game type (LOBBY-03); HOME by default. */
  gameType: GameType;
  /** The header balance shows *** instead of the amount (WALLET-02). */
  balanceHidden: boolean;
}

/** Local storage key remembering the hidden balance across visits (WALLET-02). */
export const BALANCE_HIDDEN_KEY = 'balanceHidden';

const readBalanceHidden = (): boolean => {
  try {
    return window.localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
};

export const shellUiStore = createStore<ShellUiState>(() => ({
  sideMenuShown: !isNarrowScreen(),
  gamePageSideMenu: null,
  gameType: 'HOME',
  balanceHidden: readBalanceHidden(),
}));

export const useBalanceHidden = (): boolean => useStore(shellUiStore, (s) => s.balanceHidden);
export const useGameType = (): GameType => useStore(shellUiStore, (s) => s.gameType);

export const setGameType = (gameType: GameType): void => shellUiStore.update((s) => ({ ...s, gameType }));

/** Whether the side menu shows on a page; `onGamePage` pages hide it until the visitor opens it. */
export const isSideMenuShown = (state: ShellUiState, onGamePage: boolean): boolean =>
  onGamePage ? (state.gamePageSideMenu ?? false) : state.sideMenuShown;

export const useSideMenuShown = (onGamePage: boolean): boolean => useStore(shellUiStore, (s) => isSideMenuShown(s, onGamePage));

export const setSideMenuShown = (shown: boolean, onGamePage: boolean): void =>
  shellUiStore.update((s) => (onGamePage ? { ...s, gamePageSideMenu: shown } : { ...s, sideMenuShown: shown }));

/**
 * A new path starts from its default again; on a narrow screen the drawer closes. A path that changes none of it
 * (the first page of a visit) keeps the state as it is, so the frame does not render again for nothing.
 */
export const onPathChanged = (): void =>
  shellUiStore.update((s) => {
    const sideMenuShown = isNarrowScreen() ? false : s.sideMenuShown;
    return s.gamePageSideMenu === null && sideMenuShown === s.sideMenuShown ? s : { ...s, gamePageSideMenu: null, sideMenuShown };
  });

export const toggleBalanceHidden = (): void => {
  const balanceHidden = !shellUiStore.get().balanceHidden;
  shellUiStore.update((s) => ({ ...s, balanceHidden }));
  try {
    window.localStorage.setItem(BALANCE_HIDDEN_KEY, balanceHidden ? '1' : '0');
  } catch {
    // Without storage the choice lasts until the page is left.
  }
};

/** Back to a fresh start (a new app in tests). */
export const resetUiState = (): void => {
  themeStore.reset();
  toastStore.reset();
  shellUiStore.reset();
};
