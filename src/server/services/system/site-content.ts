import { sql } from 'kysely';
import type { ChatRoom } from '@shared/contract/messages';
import type { Country, DomainRoute, HelpCenter } from '@shared/contract/system';
import type { Db } from '../../db/create-db';
import { cachedSiteRead } from './site-settings';

export const readDomainRoutes = (db: Db): Promise<DomainRoute[]> =>
  cachedSiteRead(db, 'domainRoutes', async () => {
    const rows = await db.selectFrom('domain_routes').selectAll().orderBy('sort').orderBy('domain').execute();
    return rows.map((d) => ({ domain: d.domain, label: d.label, representative: d.representative }));
  });

export const readCountries = async (db: Db): Promise<Country[]> => {
  const rows = await db.selectFrom('countries').selectAll().orderBy('sort').orderBy('country_code').execute();
  return rows.map((c) => ({ countryCode: c.country_code, countryDialingCode: c.country_dialing_code, name: c.name }));
};

export const readChatRooms = async (db: Db): Promise<ChatRoom[]> => {
  const rows = await db.selectFrom('chat_rooms').selectAll().where('active', '=', true).orderBy('sort').orderBy('room_id').execute();
  return rows.map((r) => ({ roomId: r.room_id, roomName: r.room_name, description: r.description, iconUrl: r.icon_url }));
};

/**
 * The help-centre articles in the first of `languages` that has any (language codes compare
 * case-insensitively), or none when no candidate has articles.
 */
export const readHelpCenter = async (db: Db, languages: string[]): Promise<HelpCenter> => {
  const candidates = [...new Set(languages.map((l) => l.toLowerCase()))];
  const rows = await db
    .selectFrom('help_center')
    .select(['lang', 'anchor', 'title', 'content'])
    .where(sql<string>`lower(lang)`, 'in', candidates)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const served = candidates.find((lang) => rows.some((r) => r.lang.toLowerCase() === lang));
  if (!served) return { lang: candidates[0] ?? '', articles: [] };
  return {
    lang: served,
    articles: rows.filter((r) => r.lang.toLowerCase() === served).map(({ anchor, title, content }) => ({ anchor, title, content })),
  };
};
