import { z } from 'zod';
import { ContractSettings } from '@shared/contract/contracts';
import {
  BirthdayCheckAge,
  DEFAULT_BIRTHDAY_CHECK_AGE,
  DEFAULT_REGISTRATION_REWARD,
  FeedbackRules,
  Language,
  RegistrationReward,
} from '@shared/contract/system';
import type { Db } from '../../db/create-db';
import { createReadCache } from '../read-cache';

/** Typed merchant settings kept in `site_settings`; operators change them without a restart. */
export const SiteSettings = z.object({
  merchantCode: z.string(),
  maintenance: z.boolean(),
  mainDomain: z.string(),
  gtagId: z.string(),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  currencySymbol: z.string(),
  defaultLanguage: z.string(),
  supportedLanguages: z.array(z.string()),
  interfaceLanguages: z.array(Language),
  feedbackRules: FeedbackRules,
  /** Transfers between an agent and its downline; some jurisdictions forbid moving funds between players. */
  agentTransfers: z.boolean(),
  /** The members' invite-friends link (the REFERRAL entry of availablePromo). */
  referralEnabled: z.boolean(),
  /** The condition behind each contract entry of the agent menu (AGENT-06). */
  contractMenu: ContractSettings.shape.menu,
  /** The age the registration's birthday check asks to confirm (VAL-44); a database from before it reads the default. */
  birthdayCheckAge: BirthdayCheckAge.default(DEFAULT_BIRTHDAY_CHECK_AGE),
  /** The advertised registration reward's amount, "up to 131K" (CONST-07); '' hides the line. */
  registrationReward: RegistrationReward.default(DEFAULT_REGISTRATION_REWARD),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
export type SettingKey = keyof SiteSettings;

/**
 * How long a node keeps the settings it read: every status, balance and lobby call needs them. A change made on
 * this node applies at once (writeSetting flushes); one made on another node reaches this one within this time.
 */
export const SITE_SETTINGS_CACHE_TTL_MS = 2_000;
const settingsCache = createReadCache(SITE_SETTINGS_CACHE_TTL_MS);

/** The settings (shared between callers: read them, never change the object). Inside a transaction, read fresh. */
export const readSettings = (db: Db): Promise<SiteSettings> =>
  settingsCache.get(db, 'settings', async () => {
    const rows = await db.selectFrom('site_settings').select(['key', 'value']).execute();
    return SiteSettings.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  });

/**
 * A read of one of the site's configuration tables (whitelabel modules, field rules, customer service, resources,
 * domain routes), kept as the settings are and flushed with them: every page render, sign-in and registration reads
 * them, and only the seed or the database's operator changes them. Shared between callers: never change what it gives.
 */
export const cachedSiteRead = <T>(db: Db, key: string, load: () => Promise<T>): Promise<T> => settingsCache.get(db, key, load);

/** Forgets the settings and site configuration read so far: after a change, once it has committed. */
export const flushSettingsCache = (db: Db): void => settingsCache.flush(db);

export const writeSetting = async <K extends SettingKey>(db: Db, key: K, value: SiteSettings[K]): Promise<void> => {
  const json = JSON.stringify(SiteSettings.shape[key].parse(value));
  await db
    .insertInto('site_settings')
    .values({ key, value: json, updated_at: new Date() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
  // Inside a transaction this flushes nothing shared: the caller flushes its root handle after the commit.
  settingsCache.flush(db);
};
