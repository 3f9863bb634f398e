import { describe, expect, it } from 'vitest';
import { chatClient, join, launchTicket, send, useChatKit } from './chat-kit';

/**
 * Races need real connections: PGlite has one, so it can never show one. CI's PostgreSQL pass sets
 * TEST_DATABASE_URL; without it these tests are skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('chat send rate under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  const chat = useChatKit();
  const { sockets } = chat;

  it('[MEMBER-25] 20 parallel sends by one member from 4 sockets: exactly one is stored, 19 are TOO_MANY_REQUESTS', async () => {
    const m = await chat.kit.member();
    const clients = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const socket = await chatClient(chat.kit, await launchTicket(chat.kit, m, 'lobby'), sockets);
        await join(socket);
        return socket;
      }),
    );
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => send(clients[i % clients.length]!, `race ${i}`)));
    const tally = replies.reduce<Record<string, number>>((acc, r) => {
      const key = r.ok ? 'OK' : r.code;
      return { ...acc, [key]: (acc[key] ?? 0) + 1 };
    }, {});
    expect(tally).toEqual({ OK: 1, TOO_MANY_REQUESTS: 19 });
    const stored = await chat.kit.t.ctx.db.selectFrom('chat_messages').select('id').where('member_id', '=', m.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('[MEMBER-25] parallel sends by 5 members: each member gets one message through', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => chat.kit.member()));
    const clients = await Promise.all(
      members.map(async (m) => {
        const socket = await chatClient(chat.kit, await launchTicket(chat.kit, m, 'sports'), sockets);
        await join(socket);
        return socket;
      }),
    );
    const replies = await Promise.all(clients.flatMap((socket) => [0, 1, 2].map((i) => send(socket, `m ${i}`))));
    expect(replies.filter((r) => r.ok)).toHaveLength(5);
  });
});
