import type { Permission } from '@shared/contract/system';
import { LANGUAGES } from '@shared/i18n/languages';

/** A permission response (API-30) for client tests; override what a test is about. */
export const makePermission = (overrides: Partial<Permission> = {}): Permission => ({
  merchantCode: 'DEMO',
  customerService: [{ csType: 'LIVECHAT', title: 'Live chat 24/7', path: 'https://livechat.example.test/chat' }],
  domainRoute: [],
  resources: [
    { resourceType: 'FACEBOOK', url: 'https://facebook.example.test/demo', labelNameEn: 'Facebook' },
    { resourceType: 'IOS', url: 'https://demo.example.test/download/ios', labelNameEn: 'iOS app' },
    { resourceType: 'ANDROID', url: 'https://demo.example.test/download/android', labelNameEn: 'Android app' },
  ],
  whitelabel: [],
  flags: {},
  registrationFieldRules: {},
  mainDomain: 'demo.example.test',
  analytics: { gtagId: '' },
  imageCDNs: [''],
  launchGameCDNs: [''],
  location: { ip: '203.0.113.7', country: null },
  maintenance: false,
  regionRestriction: false,
  payloadPublicKey: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
  currencySymbol: '₫',
  defaultLanguage: 'ty',
  supportedLanguages: ['en', 'ty'],
  interfaceLanguages: [...LANGUAGES],
  feedback: { minLength: 10, maxLength: 500 },
  availablePromo: [{ type: 'REFERRAL', enabled: true }],
  birthdayCheckAge: 21,
  registrationReward: '131K',
  ...overrides,
});
