import { z } from 'zod';
import { endpoint } from './endpoint';
import { LANGUAGE_CODE_PATTERN } from './system.values';

export { deriveSystemStatus } from './system.values';

export const SystemStatusCode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof SystemStatusCode>;

export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'CHNGPASSVERIF3',
  'CHNGPASSMAIL3',
  'AGENTPOLICY3',
  'FREEPLAY3',
  'FORCECHNGPASS3',
  'SMSLOGIN3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export interface WhitelabelNode {
  modId: string;
  enabled: boolean;
  childrenNodes: WhitelabelNode[];
}
export const WhitelabelNode: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.boolean(), childrenNodes: z.array(WhitelabelNode) }),
);

export const CustomerServiceEntry = z.object({
  csType: z.enum(['LIVECHAT', 'FACEBOOK', 'TELEGRAM']),
  title: z.string(),
  path: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof CustomerServiceEntry>;

export const Resource = z.object({
  resourceType: z.string(),
  url: z.string(),
  labelNameEn: z.string(),
});
export type Resource = z.infer<typeof Resource>;

export const DomainRoute = z.object({
  domain: z.string(),
  representative: z.boolean(),
  label: z.string(),
});
export type DomainRoute = z.infer<typeof DomainRoute>;

/** Per-field registration rule (spec section 3). `acceptedPattern` '*' matches anything. */
export const FieldRule = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string().optional(),
  patternId: z.string().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
});
export type FieldRule = z.infer<typeof FieldRule>;
export const FieldRules = z.record(z.string(), FieldRule);
export type FieldRules = z.infer<typeof FieldRules>;

export const Language = z.object({ code: z.string(), label: z.string(), rtl: z.boolean() });
export type Language = z.infer<typeof Language>;

export const Location = z.object({ ip: z.string(), country: z.string().nullable() });

/** Length bounds of the feedback content (VAL-38); operators configure them. */
export const FeedbackRules = z.object({ minLength: z.number().int().positive(), maxLength: z.number().int().positive() });
export type FeedbackRules = z.infer<typeof FeedbackRules>;

/** A promotion switch of the public state (SHELL-25); the REFERRAL entry shows the referral page and menu entry (SHELL-36). */
export const AvailablePromo = z.object({ type: z.string(), enabled: z.boolean() });
export type AvailablePromo = z.infer<typeof AvailablePromo>;

/** The age the registration's birthday check asks the user to confirm (VAL-44); operators may change it. */
export const DEFAULT_BIRTHDAY_CHECK_AGE = 21;
export const BirthdayCheckAge = z.number().int().min(1).max(120);
/** The amount of the advertised registration reward, "up to {{amount}}" (CONST-07); operators may change it, '' hides it. */
export const DEFAULT_REGISTRATION_REWARD = '131K';
export const RegistrationReward = z.string().trim().max(32);

/** The site's whole public configuration (spec section 3, API-30). */
export const Permission = z.object({
  merchantCode: z.string(),
  customerService: z.array(CustomerServiceEntry),
  domainRoute: z.array(DomainRoute),
  resources: z.array(Resource),
  whitelabel: z.array(WhitelabelNode),
  flags: z.record(z.string(), z.boolean()).describe('whitelabel flags flattened from the tree'),
  registrationFieldRules: FieldRules,
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: Location,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  payloadPublicKey: z.string().describe('SPKI PEM of the server RSA key for encrypted calls'),
  currencySymbol: z.string(),
  defaultLanguage: z.string(),
  supportedLanguages: z.array(z.string()),
  interfaceLanguages: z.array(Language),
  feedback: FeedbackRules,
  availablePromo: z.array(AvailablePromo).describe('site-wide promotion switches; REFERRAL: the invite-friends link is offered'),
  birthdayCheckAge: BirthdayCheckAge.describe('the age the birthday check of registration asks to confirm (VAL-44)'),
  registrationReward: RegistrationReward.describe('the advertised registration reward amount, shown as "up to <amount>"; empty hides it (CONST-07)'),
});
export type Permission = z.infer<typeof Permission>;

export const SystemStatus = z.object({
  status: SystemStatusCode,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  ip: z.string(),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

export const Country = z.object({ countryCode: z.string(), countryDialingCode: z.string(), name: z.string() });
export type Country = z.infer<typeof Country>;

export const LanguageCode = z.string().regex(LANGUAGE_CODE_PATTERN, 'a language code such as en or zh-TW');

export const HelpCenterQuery = z.object({
  lang: LanguageCode.optional()
    .describe('language of the articles; the site default when absent'),
  device: z.literal('WEB').default('WEB'),
});
export const HelpArticle = z.object({
  anchor: z.string().describe('section id, e.g. term for the terms (/help#term)'),
  title: z.string(),
  content: z.string().describe('HTML'),
});
export type HelpArticle = z.infer<typeof HelpArticle>;
export const HelpCenter = z.object({
  lang: z.string().describe('the language served: the one asked for, or the default when it has no articles'),
  articles: z.array(HelpArticle),
});
export type HelpCenter = z.infer<typeof HelpCenter>;


export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_reg'] as const;
/** How a banner's target is read: a route of this site, an outside URL, a game type, or nothing to open. */
export const BANNER_LINKAGE_TYPES = ['NONE', 'INTERNAL', 'EXTERNAL', 'GAME_TYPE'] as const;
export const Banner = z.object({
  id: z.number().int(),
  url: z.string().describe('image URL, relative to an image CDN'),
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  linkTarget: z.string().nullable(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const systemEndpoints = {
  systemStatus: endpoint({
    method: 'GET',
    path: '/wps/system/status',
    token: 'none',
    response: SystemStatus,
    summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
    reqs: ['API-18', 'SHELL-46', 'SHELL-47'],
  }),
  systemPermission: endpoint({
    method: 'GET',
    path: '/wps/system/permission',
    token: 'none',
    response: Permission,
    summary: 'The public site configuration (permission response)',
    reqs: ['API-30'],
  }),
  whitelabel: endpoint({
    method: 'GET',
    path: '/wps/system/whitelabel',
    token: 'none',
    response: z.array(WhitelabelNode),
    summary: 'Whitelabel module tree',
    reqs: ['API-06'],
  }),
  registerSettings: endpoint({
    method: 'GET',
    path: '/wps/system/setting/register',
    token: 'none',
    response: FieldRules,
    summary: 'Registration field rules, per field (enabled, required, pattern, length bounds)',
    reqs: ['API-13', 'VAL-03', 'VAL-05', 'VAL-06', 'VAL-31'],
  }),
  helpCenter: endpoint({
    method: 'GET',
    path: '/wps/system/helpCenter',
    token: 'none',
    query: HelpCenterQuery,
    response: HelpCenter,
    summary: 'Help-centre articles in one language (about, terms, privacy, responsible gaming, payments)',
    reqs: ['API-26', 'MEMBER-20', 'MEMBER-21', 'SHELL-07'],
  }),
  domainRoute: endpoint({
    method: 'GET',
    path: '/wps/system/domainRoute',
    token: 'none',
    response: z.array(DomainRoute),
    summary: 'Mirror sites, one marked representative',
    reqs: ['API-27', 'MEMBER-24'],
  }),
  countryCodes: endpoint({
    method: 'GET',
    path: '/wps/system/countryCodes',
    token: 'none',
    response: z.array(Country),
    summary: 'Countries with their dialing codes, in display order',
    reqs: ['API-31', 'AUTH-32'],
  }),
} as const;
