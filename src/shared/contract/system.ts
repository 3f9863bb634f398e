import { z } from 'zod';
import { endpoint } from './endpoint';

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
});
export type Permission = z.infer<typeof Permission>;

export const SystemStatus = z.object({
  status: SystemStatusCode,
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  ip: z.string(),
});
export type SystemStatus = z.infer<typeof SystemStatus>;

/** Maintenance wins over region restriction (spec section 4). */
export const deriveSystemStatus = (flags: { maintenance: boolean; regionRestriction: boolean }): SystemStatusCode =>
  flags.maintenance ? 1 : flags.regionRestriction ? 2 : 0;

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
} as const;
