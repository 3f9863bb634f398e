import { z } from 'zod';
import { text } from './auth';
import { endpoint } from './endpoint';
import { RowId } from './envelope';
import type { ApiErrorCode } from './errors';
import { pagedOf, pageQuery } from './paging';
import { CHAT_MESSAGE_MAX } from './chat.values';

/*
 * The chat room (MEMBER-25): the launch chat call (messages.ts) returns a chatUrl, `/chat/<roomId>?ticket=…`,
 * whose page joins the socket.io namespace `/chat` with that ticket. The ticket names the member, the room
 * and whether the member may write (trial accounts read only); the server renews it while the socket lives.
 */

export { CHAT_HISTORY_SIZE, CHAT_MESSAGE_MAX, CHAT_NAMESPACE, CHAT_SEND_INTERVAL_MS, chatRoomPath } from './chat.values';

/** A message of the room as every reader sees it: the sender's name masked as the winners board masks it. */
export const ChatMessage = z.object({
  messageId: z.number().int(),
  roomId: z.string(),
  senderName: z.string(),
  body: z.string(),
  createdAt: z.string().describe('ISO timestamp'),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** What a member sends: trimmed text, 1 to 200 characters. */
export const ChatSendRequest = z.object({ body: text().trim().min(1).max(CHAT_MESSAGE_MAX) });
export type ChatSendRequest = z.infer<typeof ChatSendRequest>;

export type ChatAck<T> = { ok: true; data: T } | { ok: false; code: ApiErrorCode; retryAfterMs?: number };

/** On joining: the room's last messages, oldest first, whether the member may write, and a renewed ticket. */
export interface ChatJoined {
  roomId: string;
  /** The room's name, to head the page. */
  roomName: string;
  messages: ChatMessage[];
  canSend: boolean;
  ticket: string;
}

/** Server to client, namespace `/chat`. */
export interface ChatServerToClientEvents {
  'chat:joined': (payload: ChatJoined) => void;
  'chat:message': (payload: ChatMessage) => void;
  /** An operator hid the message: readers take it off the screen. */
  'chat:hidden': (payload: { messageId: number }) => void;
  /** A fresh ticket for the next reconnection (tickets are short-lived). */
  'chat:ticket': (payload: { ticket: string }) => void;
}

export interface ChatClientToServerEvents {
  'chat:send': (payload: { body: string }, ack: (res: ChatAck<ChatMessage>) => void) => void;
}

export interface ChatSocketData {
  memberId: number;
  roomId: string;
  canSend: boolean;
  senderName: string;
  tokenHash: string;
}

/** The namespace's room of one chat room's sockets. */
export const chatSocketRoom = (roomId: string) => `chat:${roomId}`;

/* The operators' side: the live models and the messages (hide one). */

const ModelId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');

export const OpsLiveModel = z.object({
  modelId: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  roomId: z.string(),
  online: z.boolean(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type OpsLiveModel = z.infer<typeof OpsLiveModel>;

export const SaveLiveModelRequest = z.object({
  modelId: ModelId,
  nickname: text().trim().min(1).max(40),
  avatarUrl: text()
    .trim()
    .max(500)
    .regex(/^(https:\/\/|\/)[^\s"'<>]*$/, 'an https URL or a path on this site')
    .or(z.literal(''))
    .default(''),
  roomId: z.string().trim().min(1).max(64),
  online: z.boolean().default(false),
  sort: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});
export type SaveLiveModelRequest = z.infer<typeof SaveLiveModelRequest>;

export const OpsChatMessage = ChatMessage.extend({
  account: z.string().describe('the sender, unmasked, for the operator'),
  hidden: z.boolean(),
});
export type OpsChatMessage = z.infer<typeof OpsChatMessage>;

export const operatorChatEndpoints = {
  opsLiveModels: endpoint({
    method: 'GET',
    path: '/ops/chat/models',
    token: 'operator',
    response: z.object({ list: z.array(OpsLiveModel) }),
    summary: 'Every live model of the chat room, active or not',
    reqs: ['MEMBER-25'],
  }),
  opsSaveLiveModel: endpoint({
    method: 'POST',
    path: '/ops/chat/models',
    token: 'operator',
    body: SaveLiveModelRequest,
    response: OpsLiveModel,
    summary: 'Creates or edits a live model (by model id), its online flag among the rest',
    reqs: ['MEMBER-25'],
  }),
  opsChatMessages: endpoint({
    method: 'GET',
    path: '/ops/chat/messages',
    token: 'operator',
    query: z.object({ ...pageQuery(50, 200), roomId: z.string().min(1).max(64).optional() }),
    response: pagedOf(OpsChatMessage),
    summary: 'Chat messages, newest first, hidden ones included',
    reqs: ['MEMBER-25'],
  }),
  opsHideChatMessage: endpoint({
    method: 'POST',
    path: '/ops/chat/messages/hide',
    token: 'operator',
    body: z.object({ messageId: RowId }),
    response: OpsChatMessage,
    summary: 'Hides a chat message: it leaves every open room at once',
    reqs: ['MEMBER-25'],
  }),
} as const;
