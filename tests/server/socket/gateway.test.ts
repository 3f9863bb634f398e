import net, { type AddressInfo } from 'node:net';
import { filter, firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '@client/lib/event-bus';
import { createSocketClient, type ClientSocket } from '@client/lib/socket-client';
import { createToken, hashToken } from '@server/auth/tokens';
import { ALL_ROOM, revokeSockets } from '@server/socket/gateway';
import { forgetOnCommit, withEvents } from '@server/socket/realtime';
import { agentRoom, memberRoom, type ServerEventPayload } from '@shared/contract/socket';
import { createTestApp, type TestApp } from '../../helpers/test-app';

type Status = ServerEventPayload<'system:status'>;

describe('socket gateway', () => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    sockets.splice(0).forEach((s) => s.disconnect());
  });
  afterAll(async () => t.close());

  let accounts = 0;
  /** A member with a live session, as sign-in would leave them. */
  const signIn = async (type = 0) => {
    const member = await t.ctx.db
      .insertInto('members')
      .values({ account: `sock${++accounts}_${Date.now()}`, nickname: 'Socket tester', type, password_hash: 'not-used' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { memberId: member.id, token: await newSession(member.id) };
  };
  const newSession = async (memberId: number) => {
    const token = createToken();
    await t.ctx.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), member_id: memberId, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    return token;
  };

  const open = (token: string | null, options: { reconnection?: boolean } = {}) => {
    const socket = createSocketClient({
      url,
      getToken: () => token,
      socketOptions: { transports: ['websocket'], forceNew: true, reconnection: options.reconnection ?? false, reconnectionDelay: 200, randomizationFactor: 0 },
    });
    sockets.push(socket);
    return socket;
  };
  const connected = async (token: string) => {
    const socket = open(token);
    const ready = new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.connect();
    await ready;
    return socket;
  };
  const refusal = (socket: ClientSocket) =>
    new Promise<string>((resolve) => {
      socket.once('connect_error', (err) => resolve(err.message));
      socket.connect();
    });
  /** Everything a socket receives, and a way to wait until it has received `n` events. */
  const received = (socket: ClientSocket) => {
    const list: Status[] = [];
    let wake = () => {};
    socket.on('system:status', (p) => {
      list.push(p);
      wake();
    });
    const atLeast = (n: number) =>
      new Promise<void>((resolve) => {
        wake = () => list.length >= n && resolve();
        wake();
      });
    return { list, atLeast };
  };
  const next = (socket: ClientSocket) => new Promise<Status>((resolve) => socket.once('system:status', resolve));

  const publish = (room: string, maintenance: boolean) =>
    withEvents(t.ctx, async (_trx, record) => record(room, 'system:status', { maintenance }));

  it('refuses a socket without a token, or with an unknown or revoked one', async () => {
    expect(await refusal(open(null))).toBe('UNAUTHORIZED');
    expect(await refusal(open(createToken()))).toBe('UNAUTHORIZED');

    const { token } = await signIn();
    await t.ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(token)).execute();
    expect(await refusal(open(token))).toBe('UNAUTHORIZED');
  });

  it("delivers an event recorded for a member's room to that member only", async () => {
    const alice = await signIn();
    const bob = await signIn();
    const aliceSocket = await connected(alice.token);
    const bobSocket = await connected(bob.token);
    const toAlice = received(aliceSocket);
    const toBob = received(bobSocket);

    const first = await publish(memberRoom(alice.memberId), true);
    const bobs = await publish(memberRoom(bob.memberId), false);
    const last = await publish(memberRoom(alice.memberId), false);
    // A socket receives in emit order: had Bob's event leaked to Alice, it would precede her last one.
    await Promise.all([toAlice.atLeast(2), toBob.atLeast(1)]);

    expect(toAlice.list).toEqual([
      { maintenance: true, eventId: first.id, at: first.at },
      { maintenance: false, eventId: last.id, at: last.at },
    ]);
    expect(toBob.list).toEqual([{ maintenance: false, eventId: bobs.id, at: bobs.at }]);
  });

  it("joins an agent's sockets to the agent room as well", async () => {
    const agent = await signIn(1);
    const socket = await connected(agent.token);
    const arrived = next(socket);
    const event = await publish(agentRoom(agent.memberId), true);
    expect(await arrived).toEqual({ maintenance: true, eventId: event.id, at: event.at });
  });

  it('emits nothing and stores nothing when the transaction rolls back', async () => {
    const member = await signIn();
    const socket = await connected(member.token);
    const arrived = next(socket);

    await expect(
      withEvents(t.ctx, async (_trx, record) => {
        await record(memberRoom(member.memberId), 'system:status', { maintenance: true });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committed = await publish(memberRoom(member.memberId), false);

    expect(await arrived).toEqual({ maintenance: false, eventId: committed.id, at: committed.at });
    const stored = await t.ctx.db.selectFrom('events').select('payload').where('room', '=', memberRoom(member.memberId)).execute();
    expect(stored).toHaveLength(1);
  });

  it('forgets each member once after a transaction that posted for them more than once (one Redis message each)', async () => {
    const forgetCached = vi.spyOn(t.ctx.realtime, 'forgetCached');
    try {
      await withEvents(t.ctx, async (trx) => {
        forgetOnCommit(trx, 'balance', 1);
        forgetOnCommit(trx, 'balance', 2);
        forgetOnCommit(trx, 'balance', 1);
        forgetOnCommit(trx, 'memberInfo', 1);
        expect(forgetCached).not.toHaveBeenCalled();
      });
      expect(forgetCached.mock.calls).toEqual([
        ['balance', 1],
        ['balance', 2],
        ['memberInfo', 1],
      ]);
    } finally {
      forgetCached.mockRestore();
    }
  });

  it("answers events:since with the missed events of the socket's own rooms, in order", async () => {
    const member = await signIn();
    const other = await signIn();
    const before = await publish(memberRoom(member.memberId), false);
    const missed1 = await publish(memberRoom(member.memberId), true);
    await publish(memberRoom(other.memberId), true);
    const missed2 = await withEvents(t.ctx, async (_trx, record) => record(ALL_ROOM, 'system:status', { maintenance: false }));

    const socket = await connected(member.token);
    const reply = await socket.timeout(5_000).emitWithAck('events:since', before.id);

    expect(reply).toEqual({
      ok: true,
      data: [
        { name: 'system:status', payload: { maintenance: true, eventId: missed1.id, at: missed1.at } },
        { name: 'system:status', payload: { maintenance: false, eventId: missed2.id, at: missed2.at } },
      ],
    });
    expect(await socket.timeout(5_000).emitWithAck('events:since', -1)).toEqual({ ok: false, code: 'VALIDATION' });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'numbers events in commit order: an event written first but committed last comes after, and events:since replays it (PostgreSQL)',
    async () => {
      const member = await signIn();
      const room = memberRoom(member.memberId);
      let written = () => {};
      const firstWritten = new Promise<void>((resolve) => (written = resolve));
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow = withEvents(t.ctx, async (_trx, record) => {
        const event = await record(room, 'system:status', { maintenance: true });
        written();
        await held;
        return event;
      });
      await firstWritten;
      const quick = await publish(room, false);
      release();
      const late = await slow;
      expect(late.outboxId).toBeLessThan(quick.outboxId);
      expect(late.id).toBeGreaterThan(quick.id);

      const socket = await connected(member.token);
      const reply = await socket.timeout(5_000).emitWithAck('events:since', quick.id);
      expect(reply).toEqual({ ok: true, data: [{ name: 'system:status', payload: { maintenance: true, eventId: late.id, at: late.at } }] });
    },
  );

  it('refuses recovery to a socket whose session was revoked after it connected', async () => {
    const member = await signIn();
    const socket = await connected(member.token);
    await t.ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(member.token)).execute();
    expect(await socket.timeout(5_000).emitWithAck('events:since', 0)).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });

  it("tells a revoked member's sockets why, then disconnects them for good", async () => {
    const member = await signIn();
    const socket = await connected(member.token);
    const order: string[] = [];
    const disconnected = new Promise<void>((resolve) =>
      socket.once('disconnect', (reason) => {
        order.push(`disconnect:${reason}`);
        resolve();
      }),
    );
    socket.once('session:revoked', (p) => order.push(`revoked:${p.reason}`));

    revokeSockets(t.app.io, member.memberId, 'password_changed');
    await disconnected;

    expect(order).toEqual(['revoked:password_changed', 'disconnect:io server disconnect']);
    expect(socket.active).toBe(false);
  });

  it('revokes only the sockets of the ended session when one is named', async () => {
    const member = await signIn();
    const laptop = await connected(member.token);
    const phone = await connected(await newSession(member.memberId));
    const laptopGone = new Promise<string>((resolve) => laptop.once('disconnect', resolve));

    t.ctx.realtime.revokeSockets(member.memberId, 'logout', hashToken(member.token));
    expect(await laptopGone).toBe('io server disconnect');

    const arrived = next(phone);
    const event = await publish(memberRoom(member.memberId), true);
    expect(await arrived).toMatchObject({ eventId: event.id });
    expect(phone.connected).toBe(true);
  });

  it('lets the client bus recover, in order, what it missed while the connection was down', async () => {
    const member = await signIn();
    const bus = createEventBus(open(member.token, { reconnection: true }));
    const statuses: Status[] = [];
    bus.on$('system:status').subscribe((p) => statuses.push(p));
    const online = firstValueFrom(bus.connection$.pipe(filter((state) => state === 'online')));
    bus.connect();
    await online;

    const live = firstValueFrom(bus.on$('system:status'));
    const seen = await publish(memberRoom(member.memberId), false);
    await live;

    const dropped = new Promise<void>((resolve) => sockets.at(-1)!.once('disconnect', () => resolve()));
    // The transport breaks (no socket.io goodbye), so the client reconnects on its own.
    for (const serverSocket of t.app.io.sockets.sockets.values()) {
      if (serverSocket.rooms.has(memberRoom(member.memberId))) serverSocket.conn.close();
    }
    await dropped;
    const missed1 = await publish(memberRoom(member.memberId), true);
    const missed2 = await publish(memberRoom(member.memberId), false);
    await firstValueFrom(bus.resynced$);

    expect(statuses.map((s) => s.eventId)).toEqual([seen.id, missed1.id, missed2.id]);
    bus.disconnect();
  });
});

describe('socket gateway without its Redis', () => {
  it('keeps serving its own sockets, logging instead of crashing, when Redis is unreachable', async () => {
    // A port that was just free: nothing listens there.
    const deadPort = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${deadPort}` });
    let socket: ClientSocket | undefined;
    try {
      const dropped = vi.spyOn(t.ctx.log, 'debug');
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const member = await t.ctx.db
        .insertInto('members')
        .values({ account: `noredis_${Date.now()}`, nickname: 'No Redis', type: 0, password_hash: 'not-used' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = createToken();
      await t.ctx.db
        .insertInto('sessions')
        .values({ token_hash: hashToken(token), member_id: member.id, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) })
        .execute();
      socket = createSocketClient({
        url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
        getToken: () => token,
        socketOptions: { transports: ['websocket'], forceNew: true, reconnection: false },
      });
      await new Promise<void>((resolve, reject) => {
        socket!.once('connect', () => resolve());
        socket!.once('connect_error', reject);
        socket!.connect();
      });

      const arrived = new Promise<Status>((resolve) => socket!.once('system:status', resolve));
      t.ctx.realtime.broadcast('system:status', { maintenance: true });

      expect(await arrived).toMatchObject({ maintenance: true, eventId: 0 });
      // The publish to Redis fails after its retries; the failure is handled and logged.
      await vi.waitFor(() => expect(dropped).toHaveBeenCalledWith(expect.objectContaining({ command: 'publish' }), 'redis command dropped'), {
        timeout: 20_000,
      });
      expect((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).statusCode).toBe(200);
    } finally {
      socket?.disconnect();
      await t.close();
    }
  });
});
