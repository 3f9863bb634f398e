import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { ChatAck, ChatClientToServerEvents, ChatMessage, ChatServerToClientEvents } from '@shared/contract/chat';
import { CHAT_MESSAGE_MAX, CHAT_NAMESPACE } from '@shared/contract/chat.values';
import type { ApiErrorCode } from '@shared/contract/errors';
import { createStore, type Store } from '@client/lib/create-store';

export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;
export type ChatStatus = 'connecting' | 'online' | 'reconnecting' | 'closed';

export interface ChatState {
  status: ChatStatus;
  /** Why the room is closed to this page (an expired or forged ticket, a closed room, an ended session). */
  fatal: ApiErrorCode | null;
  /** The room's name once joined. */
  roomName: string | null;
  messages: ChatMessage[];
  canSend: boolean;
  sending: boolean;
  /** The last send's refusal, and how long to wait for TOO_MANY_REQUESTS. */
  sendError: { code: ApiErrorCode; retryAfterMs?: number } | null;
}

/** How many messages the page keeps on screen. */
const KEEP_MESSAGES = 200;
const SEND_TIMEOUT_MS = 10_000;
/** Refusals of the admission middleware: socket.io does not retry them, and neither does the page. */
const ADMISSION_CODES: readonly ApiErrorCode[] = ['SIGNATURE_INVALID', 'REQUEST_EXPIRED', 'UNAUTHORIZED', 'NOT_FOUND'];

export interface ChatConnection {
  store: Store<ChatState>;
  send(text: string): Promise<boolean>;
  clearSendError(): void;
  close(): void;
}

export type ChatSocketFactory = (namespace: string, options: Partial<ManagerOptions & SocketOptions>) => ChatSocket;

const initialState = (): ChatState => ({ status: 'connecting', fatal: null, roomName: null, messages: [], canSend: false, sending: false, sendError: null });

const withMessage = (messages: ChatMessage[], message: ChatMessage): ChatMessage[] =>
  messages.some((m) => m.messageId === message.messageId) ? messages : [...messages, message].slice(-KEEP_MESSAGES);

/**
 * The chat page's one connection to its room (MEMBER-25), made once when the page boots, outside
 * React: it joins with the launch ticket, takes the renewed tickets the server sends for its
 * reconnections, keeps the messages (joined history, live ones, hidden ones removed), and sends.
 * Views read `store` and call `send`.
 */
export const createChatConnection = ({ ticket, connect }: { ticket: string; connect: ChatSocketFactory }): ChatConnection => {
  const store = createStore(initialState);
  let currentTicket = ticket;
  const socket = connect(CHAT_NAMESPACE, {
    path: '/socket.io',
    auth: (cb) => cb({ ticket: currentTicket }),
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  });

  socket.on('chat:joined', (joined) => {
    currentTicket = joined.ticket;
    store.update((s) => ({ ...s, status: 'online', fatal: null, roomName: joined.roomName, canSend: joined.canSend, messages: joined.messages.slice(-KEEP_MESSAGES) }));
  });
  socket.on('chat:message', (message) => store.update((s) => ({ ...s, messages: withMessage(s.messages, message) })));
  socket.on('chat:hidden', ({ messageId }) => store.update((s) => ({ ...s, messages: s.messages.filter((m) => m.messageId !== messageId) })));
  socket.on('chat:ticket', (renewed) => {
    currentTicket = renewed.ticket;
  });
  socket.on('connect_error', (err) => {
    const code = err.message as ApiErrorCode;
    if (!socket.active || ADMISSION_CODES.includes(code)) {
      store.update((s) => ({ ...s, status: 'closed', fatal: ADMISSION_CODES.includes(code) ? code : 'NETWORK' }));
      socket.disconnect();
    } else {
      store.update((s) => ({ ...s, status: 'reconnecting' }));
    }
  });
  socket.on('disconnect', (reason) => {
    // The server ended it (the session is over): no reconnection.
    if (reason === 'io server disconnect') store.update((s) => ({ ...s, status: 'closed', fatal: s.fatal ?? 'UNAUTHORIZED' }));
    else if (reason !== 'io client disconnect') store.update((s) => ({ ...s, status: 'reconnecting' }));
  });
  socket.connect();

  const send = async (text: string): Promise<boolean> => {
    const body = text.trim();
    if (body.length === 0 || body.length > CHAT_MESSAGE_MAX) {
      store.update((s) => ({ ...s, sendError: { code: 'VALIDATION' } }));
      return false;
    }
    if (store.get().sending) return false;
    store.update((s) => ({ ...s, sending: true, sendError: null }));
    let reply: ChatAck<ChatMessage>;
    try {
      reply = await socket.timeout(SEND_TIMEOUT_MS).emitWithAck('chat:send', { body });
    } catch {
      reply = { ok: false, code: 'TIMEOUT' };
    }
    store.update((s) =>
      reply.ok
        ? { ...s, sending: false, messages: withMessage(s.messages, reply.data) }
        : { ...s, sending: false, sendError: { code: reply.code, ...(reply.retryAfterMs ? { retryAfterMs: reply.retryAfterMs } : {}) } },
    );
    return reply.ok;
  };

  return {
    store,
    send,
    clearSendError: () => store.update((s) => (s.sendError ? { ...s, sendError: null } : s)),
    close: () => {
      socket.disconnect();
      store.update((s) => ({ ...s, status: 'closed' }));
    },
  };
};
