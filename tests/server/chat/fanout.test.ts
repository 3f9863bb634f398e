import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createDb } from '@server/db/create-db';
import { chatNamespaceOf } from '@server/socket/chat';
import { chatSocketRoom, type ChatMessage } from '@shared/contract/chat';
import { insertMemberWithSession } from '../../helpers/direct-member';
import { createThrowawayDatabase } from '../../helpers/test-app';
import type { ChatClient } from './chat-kit';
import { join, send } from './chat-kit';

/**
 * Two server nodes on one PostgreSQL and one Redis: a chat message sent on node B, and an operator's
 * hide emitted on node B, reach a reader connected to node A through the gateway's Redis adapter.
 * Needs TEST_DATABASE_URL and a Redis (TEST_REDIS_URL, or 127.0.0.1:6379); skipped otherwise.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisAnswers = async (): Promise<boolean> => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
};

describe.skipIf(!ADMIN_URL)('chat across two nodes (PostgreSQL + Redis; skipped without TEST_DATABASE_URL)', () => {
  let nodes: BuiltApp[] = [];
  let urls: string[] = [];
  let drop: (() => Promise<void>) | null = null;
  let redisUp = false;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    redisUp = await redisAnswers();
    if (!redisUp) return;
    const throwaway = await createThrowawayDatabase(ADMIN_URL!);
    drop = throwaway.drop;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_ACTIVITY: 'false', REDIS_URL, DATABASE_URL: throwaway.url });
    // One after the other: the second finds the schema and the seed in place.
    for (let i = 0; i < 2; i += 1) {
      const node = await buildApp({ config, database: createDb({ databaseUrl: throwaway.url }) });
      await node.app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push(node);
      urls.push(`http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`);
    }
  }, 120_000);
  afterAll(async () => {
    sockets.splice(0).forEach((s) => s.disconnect());
    for (const node of nodes) {
      await node.app.close();
      await node.ctx.db.destroy();
    }
    nodes = [];
    urls = [];
    await drop?.();
  });

  const ticketOn = async (node: BuiltApp, roomId: string) => {
    const m = await insertMemberWithSession(node.ctx);
    const res = await node.app.inject({ method: 'POST', url: '/wps/relay/GLS2_launchChat', headers: { authorization: `Bearer ${m.token}` }, payload: { roomId } });
    return new URL(res.json().value.chatUrl as string, 'http://x').searchParams.get('ticket') ?? '';
  };
  const clientOf = (url: string, ticket: string): ChatClient => {
    const socket: ChatClient = io(`${url}/chat`, { auth: { ticket }, transports: ['websocket'], forceNew: true, reconnection: false, autoConnect: false });
    sockets.push(socket);
    return socket;
  };

  it('[MEMBER-25] a message sent on one node reaches the room on the other; a hide emitted on one node removes it on the other', async (ctx) => {
    if (!redisUp) return ctx.skip();
    const [a, b] = nodes as [BuiltApp, BuiltApp];
    const reader = clientOf(urls[0]!, await ticketOn(a, 'lobby'));
    const writer = clientOf(urls[1]!, await ticketOn(b, 'lobby'));
    await Promise.all([join(reader), join(writer)]);
    // The adapters' subscriptions settle just after the sockets join.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const arrived = new Promise<ChatMessage>((resolve) => reader.once('chat:message', resolve));
    const sent = await send(writer, 'across the nodes');
    if (!sent.ok) throw new Error(sent.code);
    expect((await arrived).messageId).toBe(sent.data.messageId);

    const hidden = new Promise<{ messageId: number }>((resolve) => reader.once('chat:hidden', resolve));
    chatNamespaceOf(b.app.io).to(chatSocketRoom('lobby')).emit('chat:hidden', { messageId: sent.data.messageId });
    expect(await hidden).toEqual({ messageId: sent.data.messageId });
  });
});
