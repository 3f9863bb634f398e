import { DEFAULT_LANGUAGE, LANGUAGES, SUPPORTED_LANGUAGES } from '@shared/i18n/languages';
import { DEFAULT_BIRTHDAY_CHECK_AGE, DEFAULT_REGISTRATION_REWARD } from '@shared/contract/system';
import type { AppContext } from '../app-context';
import type { Db } from '../db/create-db';
import { hashPassword } from '../services/auth/passwords';
import { seedDemoAccounts } from './seed-accounts';
import { seedMoneyContent, seedOpeningBalances } from './seed-money';
import { seedDemoActivity, seedDemoTeam } from './seed-team';
import { seedDemoContracts } from './seed-contracts';
import { seedDemoPoints } from './seed-points';
import { seedDemoMissions } from './seed-missions';
import { seedDemoPromotions } from './seed-promotions';
import { seedDemoRedEnvelopes } from './seed-red-envelopes';
import { seedDemoVip } from './seed-vip';
import type { SiteSettings } from '../services/system/site-settings';
import { BANNERS } from './data/banners';
import { seedDemoChat } from './seed-chat';
import { CHAT_ROOMS } from './data/chat-rooms';
import { COUNTRIES } from './data/countries';
import { CUSTOMER_SERVICE } from './data/customer-service';
import { DOMAIN_ROUTES } from './data/domain-routes';
import { FIELD_RULES } from './data/field-rules';
import { HELP_CENTER } from './data/help-center';
import { RESOURCES } from './data/resources';
import { WHITELABEL_TREE, type ModuleSeed } from './data/whitelabel';

/** The seeded operator's username; its password is the OPERATOR_PASSWORD setting. */
export const SEED_OPERATOR = 'operator';

/**
 * Default merchant settings; inserted only where missing, so operator edits survive restarts.
 * imageCDNs and launchGameCDNs hold '' (same origin), so images and games load from this server
 * and the demo works offline; an operator lists real CDN hosts instead.
 */
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
  feedbackRules: { minLength: 10, maxLength: 500 },
  agentTransfers: ctx.config.AGENT_TRANSFERS,
  referralEnabled: ctx.config.REFERRAL_ENABLED,
  contractMenu: { enableCt: 'WITH_CONTRACT', salary: 'WITH_CONTRACT', hourSalary: 'WITH_CONTRACT', agentRealtimeSalary: 'WITH_CONTRACT' },
  birthdayCheckAge: DEFAULT_BIRTHDAY_CHECK_AGE,
  registrationReward: DEFAULT_REGISTRATION_REWARD,
});

/**
 * Applies a named data set once in the life of the database. The marker row is written first in
 * the same transaction, so two nodes starting together apply it once, and later operator edits
 * (deletions included) are never undone by a restart.
 */
export const applyOnce = async (db: Db, name: string, apply: (trx: Db) => Promise<void>): Promise<void> => {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('seed_applied')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (claimed) await apply(trx);
  });
};

const flattenModules = (nodes: ModuleSeed[], parentId: string | null) =>
  nodes.flatMap((node, sort): { mod_id: string; parent_id: string | null; enabled: boolean; sort: number }[] => [
    { mod_id: node.modId, parent_id: parentId, enabled: node.enabled, sort },
    ...flattenModules(node.children ?? [], node.modId),
  ]);

const seedSiteContent = async (trx: Db): Promise<void> => {
  // Parents come before children in the flattened list, as the foreign key needs.
  await trx.insertInto('whitelabel_modules').values(flattenModules(WHITELABEL_TREE, null)).execute();
  await trx
    .insertInto('field_rules')
    .values(
      Object.entries(FIELD_RULES).map(([field, rule]) => ({
        field,
        enabled: rule.enabled,
        required: rule.required,
        accepted_pattern: rule.acceptedPattern ?? null,
        pattern_id: rule.patternId ?? null,
        min_length: rule.minLength ?? null,
        max_length: rule.maxLength ?? null,
      })),
    )
    .execute();
  await trx
    .insertInto('customer_service')
    .values(CUSTOMER_SERVICE.map((c, sort) => ({ cs_type: c.csType, title: c.title, path: c.path, sort })))
    .execute();
  await trx
    .insertInto('resources')
    .values(RESOURCES.map((r, sort) => ({ resource_type: r.resourceType, url: r.url, label_name_en: r.labelNameEn, sort })))
    .execute();
  await trx
    .insertInto('banners')
    .values(
      BANNERS.map((b, sort) => ({
        group_name: b.groupName,
        url: b.url,
        linkage_type: b.linkageType,
        link_target: b.linkTarget,
        title: b.title,
        sort,
      })),
    )
    .execute();
  await trx.insertInto('domain_routes').values(DOMAIN_ROUTES.map((d, sort) => ({ ...d, sort }))).execute();
  await trx
    .insertInto('countries')
    .values(COUNTRIES.map((c, sort) => ({ country_code: c.countryCode, country_dialing_code: c.countryDialingCode, name: c.name, sort })))
    .execute();
  await trx
    .insertInto('help_center')
    .values(Object.entries(HELP_CENTER).flatMap(([lang, articles]) => articles.map((a, sort) => ({ lang, ...a, sort }))))
    .execute();
  await trx
    .insertInto('chat_rooms')
    .values(CHAT_ROOMS.map((r, sort) => ({ room_id: r.roomId, room_name: r.roomName, description: r.description, icon_url: r.iconUrl, sort })))
    .execute();
};

/**
 * The operator account; created once, its password hashed with argon2id, its authenticator secret
 * from OPERATOR_TOTP_SECRET. An operator seeded before operators had authenticators gets the secret
 * now, so it can sign in again.
 */
const seedOperator = async (ctx: AppContext): Promise<void> => {
  const secret = ctx.config.OPERATOR_TOTP_SECRET;
  const existing = await ctx.db.selectFrom('operators').select(['id', 'totp_secret']).where('username', '=', SEED_OPERATOR).executeTakeFirst();
  if (existing) {
    if (existing.totp_secret === null) await ctx.db.updateTable('operators').set({ totp_secret: secret }).where('id', '=', existing.id).execute();
    return;
  }
  const passwordHash = await hashPassword(ctx.config.OPERATOR_PASSWORD);
  await ctx.db
    .insertInto('operators')
    .values({ username: SEED_OPERATOR, password_hash: passwordHash, role: 'admin', totp_secret: secret })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
};

/**
 * What every install needs: merchant settings, site content and the operator account.
 * Idempotent: running it again changes nothing.
 */
export const seedPlatform = async (ctx: AppContext): Promise<void> => {
  const settings = defaultSettings(ctx);
  await ctx.db
    .insertInto('site_settings')
    .values(Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await applyOnce(ctx.db, 'site-content-v1', seedSiteContent);
  await seedOperator(ctx);
  await seedMoneyContent(ctx);
};

/**
 * DEMO PEOPLE AND MONEY: the README's accounts with their public passwords and opening balances,
 * the demo agent's team with thirty days of activity (seed-team.ts) and its contracts
 * (seed-contracts.ts), the points mall's goods and the demo player's welcome points (seed-points.ts),
 * five missions (seed-missions.ts), four promotions, one a raffle (seed-promotions.ts), two red
 * envelope campaigns (seed-red-envelopes.ts), four VIP levels (seed-vip.ts), and the chat room's live models (seed-chat.ts).
 * Only with SEED_DEMO (on by default in development, off in production). Idempotent. Needs the games seeded first.
 */
export const seedDemo = async (ctx: AppContext): Promise<void> => {
  await seedDemoAccounts(ctx);
  await seedOpeningBalances(ctx);
  await seedDemoTeam(ctx);
  await seedDemoPoints(ctx);
  await seedDemoMissions(ctx);
  await seedDemoPromotions(ctx);
  await seedDemoRedEnvelopes(ctx);
  await seedDemoVip(ctx);
  await seedDemoChat(ctx);
  if (ctx.config.SEED_DEMO_ACTIVITY) await seedDemoActivity(ctx);
  // After the activity: the contracts count only what is played from now on.
  await seedDemoContracts(ctx, SEED_OPERATOR);
};
