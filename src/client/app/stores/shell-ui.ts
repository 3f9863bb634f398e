import type { GameType } from '@shared/contract/games';
import { createStore, useStore } from '@client/lib/create-store';

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

export const useShellUi = (): ShellUiState => useStore(shellUiStore);
export const useGameType = (): GameType => useStore(shellUiStore, (s) => s.gameType);

export const setGameType = (gameType: GameType): void => shellUiStore.update((s) => ({ ...s, gameType }));

/** Whether the side menu shows on a page; `onGamePage` pages hide it until the visitor opens it. */
export const isSideMenuShown = (state: ShellUiState, onGamePage: boolean): boolean =>
  onGamePage ? (state.gamePageSideMenu ?? false) : state.sideMenuShown;

export const setSideMenuShown = (shown: boolean, onGamePage: boolean): void =>
  shellUiStore.update((s) => (onGamePage ? { ...s, gamePageSideMenu: shown } : { ...s, sideMenuShown: shown }));

/** A new path starts from its default again; on a narrow screen the drawer closes. */
export const onPathChanged = (): void =>
  shellUiStore.update((s) => ({ ...s, gamePageSideMenu: null, sideMenuShown: isNarrowScreen() ? false : s.sideMenuShown }));

export const toggleBalanceHidden = (): void => {
  const balanceHidden = !shellUiStore.get().balanceHidden;
  shellUiStore.update((s) => ({ ...s, balanceHidden }));
  try {
    window.localStorage.setItem(BALANCE_HIDDEN_KEY, balanceHidden ? '1' : '0');
  } catch {
    // Without storage the choice lasts until the page is left.
  }
};
