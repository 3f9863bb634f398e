import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import {
  CHAT_HISTORY_SIZE,
  CHAT_SEND_INTERVAL_MS,
  chatRoomPath,
  type ChatMessage,
  type OpsChatMessage,
  type OpsLiveModel,
  type SaveLiveModelRequest,
} from '@shared/contract/chat';
import type { LiveModel } from '@shared/contract/messages';
import { TRIAL_TYPE } from '@shared/contract/socket';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/create-db';
import type { ChatMessagesTable, LiveModelsTable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { resolveMemberSessionByHash, type AuthedMember } from '../../auth/member-sessions';
import { maskName } from '../games/winners';

/** A ticket admits its member to one room for this long; the open socket is given a fresh one well before. */
export const CHAT_TICKET_TTL_MS = 5 * 60_000;

/** What a chat ticket says: who, which room, whether they may write, and which session it came from. */
export interface ChatTicketClaims {
  memberId: number;
  roomId: string;
  canSend: boolean;
  senderName: string;
  /** The session's token hash: the ticket dies with the session. Only a keyed fingerprint of it goes into the ticket. */
  tokenHash: string;
}

/** What a verified ticket names: its claims, with the session as the fingerprint the ticket carries. */
export type VerifiedChatTicket = Omit<ChatTicketClaims, 'tokenHash'> & { session: string };

type TicketBody = { m: number; r: string; s: 0 | 1; n: string; h: string; e: number };

const chatKey = (config: Pick<AppConfig, 'CHAT_TICKET_SECRET' | 'HOUSE_SESSION_SECRET'>): Buffer =>
  config.CHAT_TICKET_SECRET
    ? Buffer.from(config.CHAT_TICKET_SECRET, 'utf8')
    : createHmac('sha256', config.HOUSE_SESSION_SECRET).update('chat-ticket').digest();

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

type TicketKeyConfig = Pick<AppConfig, 'CHAT_TICKET_SECRET' | 'HOUSE_SESSION_SECRET'>;

/**
 * A ticket names its session by a keyed fingerprint of the token hash, never the hash itself: chat
 * URLs reach request logs, and the hash is the session's key in the database and in socket rooms.
 */
export const sessionFingerprint = (config: TicketKeyConfig, tokenHash: string): string => mac(chatKey(config), `session:${tokenHash}`).slice(0, 22);

/** `<base64url JSON>.<base64url HMAC-SHA256>`, valid for CHAT_TICKET_TTL_MS from `now`. */
export const signChatTicket = (config: Pick<AppConfig, 'CHAT_TICKET_SECRET' | 'HOUSE_SESSION_SECRET'>, claims: ChatTicketClaims, now = Date.now()): string => {
  const body: TicketBody = {
    m: claims.memberId,
    r: claims.roomId,
    s: claims.canSend ? 1 : 0,
    n: claims.senderName,
    h: sessionFingerprint(config, claims.tokenHash),
    e: Math.floor((now + CHAT_TICKET_TTL_MS) / 1000),
  };
  const encoded = Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
  return `${encoded}.${mac(chatKey(config), encoded)}`;
};

/** The claims of a ticket this server signed and that has not expired; a refusal says why. */
export const verifyChatTicket = (
  config: Pick<AppConfig, 'CHAT_TICKET_SECRET' | 'HOUSE_SESSION_SECRET'>,
  ticket: unknown,
  now = Date.now(),
): { ok: true; claims: VerifiedChatTicket } | { ok: false; code: 'SIGNATURE_INVALID' | 'REQUEST_EXPIRED' } => {
  if (typeof ticket !== 'string' || ticket.length > 2_000) return { ok: false, code: 'SIGNATURE_INVALID' };
  const [encoded, signature, extra] = ticket.split('.');
  if (!encoded || !signature || extra !== undefined) return { ok: false, code: 'SIGNATURE_INVALID' };
  const expected = Buffer.from(mac(chatKey(config), encoded));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, code: 'SIGNATURE_INVALID' };
  let body: TicketBody;
  try {
    body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as TicketBody;
  } catch {
    return { ok: false, code: 'SIGNATURE_INVALID' };
  }
  if (!Number.isSafeInteger(body.e) || body.e * 1000 <= now) return { ok: false, code: 'REQUEST_EXPIRED' };
  if (!Number.isSafeInteger(body.m) || typeof body.r !== 'string' || typeof body.n !== 'string' || typeof body.h !== 'string') return { ok: false, code: 'SIGNATURE_INVALID' };
  return { ok: true, claims: { memberId: body.m, roomId: body.r, canSend: body.s === 1, senderName: body.n, session: body.h } };
};

/**
 * The live session a ticket came from (the member's live session whose fingerprint it carries), or null
 * once that session has ended, expired or must change its password. A member has a few sessions at most.
 */
export const ticketSession = async (db: Db, config: TicketKeyConfig, claims: VerifiedChatTicket): Promise<AuthedMember | null> => {
  const live = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('member_id', '=', claims.memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .execute();
  const expected = Buffer.from(claims.session);
  const match = live.find((s) => {
    const given = Buffer.from(sessionFingerprint(config, s.token_hash));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  const member = match ? await resolveMemberSessionByHash(db, match.token_hash) : null;
  return member && member.id === claims.memberId && !member.mustChangePassword ? member : null;
};

type LiveModelRow = Selectable<LiveModelsTable>;
type ChatMessageRow = Selectable<ChatMessagesTable>;

const toLiveModel = (r: LiveModelRow): LiveModel => ({ modelId: r.model_id, nickname: r.nickname, avatarUrl: r.avatar_url, roomId: r.room_id, online: r.online });
const toOpsLiveModel = (r: LiveModelRow): OpsLiveModel => ({ ...toLiveModel(r), sort: r.sort, active: r.active });

export const toChatMessage = (r: Pick<ChatMessageRow, 'id' | 'room_id' | 'sender_name' | 'body' | 'created_at'>): ChatMessage => ({
  messageId: Number(r.id),
  roomId: r.room_id,
  senderName: r.sender_name,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
});

/** API-52: the active models of the active rooms, online ones first, then in the operators' order. */
export const readLiveModels = async (db: Db): Promise<LiveModel[]> => {
  const rows = await db
    .selectFrom('live_models')
    .innerJoin('chat_rooms', 'chat_rooms.room_id', 'live_models.room_id')
    .selectAll('live_models')
    .where('live_models.active', '=', true)
    .where('chat_rooms.active', '=', true)
    .orderBy('live_models.online', 'desc')
    .orderBy('live_models.sort')
    .orderBy('live_models.model_id')
    .execute();
  return rows.map(toLiveModel);
};

/**
 * API-53: a chat URL on this site for an active room (and, when named, an active model of that room),
 * carrying a short-lived ticket. Trial accounts get a ticket that reads only (README, notes on the spec).
 */
export const launchChat = async (
  db: Db,
  config: AppConfig,
  member: AuthedMember,
  body: { roomId: string; modelId?: string },
  now = Date.now(),
): Promise<{ chatUrl: string }> => {
  const room = await db.selectFrom('chat_rooms').select('room_id').where('room_id', '=', body.roomId).where('active', '=', true).executeTakeFirst();
  if (!room) throw new ApiError('NOT_FOUND', 'No such chat room');
  if (body.modelId !== undefined) {
    const model = await db
      .selectFrom('live_models')
      .select('model_id')
      .where('model_id', '=', body.modelId)
      .where('room_id', '=', body.roomId)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!model) throw new ApiError('NOT_FOUND', 'No such live model in this room');
  }
  const ticket = signChatTicket(
    config,
    { memberId: member.id, roomId: room.room_id, canSend: member.type !== TRIAL_TYPE, senderName: maskName(member.account), tokenHash: member.tokenHash },
    now,
  );
  return { chatUrl: `${chatRoomPath(room.room_id)}?ticket=${encodeURIComponent(ticket)}` };
};

export const isActiveRoom = async (db: Db, roomId: string): Promise<boolean> =>
  (await db.selectFrom('chat_rooms').select('room_id').where('room_id', '=', roomId).where('active', '=', true).executeTakeFirst()) !== undefined;

/** An active room's name; null for a closed or unknown room. */
export const roomNameOf = async (db: Db, roomId: string): Promise<string | null> =>
  (await db.selectFrom('chat_rooms').select('room_name').where('room_id', '=', roomId).where('active', '=', true).executeTakeFirst())?.room_name ?? null;

/** The room's last visible messages, oldest first. */
export const readRoomHistory = async (db: Db, roomId: string, limit = CHAT_HISTORY_SIZE): Promise<ChatMessage[]> => {
  const rows = await db
    .selectFrom('chat_messages')
    .select(['id', 'room_id', 'sender_name', 'body', 'created_at'])
    .where('room_id', '=', roomId)
    .where('hidden_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map(toChatMessage);
};

/**
 * Stores a message unless the member sent one less than CHAT_SEND_INTERVAL_MS ago. The member's
 * `chat_senders` row is claimed by one upsert whose condition PostgreSQL re-checks on the locked row,
 * so of parallel sends (on any node) exactly one passes; a refusal is TOO_MANY_REQUESTS with the wait.
 */
export const postChatMessage = async (
  db: Db,
  sender: { memberId: number; roomId: string; senderName: string },
  body: string,
): Promise<ChatMessage> =>
  db.transaction().execute(async (trx) => {
    const interval = `${CHAT_SEND_INTERVAL_MS} milliseconds`;
    const claimed = await trx
      .insertInto('chat_senders')
      .values({ member_id: sender.memberId, last_sent_at: sql<Date>`clock_timestamp()` })
      .onConflict((oc) =>
        oc
          .column('member_id')
          .doUpdateSet({ last_sent_at: sql<Date>`excluded.last_sent_at` })
          .where(sql<boolean>`chat_senders.last_sent_at <= excluded.last_sent_at - ${interval}::interval`),
      )
      .returning('member_id')
      .executeTakeFirst();
    if (!claimed) {
      const last = await trx
        .selectFrom('chat_senders')
        .select(sql<number>`greatest(0, ceil(extract(epoch from (last_sent_at + ${interval}::interval - clock_timestamp())) * 1000))`.as('wait'))
        .where('member_id', '=', sender.memberId)
        .executeTakeFirst();
      const retryAfterMs = Math.max(1, Number(last?.wait ?? CHAT_SEND_INTERVAL_MS));
      throw new ApiError('TOO_MANY_REQUESTS', 'One message every 2 seconds', { retryAfterMs });
    }
    const row = await trx
      .insertInto('chat_messages')
      .values({ room_id: sender.roomId, member_id: sender.memberId, sender_name: sender.senderName, body })
      .returning(['id', 'room_id', 'sender_name', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    return toChatMessage(row);
  });

/* The operators' side. */

export const allLiveModels = async (db: Db): Promise<OpsLiveModel[]> =>
  (await db.selectFrom('live_models').selectAll().orderBy('room_id').orderBy('sort').orderBy('model_id').execute()).map(toOpsLiveModel);

/** Creates the model, or edits it when its id exists. */
export const saveLiveModel = async (db: Db, body: SaveLiveModelRequest): Promise<{ model: OpsLiveModel; created: boolean }> => {
  const room = await db.selectFrom('chat_rooms').select('room_id').where('room_id', '=', body.roomId).executeTakeFirst();
  if (!room) throw new ApiError('NOT_FOUND', 'No such chat room');
  const values = { nickname: body.nickname, avatar_url: body.avatarUrl, room_id: body.roomId, online: body.online, sort: body.sort, active: body.active };
  const existed = await db.selectFrom('live_models').select('model_id').where('model_id', '=', body.modelId).executeTakeFirst();
  const row = await db
    .insertInto('live_models')
    .values({ model_id: body.modelId, ...values })
    .onConflict((oc) => oc.column('model_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { model: toOpsLiveModel(row), created: !existed };
};

const toOpsChatMessage = (r: ChatMessageRow & { account: string }): OpsChatMessage => ({
  ...toChatMessage(r),
  account: r.account,
  hidden: r.hidden_at !== null,
});

export const listChatMessages = async (
  db: Db,
  query: { pageNo: number; pageSize: number; roomId?: string },
): Promise<{ list: OpsChatMessage[]; pageNum: number; totalPages: number; total: number }> => {
  let base = db.selectFrom('chat_messages').innerJoin('members', 'members.id', 'chat_messages.member_id');
  if (query.roomId) base = base.where('chat_messages.room_id', '=', query.roomId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll('chat_messages')
      .select('members.account')
      .orderBy('chat_messages.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
  ]);
  return { list: rows.map(toOpsChatMessage), pageNum: query.pageNo, totalPages: Math.ceil(Number(total) / query.pageSize), total: Number(total) };
};

/** Hides a message (once; hiding it again changes nothing). */
export const hideChatMessage = async (db: Db, messageId: number, operator: string): Promise<{ message: OpsChatMessage; changed: boolean }> => {
  const changed = await db
    .updateTable('chat_messages')
    .set({ hidden_at: sql<Date>`now()`, hidden_by: operator })
    .where('id', '=', messageId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  const row = await db
    .selectFrom('chat_messages')
    .innerJoin('members', 'members.id', 'chat_messages.member_id')
    .selectAll('chat_messages')
    .select('members.account')
    .where('chat_messages.id', '=', messageId)
    .executeTakeFirst();
  if (!row) throw new ApiError('NOT_FOUND', 'No such chat message');
  return { message: toOpsChatMessage(row), changed: Number(changed.numUpdatedRows) > 0 };
};
