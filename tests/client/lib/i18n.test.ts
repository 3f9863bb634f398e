import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, SUPPORTED_LANGUAGES } from '@shared/i18n/languages';
import { applyLanguageConfig, changeLanguage, HIS_LANG_KEY, i18next, initI18n, LANG_KEY, offeredLanguageCodes, resolveLanguage, STARTUP_NAMESPACES } from '@client/lib/i18n';

beforeEach(() => window.localStorage.clear());

describe('languages', () => {
  it('[SHELL-55] the default language is TY and the fully supported ones are EN and TY', () => {
    expect(DEFAULT_LANGUAGE).toBe('ty');
    expect([...SUPPORTED_LANGUAGES]).toEqual(['en', 'ty']);
  });

  it('[SHELL-55] a stored language that is not offered falls back to TY', () => {
    const offered = offeredLanguageCodes([{ code: 'th' }]);
    expect(resolveLanguage('xx', offered)).toBe('ty');
    expect(resolveLanguage(null, offered)).toBe('ty');
    expect(resolveLanguage('fr', offered)).toBe('ty');
    expect(resolveLanguage('en', offered)).toBe('en');
    expect(resolveLanguage('th', offered)).toBe('th');
  });

  it('[SHELL-55] starting with an unsupported stored language runs the site in TY', async () => {
    window.localStorage.setItem(LANG_KEY, 'xx');
    await initI18n();
    expect(i18next.language).toBe('ty');
    expect(document.documentElement.lang).toBe('vi');
    expect(i18next.t('common:actions.login')).toBe('Đăng nhập');
  });

  it('[SHELL-54] [SHELL-55] the configured interface languages decide what is offered; the current one falls back when dropped', async () => {
    await initI18n({ lng: 'fr' });
    await applyLanguageConfig({ interfaceLanguages: [{ code: 'fr', label: 'Français', rtl: false }], supportedLanguages: ['en', 'ty'], defaultLanguage: 'ty' });
    expect(i18next.language).toBe('fr');
    await applyLanguageConfig({ interfaceLanguages: [{ code: 'th', label: 'ไทย', rtl: false }], supportedLanguages: ['en', 'ty'], defaultLanguage: 'ty' });
    expect(i18next.language).toBe('ty');
    expect(offeredLanguageCodes(LANGUAGES)).toHaveLength(LANGUAGES.length);
  });

  it('[SHELL-56] the chosen language is kept under lang, the previous one under hisLang', async () => {
    await initI18n({ lng: 'ty' });
    await changeLanguage('en');
    expect(window.localStorage.getItem(LANG_KEY)).toBe('en');
    expect(window.localStorage.getItem(HIS_LANG_KEY)).toBe('ty');
    await changeLanguage('th');
    expect(window.localStorage.getItem(LANG_KEY)).toBe('th');
    expect(window.localStorage.getItem(HIS_LANG_KEY)).toBe('en');
  });

  it('keeps the language in a cookie too: the server paints texts before the script runs only in the default language', async () => {
    const languageCookie = () => document.cookie.split('; ').find((pair) => pair.startsWith('lang='));
    await initI18n({ lng: 'ty' });
    expect(languageCookie()).toBe('lang=ty');
    await changeLanguage('zh-TW');
    expect(languageCookie()).toBe('lang=zh-TW');
  });

  it('sets <html lang dir>, right-to-left for Arabic, Hebrew, Persian and Urdu', async () => {
    await initI18n({ lng: 'en' });
    for (const code of ['ar', 'he', 'fa', 'ur']) {
      await changeLanguage(code);
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(document.documentElement).toHaveAttribute('lang', code);
    }
    await changeLanguage('en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('loads a partly translated language lazily and falls back to English for the rest', async () => {
    await initI18n({ lng: 'en' });
    await changeLanguage('fr');
    expect(i18next.t('common:actions.login')).not.toBe('Log in');
    expect(i18next.t('shell:chunk.failed')).toBe('Loading chunk failed');
  });

  it('TY starts with its startup texts only, the failures\' texts follow unasked, fetches no English, and a text of another namespace loads that namespace', async () => {
    await initI18n({ lng: 'ty' });
    for (const ns of STARTUP_NAMESPACES) expect(i18next.hasResourceBundle('ty', ns)).toBe(true);
    expect(i18next.hasResourceBundle('ty', 'wallet')).toBe(false);
    await vi.waitFor(() => expect(i18next.hasResourceBundle('ty', 'errors')).toBe(true));

    i18next.t('wallet:transfer.lead');
    await vi.waitFor(() => expect(i18next.hasResourceBundle('ty', 'wallet')).toBe(true));
    expect(i18next.t('wallet:transfer.lead')).toBe('Chuyển tiền giữa ví chính và các ví trò chơi.');
    expect(i18next.hasResourceBundle('en', 'wallet')).toBe(false);
  });
});
