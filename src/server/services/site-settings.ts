import { z } from 'zod';
import { FeedbackRules, Language } from '@shared/contract/system';
import type { Db } from '../db/create-db';

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
});
export type SiteSettings = z.infer<typeof SiteSettings>;
export type SettingKey = keyof SiteSettings;

export const readSettings = async (db: Db): Promise<SiteSettings> => {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).execute();
  return SiteSettings.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
};

export const writeSetting = async <K extends SettingKey>(db: Db, key: K, value: SiteSettings[K]): Promise<void> => {
  const json = JSON.stringify(SiteSettings.shape[key].parse(value));
  await db
    .insertInto('site_settings')
    .values({ key, value: json, updated_at: new Date() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
};
