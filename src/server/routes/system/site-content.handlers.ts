import type { AppContext } from '../../app-context';
import type { AreaHandlers } from '../../http/register-contract';
import { readCountries, readDomainRoutes, readHelpCenter } from '../../services/system/site-content';
import { readSettings } from '../../services/system/site-settings';
import { readFieldRules } from './system.handlers';

/** Site configuration and content that visitors read without a token. */
export const siteContentHandlers = (
  ctx: AppContext,
): AreaHandlers<'registerSettings' | 'helpCenter' | 'domainRoute' | 'countryCodes'> => ({
  registerSettings: async () => readFieldRules(ctx),
  helpCenter: async ({ query }) => {
    const { defaultLanguage } = await readSettings(ctx.db);
    // The asked language, else the site default, else English.
    return readHelpCenter(ctx.db, [query.lang ?? defaultLanguage, defaultLanguage, 'en']);
  },
  domainRoute: async () => readDomainRoutes(ctx.db),
  countryCodes: async () => readCountries(ctx.db),
});
