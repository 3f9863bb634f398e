import type { Selectable } from 'kysely';
import type { Announcement, Banner } from '@shared/contract/content';
import type { PublishAnnouncementRequest } from '@shared/contract/operator-money';
import type { Db } from '../../db/create-db';
import type { AnnouncementsTable, BannersTable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { ALL_ROOM } from '../../socket/gateway';
import type { RecordEvent } from '../../socket/realtime';

type AnnouncementRow = Selectable<AnnouncementsTable>;
type Execution = 'A' | 'B' | 'F';

export const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  type: row.type,
  title: row.title,
  content: row.content,
  promotionType: row.promotion_type,
  execution: row.execution,
  createdAt: new Date(row.created_at).toISOString(),
});

export const toOpsAnnouncement = (row: AnnouncementRow) => ({
  ...toAnnouncement(row),
  active: row.active,
  startsAt: row.starts_at ? new Date(row.starts_at).toISOString() : null,
  endsAt: row.ends_at ? new Date(row.ends_at).toISOString() : null,
});

export const toBanner = (row: Selectable<BannersTable>): Banner => ({
  id: row.id,
  url: row.url,
  linkageType: row.linkage_type as Banner['linkageType'],
  linkTarget: row.link_target,
  groupName: row.group_name as Banner['groupName'],
  title: row.title,
});

/**
 * The announcements call (API-56): the requested types, live now. Popups (PU) are filtered by the
 * execution code asked for, or else by the caller: A and F for a member (the client keeps F for a
 * first login), B for a visitor (MSG-08). H (home notices) come in `player`.
 */
export const readAnnouncements = async (db: Db, query: { types: string; execution?: Execution | undefined }, signedIn: boolean, now = new Date()) => {
  const types = new Set(query.types.split(','));
  const executions: Execution[] = query.execution ? [query.execution] : signedIn ? ['A', 'F'] : ['B'];
  const wanted = ['PL', 'PU', 'PR', 'H'].filter((t) => types.has(t)) as AnnouncementRow['type'][];
  const [rows, banners] = await Promise.all([
    wanted.length
      ? db
          .selectFrom('announcements')
          .selectAll()
          .where('active', '=', true)
          .where('type', 'in', wanted)
          .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
          .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      : Promise.resolve([]),
    types.has('B') ? db.selectFrom('banners').selectAll().where('active', '=', true).orderBy('sort').orderBy('id').execute() : Promise.resolve([]),
  ]);
  const of = (...kinds: AnnouncementRow['type'][]) => rows.filter((r) => kinds.includes(r.type)).map(toAnnouncement);
  return {
    banners: banners.map(toBanner),
    player: of('PL', 'H'),
    popup: rows.filter((r) => r.type === 'PU' && r.execution !== null && executions.includes(r.execution)).map(toAnnouncement),
    promotion: of('PR'),
  };
};

/** Stores an announcement and records `announcement:new` for every socket (recoverable by id). */
export const publishAnnouncement = async (trx: Db, record: RecordEvent, body: PublishAnnouncementRequest) => {
  if (body.type === 'PU' && !body.execution) throw new ApiError('VALIDATION', 'A popup needs an execution code (A, B or F)');
  if (body.startsAt && body.endsAt && new Date(body.startsAt) >= new Date(body.endsAt)) throw new ApiError('VALIDATION', 'endsAt must be after startsAt');
  const row = await trx
    .insertInto('announcements')
    .values({
      type: body.type,
      title: body.title,
      content: body.content,
      promotion_type: body.promotionType ?? null,
      execution: body.execution ?? null,
      starts_at: body.startsAt ?? null,
      ends_at: body.endsAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const startsLater = row.starts_at !== null && new Date(row.starts_at) > new Date();
  if (!startsLater) await record(ALL_ROOM, 'announcement:new', toAnnouncement(row));
  return row;
};
