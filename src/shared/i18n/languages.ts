/**
 * Interface languages (about 40). The operator's configured list (permission.interfaceLanguages)
 * decides which are offered; this table is the seed and the client's fallback.
 * TY is the platform's own default-language code (spec section 9); it is shown as Vietnamese.
 */
export interface LanguageInfo {
  code: string;
  label: string;
  rtl: boolean;
}

export const DEFAULT_LANGUAGE = 'ty';
/** The browser's language, kept by the client beside its stored choice: the server paints a page's first texts only in it. */
export const LANGUAGE_COOKIE = 'lang';
/** The languages with complete translations; any other stored choice falls back to the default. */
export const SUPPORTED_LANGUAGES = ['en', 'ty'] as const;

export const LANGUAGES: readonly LanguageInfo[] = [
  { code: 'ty', label: 'Tiếng Việt', rtl: false },
  { code: 'en', label: 'English', rtl: false },
  { code: 'zh', label: '简体中文', rtl: false },
  { code: 'zh-TW', label: '繁體中文', rtl: false },
  { code: 'th', label: 'ไทย', rtl: false },
  { code: 'id', label: 'Bahasa Indonesia', rtl: false },
  { code: 'ms', label: 'Bahasa Melayu', rtl: false },
  { code: 'ja', label: '日本語', rtl: false },
  { code: 'ko', label: '한국어', rtl: false },
  { code: 'hi', label: 'हिन्दी', rtl: false },
  { code: 'bn', label: 'বাংলা', rtl: false },
  { code: 'ta', label: 'தமிழ்', rtl: false },
  { code: 'te', label: 'తెలుగు', rtl: false },
  { code: 'my', label: 'မြန်မာ', rtl: false },
  { code: 'km', label: 'ខ្មែរ', rtl: false },
  { code: 'lo', label: 'ລາວ', rtl: false },
  { code: 'fil', label: 'Filipino', rtl: false },
  { code: 'es', label: 'Español', rtl: false },
  { code: 'pt', label: 'Português', rtl: false },
  { code: 'pt-BR', label: 'Português (Brasil)', rtl: false },
  { code: 'fr', label: 'Français', rtl: false },
  { code: 'de', label: 'Deutsch', rtl: false },
  { code: 'it', label: 'Italiano', rtl: false },
  { code: 'nl', label: 'Nederlands', rtl: false },
  { code: 'pl', label: 'Polski', rtl: false },
  { code: 'cs', label: 'Čeština', rtl: false },
  { code: 'ro', label: 'Română', rtl: false },
  { code: 'hu', label: 'Magyar', rtl: false },
  { code: 'el', label: 'Ελληνικά', rtl: false },
  { code: 'sv', label: 'Svenska', rtl: false },
  { code: 'da', label: 'Dansk', rtl: false },
  { code: 'fi', label: 'Suomi', rtl: false },
  { code: 'no', label: 'Norsk', rtl: false },
  { code: 'ru', label: 'Русский', rtl: false },
  { code: 'uk', label: 'Українська', rtl: false },
  { code: 'tr', label: 'Türkçe', rtl: false },
  { code: 'ar', label: 'العربية', rtl: true },
  { code: 'he', label: 'עברית', rtl: true },
  { code: 'fa', label: 'فارسی', rtl: true },
  { code: 'ur', label: 'اردو', rtl: true },
];
