import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';

/**
 * The namespaces the shell and the home page show, loaded before the first render; every other
 * namespace loads with the screen whose `useTranslation` names it (it suspends until then).
 * Zod- and i18next-free, and imported relatively: vite.config.ts reads it too.
 */
export const STARTUP_NAMESPACES = ['common', 'shell', 'errors', 'games'] as const;

/** The default language's startup texts, as the build names their modules. */
export const DEFAULT_STARTUP_TEXT_MODULES = STARTUP_NAMESPACES.map((ns) => `locales/${DEFAULT_LANGUAGE}/${ns}.json`);
