import type { Namespace } from 'socket.io';
import {
  CHAT_NAMESPACE,
  ChatSendRequest,
  chatSocketRoom,
  type ChatAck,
  type ChatClientToServerEvents,
  type ChatMessage,
  type ChatServerToClientEvents,
  type ChatSocketData,
} from '@shared/contract/chat';
import type { AppContext } from '../app-context';
import type { IoServer } from './gateway';
import { resolveMemberSessionByHash } from '../auth/member-sessions';
import { ApiError } from '../http/api-error';
import { CHAT_TICKET_TTL_MS, isActiveRoom, postChatMessage, readRoomHistory, roomNameOf, signChatTicket, ticketSession, verifyChatTicket } from '../services/chat/chat';

export type ChatNamespace = Namespace<ChatClientToServerEvents, ChatServerToClientEvents, Record<string, never>, ChatSocketData>;

/** The chat namespace of the gateway's server; it shares the server's adapter (Redis when REDIS_URL is set). */
export const chatNamespaceOf = (io: IoServer): ChatNamespace => io.of(CHAT_NAMESPACE) as unknown as ChatNamespace;

/** An open socket's ticket is renewed (and its session re-checked) this often. */
const RENEW_EVERY_MS = Math.floor(CHAT_TICKET_TTL_MS / 2);

const ticketOf = (auth: unknown): unknown => (auth && typeof auth === 'object' && 'ticket' in auth ? (auth as { ticket: unknown }).ticket : null);

/**
 * The chat rooms (MEMBER-25) on the namespace `/chat`: a socket is admitted by a ticket from the launch
 * chat call to the ticket's room only, while the session that asked for it lives. On joining it gets
 * the room's last messages; `chat:send` stores a message (one per member every 2 s, on every node) and
 * the namespace's adapter broadcasts it to the room on every node.
 */
export const attachChat = (io: IoServer, ctx: AppContext): ChatNamespace => {
  const chat = chatNamespaceOf(io);

  chat.use(async (socket, next) => {
    const verdict = verifyChatTicket(ctx.config, ticketOf(socket.handshake.auth));
    if (!verdict.ok) return next(new Error(verdict.code));
    const { claims } = verdict;
    try {
      const member = await ticketSession(ctx.db, ctx.config, claims);
      if (!member) return next(new Error('UNAUTHORIZED'));
      if (!(await isActiveRoom(ctx.db, claims.roomId))) return next(new Error('NOT_FOUND'));
      socket.data = { memberId: claims.memberId, roomId: claims.roomId, canSend: claims.canSend, senderName: claims.senderName, tokenHash: member.tokenHash };
      next();
    } catch (err) {
      ctx.log.error({ err }, 'chat admission failed');
      next(new Error('INTERNAL'));
    }
  });

  const freshTicket = (data: ChatSocketData) => signChatTicket(ctx.config, data);

  chat.on('connection', async (socket) => {
    const { roomId } = socket.data;
    const renew = setInterval(() => {
      void resolveMemberSessionByHash(ctx.db, socket.data.tokenHash)
        .then((member) => {
          if (!member) socket.disconnect(true);
          else socket.emit('chat:ticket', { ticket: freshTicket(socket.data) });
        })
        .catch((err: unknown) => ctx.log.warn({ err }, 'chat ticket renewal failed'));
    }, RENEW_EVERY_MS);
    renew.unref();
    socket.on('disconnect', () => clearInterval(renew));

    socket.on('chat:send', async (payload, ack) => {
      if (typeof ack !== 'function') return;
      const reply = (res: ChatAck<ChatMessage>) => ack(res);
      if (!socket.data.canSend) return reply({ ok: false, code: 'TRIAL_ACCOUNT' });
      const parsed = ChatSendRequest.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, code: 'VALIDATION' });
      try {
        const message = await postChatMessage(ctx.db, socket.data, parsed.data.body);
        chat.to(chatSocketRoom(roomId)).emit('chat:message', message);
        reply({ ok: true, data: message });
      } catch (err) {
        if (err instanceof ApiError) {
          const retryAfterMs = (err.details as { retryAfterMs?: number } | undefined)?.retryAfterMs;
          return reply({ ok: false, code: err.code, ...(retryAfterMs ? { retryAfterMs } : {}) });
        }
        ctx.log.error({ err }, 'chat message failed');
        reply({ ok: false, code: 'INTERNAL' });
      }
    });

    try {
      await socket.join(chatSocketRoom(roomId));
      const [messages, roomName] = await Promise.all([readRoomHistory(ctx.db, roomId), roomNameOf(ctx.db, roomId)]);
      socket.emit('chat:joined', { roomId, roomName: roomName ?? roomId, messages, canSend: socket.data.canSend, ticket: freshTicket(socket.data) });
    } catch (err) {
      ctx.log.error({ err }, 'chat join failed');
      socket.disconnect(true);
    }
  });

  return chat;
};
