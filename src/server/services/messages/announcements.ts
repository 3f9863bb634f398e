import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Announcement } from '@shared/contract/messages';
import type { Banner } from '@shared/contract/system';
import type { PublishAnnouncementRequest } from '@shared/contract/operator-money';
import type { Db } from '../../db/create-db';
import type { AnnouncementsTable, BannersTable, Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { AGENTS_ROOM } from '@shared/contract/socket';
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
  audience: row.audience,
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
          .where('audience', '=', 'ALL')
          .where('type', 'in', wanted)
          .where(liveAt(now))
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

/** Active, started and not ended at `now`. */
const liveAt = (now: Date) => (eb: ExpressionBuilder<Database, 'announcements'>) =>
  eb.and([
    eb('active', '=', true),
    eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]),
    eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]),
  ]);

/** The announcements an operator published for agents (agentAnnouncement, AGENT-11), live now, newest first. */
export const agentAnnouncements = async (db: Db, paging: { pageNo: number; pageSize: number }, now = new Date()) => {
  const base = db.selectFrom('announcements').where('audience', '=', 'AGENTS').where(liveAt(now));
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.pageNo - 1) * paging.pageSize)
      .execute(),
  ]);
  return { list: rows.map(toAnnouncement), pageNum: paging.pageNo, totalPages: Math.ceil(Number(total) / paging.pageSize), total: Number(total) };
};

/**
 * Stores an announcement and records it for the sockets that may see it (recoverable by id):
 * `announcement:new` for everyone, or `agentAnnouncement:new` for agents only.
 */
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
      audience: body.audience,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const startsLater = row.starts_at !== null && new Date(row.starts_at) > new Date();
  if (!startsLater) {
    if (row.audience === 'AGENTS') await record(AGENTS_ROOM, 'agentAnnouncement:new', toAnnouncement(row));
    else await record(ALL_ROOM, 'announcement:new', toAnnouncement(row));
  }
  return row;
};
