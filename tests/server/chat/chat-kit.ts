import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ChatClientToServerEvents, ChatJoined, ChatServerToClientEvents } from '@shared/contract/chat';
import { createMoneyKit, type Member, type MoneyKit } from '../../helpers/money-kit';

export { type Member, type MoneyKit };

export type ChatClient = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

export const CHAT_PATHS = {
  models: '/wps/relay/GLS2_liveModelList',
  launch: '/wps/relay/GLS2_launchChat',
  opsModels: '/ops/chat/models',
  opsMessages: '/ops/chat/messages',
  opsHide: '/ops/chat/messages/hide',
} as const;

const startChatKit = (): Promise<MoneyKit> => createMoneyKit({ JOB_INTERVAL_SECONDS: 3600, LOTTERY_TICK_SECONDS: 0 });

/** What `useChatKit` hands a describe: its kit (once its `beforeAll` has run) and the sockets its tests open. */
export interface ChatSuite {
  readonly kit: MoneyKit;
  /** Pass to `chatClient`; each test's sockets are disconnected after it. */
  readonly sockets: ChatClient[];
}

/**
 * Registers the chat describe's hooks: a kit on its own server (no background jobs, no lottery ticks)
 * started before its tests and closed after them, and the sockets a test opened disconnected after it.
 * Call it at the top of a describe; read `kit` inside hooks and tests.
 */
export const useChatKit = (): ChatSuite => {
  let kit: MoneyKit | undefined;
  const sockets: ChatClient[] = [];
  beforeAll(async () => {
    kit = await startChatKit();
  });
  afterEach(() => {
    sockets.splice(0).forEach((s) => s.disconnect());
  });
  afterAll(async () => kit?.close());
  return {
    get kit() {
      if (!kit) throw new Error('the chat kit is started in beforeAll: read it inside a hook or a test');
      return kit;
    },
    sockets,
  };
};

/** The ticket of a launch chat call's chatUrl. */
export const launchTicket = async (kit: MoneyKit, member: Member, roomId = 'lobby', modelId?: string): Promise<string> => {
  const res = await kit.call('POST', CHAT_PATHS.launch, { token: member.token, body: { roomId, ...(modelId ? { modelId } : {}) } });
  if (res.status !== 200) throw new Error(`launch chat failed: ${JSON.stringify(res.body)}`);
  return new URL(res.body.value.chatUrl as string, 'http://x').searchParams.get('ticket') ?? '';
};

/** A chat socket on the kit's server; call `join` or `refusal` to connect. */
export const chatClient = async (kit: MoneyKit, ticket: string, sockets: ChatClient[]): Promise<ChatClient> => {
  const url = await kit.listen();
  const socket: ChatClient = io(`${url}/chat`, { auth: { ticket }, transports: ['websocket'], forceNew: true, reconnection: false, autoConnect: false });
  sockets.push(socket);
  return socket;
};

export const join = (socket: ChatClient): Promise<ChatJoined> =>
  new Promise((resolve, reject) => {
    socket.once('chat:joined', resolve);
    socket.once('connect_error', reject);
    socket.connect();
  });

export const refusal = (socket: ChatClient): Promise<string> =>
  new Promise((resolve, reject) => {
    socket.once('connect_error', (err) => resolve(err.message));
    socket.once('chat:joined', () => reject(new Error('admitted')));
    socket.connect();
  });

export const send = (socket: ChatClient, body: string) => socket.timeout(5_000).emitWithAck('chat:send', { body });
