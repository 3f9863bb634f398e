import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_COOKIE } from '@shared/theme';
import { initialTheme, startTheme, THEME_KEY, themeStore } from '@client/state/ui-state';
import { renderApp, resetShell } from '../../helpers/render-app';

const preferLight = (light: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: light && query.includes('light'), media: query, addEventListener() {}, removeEventListener() {} }));

beforeEach(() => {
  vi.unstubAllGlobals();
  resetShell();
});

describe('themes', () => {
  it('[SHELL-53] starts from the system preference, dark when it says nothing', () => {
    expect(initialTheme()).toBe('dark');
    preferLight(true);
    expect(initialTheme()).toBe('light');
  });

  it('[SHELL-53] a remembered choice wins over the system preference', () => {
    preferLight(true);
    window.localStorage.setItem(THEME_KEY, 'dark');
    expect(initialTheme()).toBe('dark');
  });

  it('[SHELL-53] the header toggle switches dark and light on <html data-theme> and remembers the choice', async () => {
    const stop = startTheme();
    const { user } = await renderApp();
    await screen.findByTestId('index-view');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'shell:header.themeToLight' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('light');
    // The server draws the next page in it from its first byte (src/server/http/page-reads.ts).
    expect(document.cookie).toContain(`${THEME_COOKIE}=light`);
    themeStore.reset();
    expect(themeStore.get()).toBe('light');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'shell:header.themeToDark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.cookie).toContain(`${THEME_COOKIE}=dark`);
    stop();
  });
});
