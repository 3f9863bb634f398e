import { createStore, useStore } from './create-store';

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_KEY = 'theme';

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

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
