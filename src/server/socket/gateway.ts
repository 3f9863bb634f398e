import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  AGENTS_ROOM,
  agentRoom,
  type CachedMemberRead,
  isAgentType,
  memberRoom,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerEventName,
  type ServerToClientEvents,
  type SocketData,
} from '@shared/contract/socket';
import type { AppContext } from '../app-context';
import { forgetCachedSessions, resolveMemberSession } from '../auth/member-sessions';
import type { Db } from '../db/create-db';
import { forgetCachedBalance } from '../services/ledger/ledger';
import { forgetCachedMemberInfo } from '../services/member/members';
import { createEventSequencer } from './event-sequencer';
import type { Realtime, RevokeReason } from './realtime';

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

declare module 'fastify' {
  interface FastifyInstance {
    io: IoServer;
  }
}

/** At most this many events per `events:since` reply; the client asks again from the last id. */
const RECOVERY_PAGE_SIZE = 200;

/** Events recorded for this room reach every socket. */
export const ALL_ROOM = 'all';

/** How this node drops each read it keeps of a member. */
const forgetHere: Record<CachedMemberRead, (db: Db, memberId: number) => void> = {
  sessions: forgetCachedSessions,
  memberInfo: forgetCachedMemberInfo,
  balance: forgetCachedBalance,
};

/** Server-internal room of the sockets opened with one session token (by its hash), for revocation. */
const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;

/** The rooms whose events a socket may receive and recover. */
const eventRooms = (data: SocketData) => [
  memberRoom(data.memberId),
  ...(data.isAgent ? [agentRoom(data.memberId), AGENTS_ROOM] : []),
];

const tokenOf = (auth: unknown): string | null => {
  const token = auth && typeof auth === 'object' && 'token' in auth ? (auth as { token: unknown }).token : null;
  return typeof token === 'string' && token.length > 0 ? token : null;
};

/** Outbox rows carry the payload as stored JSON, so the event name and payload pair is not typed here. */
const emitStored = (target: IoServer | ReturnType<IoServer['to']>, name: ServerEventName, payload: unknown) =>
  (target as unknown as { emit: (name: string, payload: unknown) => boolean }).emit(name, payload);

/** Sends `session:revoked` to the sockets of a member (or of one session), then disconnects them. */
export const revokeSockets = (io: IoServer, memberId: number, reason: RevokeReason, sessionTokenHash?: string): void => {
  const room = sessionTokenHash ? sessionRoom(sessionTokenHash) : memberRoom(memberId);
  io.to(room).emit('session:revoked', { reason, eventId: 0, at: new Date().toISOString() });
  // Not `close`: the client sees 'io server disconnect' and does not try to reconnect.
  io.in(room).disconnectSockets(false);
};

/**
 * The Redis adapter sends these commands without handling their promises (the same pattern as
 * socketio/socket.io-redis-emitter#139), so while Redis is down each failed one would be an
 * unhandled rejection, which stops the process. A handler is attached to every such promise.
 */
const FIRE_AND_FORGET_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

const handleDroppedCommands = (client: Redis, onDropped: (command: string, err: unknown) => void) => {
  for (const command of FIRE_AND_FORGET_COMMANDS) {
    const send = (client[command] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.defineProperty(client, command, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        const reply = send(...args);
        reply.catch((err: unknown) => onDropped(command, err));
        return reply;
      },
    });
  }
};

/**
 * Redis clients for the adapter. Failures are logged (once per outage) instead of thrown, so a
 * Redis restart degrades fan-out to this node only, and recovers on its own: the subscriber waits
 * for Redis and re-subscribes, the publisher drops what it cannot send after a few retries.
 */
const connectRedis = (url: string, log: FastifyBaseLogger) => {
  const watch = (client: Redis, role: 'pub' | 'sub') => {
    let healthy = true;
    client.on('error', (err: Error) => {
      if (healthy) log.error({ err, role }, 'redis connection failed; socket events reach this node only until it recovers');
      healthy = false;
    });
    client.on('ready', () => {
      if (!healthy) log.info({ role }, 'redis connection restored');
      healthy = true;
    });
    handleDroppedCommands(client, (command, err) => log.debug({ err, role, command }, 'redis command dropped'));
    return client;
  };
  const pub = watch(new Redis(url, { maxRetriesPerRequest: 3 }), 'pub');
  const sub = watch(pub.duplicate({ maxRetriesPerRequest: null }), 'sub');
  const close = async () => {
    await Promise.allSettled([pub, sub].map((c) => (c.status === 'ready' ? c.quit().catch(() => c.disconnect()) : c.disconnect())));
  };
  return { pub, sub, close };
};

export interface Gateway {
  realtime: Realtime;
  /** Open sockets on this node. */
  socketCount(): number;
  /** Resolves when Redis answers a PING (null without REDIS_URL); rejects otherwise. */
  pingRedis: (() => Promise<void>) | null;
  /**
   * Tells this node's sockets that it is shutting down (`server:shutdown`), then closes their
   * connections without a socket.io disconnect, so each client reconnects on its own (to another node
   * behind the load balancer) and recovers missed events with `events:since`.
   */
  sendAway(reconnectAfterMs: number): void;
}

/**
 * The socket.io gateway on the HTTP server's port: token-authenticated sockets join
 * `member:<id>` (and `agent:<id>`); with REDIS_URL, nodes share events through Redis.
 */
export const attachGateway = async (app: FastifyInstance, ctx: AppContext): Promise<Gateway> => {
  const io: IoServer = new Server(app.server, {
    serveClient: false,
    cors: ctx.config.corsOrigins.length ? { origin: ctx.config.corsOrigins } : undefined,
  });
  const redis = ctx.config.REDIS_URL ? connectRedis(ctx.config.REDIS_URL, ctx.log) : null;
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));
  // Another node changed what this one may keep of a member.
  io.on('member:forget', (read, memberId) => forgetHere[read]?.(ctx.db, memberId));

  io.use(async (socket, next) => {
    const token = tokenOf(socket.handshake.auth);
    try {
      const member = token ? await resolveMemberSession(ctx.db, token) : null;
      if (!member) return next(new Error('UNAUTHORIZED'));
      // A session that may only change its password gets no live events until it has (AUTH-07).
      if (member.mustChangePassword) return next(new Error('PASSWORD_CHANGE_REQUIRED'));
      socket.data = { memberId: member.id, account: member.account, isAgent: isAgentType(member.type) };
      await socket.join([...eventRooms(socket.data), sessionRoom(member.tokenHash)]);
      next();
    } catch (err) {
      ctx.log.error({ err }, 'socket authentication failed');
      next(new Error('INTERNAL'));
    }
  });

  io.on('connection', (socket) => {
    socket.on('events:since', async (afterId, ack) => {
      if (typeof ack !== 'function') return;
      if (!Number.isSafeInteger(afterId) || afterId < 0) return ack({ ok: false, code: 'VALIDATION' });
      try {
        // Recovery re-checks the token: a session revoked while this socket was away gets nothing.
        const token = tokenOf(socket.handshake.auth);
        const member = token ? await resolveMemberSession(ctx.db, token) : null;
        if (!member || member.mustChangePassword) {
          ack({ ok: false, code: 'UNAUTHORIZED' });
          socket.disconnect();
          return;
        }
        // Event ids are numbers in commit order (event-sequencer.ts): everything after `afterId` is
        // everything committed after the last event this client has.
        const rows = await ctx.db
          .selectFrom('events')
          .select(['seq', 'name', 'payload', 'created_at'])
          .where('room', 'in', [...eventRooms(socket.data), ALL_ROOM])
          .where('seq', '>', afterId)
          .orderBy('seq')
          .limit(RECOVERY_PAGE_SIZE)
          .execute();
        ack({
          ok: true,
          data: rows.map((r) => ({
            name: r.name as ServerEventName,
            payload: { ...(r.payload as object), eventId: Number(r.seq), at: new Date(r.created_at).toISOString() },
          })),
        });
      } catch (err) {
        ctx.log.error({ err }, 'events:since failed');
        ack({ ok: false, code: 'INTERNAL' });
      }
    });
  });

  const emit = (event: { room: string; name: string; payload: unknown; eventId: number; at: string }) => {
    const payload = { ...(event.payload as object), eventId: event.eventId, at: event.at };
    emitStored(event.room === ALL_ROOM ? io : io.to(event.room), event.name as ServerEventName, payload);
  };
  const sequencer = createEventSequencer(ctx.db, (event) => emit({ ...event, eventId: event.seq }), ctx.log);

  app.decorate('io', io);
  // preClose: open websockets would otherwise keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    await sequencer.stop();
    await io.close();
    await redis?.close();
  });

  const realtime: Realtime = {
    record: async (trx, room, name, payload) => {
      const row = await trx
        .insertInto('events')
        .values({ room, name, payload: JSON.stringify(payload) })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      return { outboxId: row.id, id: 0, room, name, payload, at: new Date(row.created_at).toISOString() };
    },
    flush: async (events) => {
      const numbers = await sequencer.flush(events.map((e) => e.outboxId));
      for (const event of events) event.id = numbers.get(event.outboxId) ?? 0;
    },
    broadcast: (name, payload) => emit({ eventId: 0, room: ALL_ROOM, name, payload, at: new Date().toISOString() }),
    revokeSockets: (memberId, reason, sessionTokenHash) => revokeSockets(io, memberId, reason, sessionTokenHash),
    forgetCached: (read, memberId) => {
      forgetHere[read](ctx.db, memberId);
      // Without Redis there is no other node (and the in-memory adapter warns on every serverSideEmit).
      if (redis) io.serverSideEmit('member:forget', read, memberId);
    },
  };
  return {
    realtime,
    socketCount: () => io.of('/').sockets.size,
    pingRedis: redis
      ? async () => {
          await redis.pub.ping();
        }
      : null,
    sendAway: (reconnectAfterMs) => {
      // Only this node's sockets: the others stay where they are.
      io.local.emit('server:shutdown', { reconnectAfterMs, eventId: 0, at: new Date().toISOString() });
      // Closing the connection underneath, without a socket.io DISCONNECT packet, is what makes the
      // client see 'transport close' and reconnect (after a DISCONNECT it would stay away).
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    },
  };
};
