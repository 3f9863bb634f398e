import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';

/**
 * The namespaces the shell and the home page show, loaded before the first render; every other
 * namespace loads with the screen whose `useTranslation` names it (it suspends until then).
 * Zod- and i18next-free, and imported relatively: vite.config.ts reads it too.
 */
export const STARTUP_NAMESPACES = ['common', 'shell', 'games'] as const;

/**
 * The failures' texts: asked for as soon as the startup texts are in, so they are there before a call can fail, but
 * the first render does not wait for them (a screen that shows one before they come waits for them, as any screen
 * waits for its namespaces).
 */
export const AFTER_STARTUP_NAMESPACES = ['errors'] as const;

/** The default language's startup texts, as the build names their modules. */
export const DEFAULT_STARTUP_TEXT_MODULES = STARTUP_NAMESPACES.map((ns) => `locales/${DEFAULT_LANGUAGE}/${ns}.json`);
