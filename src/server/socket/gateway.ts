import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  agentRoom,
  isAgentType,
  memberRoom,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerEventName,
  type ServerToClientEvents,
  type SocketData,
} from '@shared/contract/socket';
import type { AppContext } from '../app-context';
import { resolveMemberSession } from '../auth/member-sessions';
import type { Realtime, RecordedEvent } from './realtime';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: IoServer;
  }
}

const RECOVERY_LIMIT = 200;

/**
 * The socket.io gateway on the HTTP server's port: token-authenticated sockets join
 * `member:<id>` (and `agent:<id>`); with REDIS_URL, nodes share events through Redis.
 */
export const attachGateway = async (app: FastifyInstance, ctx: AppContext): Promise<Realtime> => {
  const io: IoServer = new Server(app.server, { serveClient: false, cors: ctx.config.corsOrigins.length ? { origin: ctx.config.corsOrigins } : undefined });
  let redis: { pub: Redis; sub: Redis } | null = null;
  if (ctx.config.REDIS_URL) {
    const pub = new Redis(ctx.config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const member = typeof token === 'string' ? await resolveMemberSession(ctx.db, token).catch(() => null) : null;
    if (!member) return next(new Error('UNAUTHORIZED'));
    socket.data = { memberId: member.id, account: member.account, isAgent: isAgentType(member.type) };
    next();
  });

  io.on('connection', (socket) => {
    const rooms = [memberRoom(socket.data.memberId), ...(socket.data.isAgent ? [agentRoom(socket.data.memberId)] : [])];
    void socket.join(rooms);
    socket.on('events:since', async (afterId, ack) => {
      if (typeof ack !== 'function') return;
      if (!Number.isSafeInteger(afterId) || afterId < 0) return ack({ ok: false, code: 'VALIDATION' });
      const rows = await ctx.db
        .selectFrom('events')
        .select(['id', 'name', 'payload', 'created_at'])
        .where('room', 'in', [...rooms, 'all'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(RECOVERY_LIMIT)
        .execute();
      ack({
        ok: true,
        data: rows.map((r) => ({
          name: r.name as ServerEventName,
          payload: { ...(r.payload as object), eventId: r.id, at: new Date(r.created_at).toISOString() },
        })),
      });
    });
  });

  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await io.close();
    if (redis) {
      redis.pub.disconnect();
      redis.sub.disconnect();
    }
  });

  const emit = (event: RecordedEvent) => {
    const target = event.room === 'all' ? io : io.to(event.room);
    (target.emit as (name: string, payload: unknown) => boolean)(event.name, {
      ...(event.payload as object),
      eventId: event.id,
      at: event.at,
    });
  };

  return {
    record: async (trx, room, name, payload) => {
      const row = await trx
        .insertInto('events')
        .values({ room, name, payload: JSON.stringify(payload) })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      return { id: row.id, room, name, payload, at: new Date(row.created_at).toISOString() };
    },
    flush: (events) => events.forEach(emit),
    broadcast: (name, payload) => emit({ id: 0, room: 'all', name, payload, at: new Date().toISOString() }),
  };
};
