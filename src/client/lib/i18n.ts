import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type enAgent from '@locales/en/agent.json';
import type enAuth from '@locales/en/auth.json';
import type enAgentLogin from '@locales/en/agent-login.json';
import type enChat from '@locales/en/chat.json';
import type enCommon from '@locales/en/common.json';
import type enDownload from '@locales/en/download.json';
import type enErrors from '@locales/en/errors.json';
import type enGames from '@locales/en/games.json';
import type enMessages from '@locales/en/messages.json';
import type enOperator from '@locales/en/operator.json';
import type enPoints from '@locales/en/points.json';
import type enMissions from '@locales/en/missions.json';
import type enPromotions from '@locales/en/promotions.json';
import type enRecords from '@locales/en/records.json';
import type enRedEnvelopes from '@locales/en/red-envelopes.json';
import type enRegistration from '@locales/en/registration.json';
import type enShell from '@locales/en/shell.json';
import type enValidation from '@locales/en/validation.json';
import type enVip from '@locales/en/vip.json';
import type enWallet from '@locales/en/wallet.json';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, SUPPORTED_LANGUAGES, type LanguageInfo } from '@shared/i18n/languages';
import { ONE_YEAR_SECONDS, writeCookie } from './cookies';
import { AFTER_STARTUP_NAMESPACES, STARTUP_NAMESPACES as STARTUP_TEXT_NAMESPACES } from './startup-texts';

/**
 * Every language loads lazily, English too: one chunk per `locales/<lng>/<ns>.json`, fetched when a
 * screen asks for its namespaces (issue 15: the first script carries no translations). English
 * defines the key types and is the fallback of incomplete languages.
 */
type EnResources = {
  common: typeof enCommon;
  shell: typeof enShell;
  errors: typeof enErrors;
  auth: typeof enAuth;
  registration: typeof enRegistration;
  validation: typeof enValidation;
  operator: typeof enOperator;
  wallet: typeof enWallet;
  records: typeof enRecords;
  messages: typeof enMessages;
  games: typeof enGames;
  agent: typeof enAgent;
  points: typeof enPoints;
  missions: typeof enMissions;
  promotions: typeof enPromotions;
  'red-envelopes': typeof enRedEnvelopes;
  vip: typeof enVip;
  chat: typeof enChat;
  download: typeof enDownload;
  'agent-login': typeof enAgentLogin;
};
export type Namespace = keyof EnResources;

/** What the shell and the home page show, loaded before the first render (startup-texts.ts). */
export const STARTUP_NAMESPACES: readonly Namespace[] = STARTUP_TEXT_NAMESPACES;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnResources;
  }
}

export const LANG_KEY = 'lang';
/** The language in use before the last change (SHELL-56). */
export const HIS_LANG_KEY = 'hisLang';
export const FALLBACK_LANGUAGE = 'en';

const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>('/locales/*/*.json');

const loadLocale = async (lng: string, ns: string): Promise<Record<string, unknown>> => {
  const load = lazyLocales[`/locales/${lng}/${ns}.json`];
  // A language without this namespace gets an empty bundle, so its keys fall back to English.
  return load ? (await load()).default : {};
};

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Codes a visitor may use: the configured interface languages plus the fully supported ones (SHELL-54). */
export const offeredLanguageCodes = (interfaceLanguages: readonly Pick<LanguageInfo, 'code'>[] = LANGUAGES, supported: readonly string[] = SUPPORTED_LANGUAGES): string[] => [
  ...new Set([...interfaceLanguages.map((l) => l.code), ...supported]),
];

/** SHELL-55: a stored language that is not offered falls back to the default (TY). */
export const resolveLanguage = (stored: string | null | undefined, offered: readonly string[], defaultLanguage: string = DEFAULT_LANGUAGE): string =>
  stored && offered.includes(stored) ? stored : defaultLanguage;

/** TY is the platform's code for Vietnamese; the document gets the real BCP 47 tag. */
export const htmlLangOf = (code: string): string => (code === DEFAULT_LANGUAGE ? 'vi' : code);

export const isRtlLanguage = (code: string, languages: readonly LanguageInfo[] = LANGUAGES): boolean =>
  languages.find((l) => l.code === code)?.rtl ?? false;

const applyDocumentLanguage = (code: string) => {
  if (code === 'cimode') return;
  document.documentElement.lang = htmlLangOf(code);
  document.documentElement.dir = isRtlLanguage(code) ? 'rtl' : 'ltr';
};

export const currentLanguage = (): string => i18next.resolvedLanguage ?? i18next.language ?? DEFAULT_LANGUAGE;

export interface InitI18nOptions {
  /** Force a language (tests use 'cimode' or 'en'); otherwise the stored choice, resolved by SHELL-55. */
  lng?: string;
  offered?: readonly string[];
}

/** Emitted once a namespace that a rendered text missed has loaded: the translated components render again. */
const MISSING_NAMESPACE_LOADED = 'missingNamespaceLoaded';

export const initI18n = async (options: InitI18nOptions = {}): Promise<typeof i18next> => {
  const lng = options.lng ?? resolveLanguage(storage()?.getItem(LANG_KEY), options.offered ?? offeredLanguageCodes());
  if (i18next.isInitialized) {
    await i18next.changeLanguage(lng);
    return i18next;
  }
  i18next.on('languageChanged', (code) => {
    applyDocumentLanguage(code);
    if (code === 'cimode') return;
    storage()?.setItem(LANG_KEY, code);
    // The server paints texts before the script runs only in the default language (src/server/http/page-reads.ts).
    writeCookie(LANGUAGE_COOKIE, code, ONE_YEAR_SECONDS);
  });
  await i18next
    .use(resourcesToBackend(loadLocale))
    .use(initReactI18next)
    .init({
      lng,
      // TY is complete (tests/client/locales.test.ts): it never falls back, so a TY visit fetches no English.
      fallbackLng: { [DEFAULT_LANGUAGE]: [], default: [FALLBACK_LANGUAGE] },
      supportedLngs: offeredLanguageCodes(),
      load: 'currentOnly',
      ns: [...STARTUP_NAMESPACES],
      defaultNS: 'common',
      // A key of a namespace no screen has loaded yet (a toast from an actor, say) loads that
      // namespace, and its arrival re-renders the texts so the text takes the key's place. Only then:
      // binding i18next's own 'loaded' re-rendered every translated component (about 200 on the home)
      // each time any screen's namespace came in.
      saveMissing: true,
      missingKeyHandler: (_languages, namespace) => {
        if (!i18next.hasLoadedNamespace(namespace)) void i18next.loadNamespaces(namespace).then(() => i18next.emit(MISSING_NAMESPACE_LOADED));
      },
      react: { bindI18n: `languageChanged ${MISSING_NAMESPACE_LOADED}` },
      appendNamespaceToCIMode: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  void i18next.loadNamespaces([...AFTER_STARTUP_NAMESPACES]);
  return i18next;
};

/**
 * A lazy chunk that settles once its texts are in as well: both fetched side by side, and the component's
 * first render never suspends on `useTranslation`. That suspension is a thrown promise, and under act() React 19
 * re-renders a boundary still waiting on one, from before the act, forever (react#37556): in the client tests
 * that filled a Vitest worker's heap whenever the home's strips were still loading their texts.
 */
export const withTexts =
  <M>(load: () => Promise<M>, namespaces: readonly Namespace[]) =>
  async (): Promise<M> => {
    const [module] = await Promise.all([load(), i18next.loadNamespaces([...namespaces])]);
    return module;
  };

/** Switches the interface language, remembering the previous one as `hisLang` (SHELL-56). */
export const changeLanguage = async (code: string): Promise<void> => {
  const previous = currentLanguage();
  if (previous === code) return;
  if (previous !== 'cimode') storage()?.setItem(HIS_LANG_KEY, previous);
  await i18next.changeLanguage(code);
};

/** After the permission call: a language the site no longer offers falls back to its default (SHELL-55). */
export const applyLanguageConfig = async (config: { interfaceLanguages: readonly LanguageInfo[]; supportedLanguages: readonly string[]; defaultLanguage: string }): Promise<void> => {
  const current = currentLanguage();
  if (current === 'cimode') return;
  const next = resolveLanguage(current, offeredLanguageCodes(config.interfaceLanguages, config.supportedLanguages), config.defaultLanguage);
  if (next !== current) await changeLanguage(next);
};

export { i18next };
