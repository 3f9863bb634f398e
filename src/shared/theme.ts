/** The site's themes (SHELL-53): dark is the house look. */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];

export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

/**
 * The cookie that tells the server the theme a browser last showed, so a page it renders (src/server/http/page-reads.ts)
 * is drawn in that theme from its first paint, before the client's script has run.
 */
export const THEME_COOKIE = 'theme';
