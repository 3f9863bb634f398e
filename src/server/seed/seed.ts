import { DEFAULT_LANGUAGE, LANGUAGES, SUPPORTED_LANGUAGES } from '@shared/i18n/languages';
import type { AppContext } from '../app-context';
import type { SiteSettings } from '../services/site-settings';

/** Default merchant settings; inserted only where missing, so operator edits survive restarts. */
const defaultSettings = (ctx: AppContext): SiteSettings => ({
  merchantCode: ctx.config.MERCHANT_CODE,
  maintenance: false,
  mainDomain: 'demo.example',
  gtagId: '',
  imageCDNs: [''],
  launchGameCDNs: [''],
  currencySymbol: '₫',
  defaultLanguage: DEFAULT_LANGUAGE,
  supportedLanguages: [...SUPPORTED_LANGUAGES],
  interfaceLanguages: [...LANGUAGES],
});

/** Idempotent: running it again changes nothing. */
export const seedDemo = async (ctx: AppContext): Promise<void> => {
  const settings = defaultSettings(ctx);
  await ctx.db
    .insertInto('site_settings')
    .values(Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
};
