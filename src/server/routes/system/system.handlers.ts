import { deriveSystemStatus, type FieldRules, type Permission } from '@shared/contract/system';
import type { AppContext } from '../../app-context';
import type { AreaHandlers } from '../../http/register-contract';
import { isRegionBlocked } from '../../services/system/region-blocks';
import { readDomainRoutes } from '../../services/system/site-content';
import { cachedSiteRead, readSettings } from '../../services/system/site-settings';
import { visitorOf, type Visitor } from '../../http/visitor';
import { flagsOf, readWhitelabelTree } from '../../services/system/whitelabel';

export const readFieldRules = (ctx: AppContext): Promise<FieldRules> =>
  cachedSiteRead(ctx.db, 'fieldRules', async () => {
    const rows = await ctx.db.selectFrom('field_rules').selectAll().orderBy('field').execute();
    return Object.fromEntries(
      rows.map((r) => [
        r.field,
        {
          enabled: r.enabled,
          required: r.required,
          ...(r.accepted_pattern !== null ? { acceptedPattern: r.accepted_pattern } : {}),
          ...(r.pattern_id !== null ? { patternId: r.pattern_id } : {}),
          ...(r.min_length !== null ? { minLength: r.min_length } : {}),
          ...(r.max_length !== null ? { maxLength: r.max_length } : {}),
        },
      ]),
    );
  });

/** The site's customer service channels and resources, in their order. */
const readServiceLinks = (ctx: AppContext) =>
  cachedSiteRead(ctx.db, 'serviceLinks', async () => {
    const [customerService, resources] = await Promise.all([
      ctx.db.selectFrom('customer_service').selectAll().orderBy('sort').orderBy('id').execute(),
      ctx.db.selectFrom('resources').selectAll().orderBy('sort').orderBy('id').execute(),
    ]);
    return {
      customerService: customerService.map((c) => ({ csType: c.cs_type as 'LIVECHAT', title: c.title, path: c.path })),
      resources: resources.map((r) => ({ resourceType: r.resource_type, url: r.url, labelNameEn: r.label_name_en })),
    };
  });

export const readPermission = async (ctx: AppContext, visitor: Visitor): Promise<Permission> => {
  const [settings, tree, fieldRules, { customerService, resources }, domainRoutes, regionRestriction] = await Promise.all([
    readSettings(ctx.db),
    readWhitelabelTree(ctx.db),
    readFieldRules(ctx),
    readServiceLinks(ctx),
    readDomainRoutes(ctx.db),
    isRegionBlocked(ctx.db, visitor),
  ]);
  return {
    merchantCode: settings.merchantCode,
    customerService,
    domainRoute: domainRoutes,
    resources,
    whitelabel: tree,
    flags: flagsOf(tree),
    registrationFieldRules: fieldRules,
    mainDomain: settings.mainDomain,
    analytics: { gtagId: settings.gtagId },
    imageCDNs: settings.imageCDNs,
    launchGameCDNs: settings.launchGameCDNs,
    location: { ip: visitor.ip, country: visitor.country },
    maintenance: settings.maintenance,
    regionRestriction,
    payloadPublicKey: ctx.payloadKeys.publicKeyPem,
    currencySymbol: settings.currencySymbol,
    defaultLanguage: settings.defaultLanguage,
    supportedLanguages: settings.supportedLanguages,
    interfaceLanguages: settings.interfaceLanguages,
    feedback: settings.feedbackRules,
    availablePromo: [{ type: 'REFERRAL', enabled: settings.referralEnabled }],
    birthdayCheckAge: settings.birthdayCheckAge,
    registrationReward: settings.registrationReward,
  };
};

export const systemHandlers = (ctx: AppContext): AreaHandlers<'systemStatus' | 'systemPermission' | 'whitelabel'> => ({
  systemStatus: async ({ request }) => {
    const visitor = visitorOf(request, ctx.config);
    const [settings, regionRestriction] = await Promise.all([readSettings(ctx.db), isRegionBlocked(ctx.db, visitor)]);
    const flags = { maintenance: settings.maintenance, regionRestriction };
    return { status: deriveSystemStatus(flags), ...flags, ip: visitor.ip };
  },
  systemPermission: async ({ request }) => readPermission(ctx, visitorOf(request, ctx.config)),
  whitelabel: async () => readWhitelabelTree(ctx.db),
});
