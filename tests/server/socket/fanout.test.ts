import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { filter, firstValueFrom, throwError, timeout } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '@client/lib/event-bus';
import { createSocketClient, type ClientSocket } from '@client/lib/socket-client';
import { createToken, hashToken } from '@server/auth/tokens';
import { createDb } from '@server/db/create-db';
import { DEMO_ACCOUNTS } from '@server/seed/seed-accounts';
import type { ServerEventName, ServerEventPayload } from '@shared/contract/socket';
import { encryptPayload } from '../../helpers/encrypt-payload';
import { ACCOUNTS_TEST_ENV, solveBotCheck } from '../../helpers/accounts-kit';
import { operatorCode } from '../../helpers/operator-code';

/**
 * Two server processes on one PostgreSQL and one Redis: an operator action on node B reaches a
 * socket connected to node A, through the Redis adapter. Both nodes answer plain HTTP, so every
 * call here goes over the network, as a browser's would.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const OPERATOR_PASSWORD = 'fanout-Operator#1';

const unreachable = async (): Promise<string | null> => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    return `PostgreSQL at ${ADMIN_URL} is unreachable (${String(error)})`;
  } finally {
    await client.end().catch(() => {});
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let connectionError: unknown = null;
  redis.on('error', (error: unknown) => (connectionError = error));
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `Redis at ${REDIS_URL} is unreachable (${String(connectionError ?? error)})`;
  } finally {
    redis.disconnect();
  }
};

const skipReason = await unreachable();
if (skipReason) console.warn(`fanout.test.ts skipped: ${skipReason}`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

interface Node {
  url: string;
  process: ChildProcess;
  output: string[];
}

const startNode = async (name: string, env: NodeJS.ProcessEnv): Promise<Node> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Start-up (migrations, seed, key pair) takes a few seconds; the node is ready when it answers.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node ${name} exited with ${child.exitCode}:\n${output.join('')}`);
    const res = await fetch(`${url}/wps/system/status`).catch(() => null);
    if (res?.ok) return { url, process: child, output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

interface Reply<T> {
  status: number;
  body: { success: boolean; code: string; value: T };
}

const call = async <T = unknown>(
  node: Node,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${node.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
};

/**
 * The next `name` event that `matches`, as the browser's event bus delivers it (checked against the
 * contract); fails naming the event when none comes. Subscribes at once, so call it before the change.
 */
const nextEvent = <E extends ServerEventName>(bus: EventBus, name: E, matches: (payload: ServerEventPayload<E>) => boolean = () => true) =>
  firstValueFrom(
    bus.on$(name).pipe(
      filter(matches),
      timeout({ first: 10_000, with: () => throwError(() => new Error(`no ${name} reached the socket on node A`)) }),
    ),
  );

const stopNode = (node: Node | undefined) =>
  new Promise<void>((resolve) => {
    if (!node || node.process.exitCode !== null) return resolve();
    node.process.once('exit', () => resolve());
    node.process.kill('SIGTERM');
  });

describe.skipIf(skipReason !== null)('fan-out across server nodes (PostgreSQL + Redis)', () => {
  const database = `fanout_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-'));
  const databaseUrl = (() => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  let nodeA: Node | undefined;
  let nodeB: Node | undefined;
  const sockets: ClientSocket[] = [];

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  /** A member's event bus over a socket connected to node A, as the browser opens it. */
  const connectToNodeA = async (token: string): Promise<EventBus> => {
    const socket = createSocketClient({ url: nodeA!.url, getToken: () => token, socketOptions: { transports: ['websocket'], forceNew: true } });
    sockets.push(socket);
    const bus = createEventBus(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
      bus.connect();
    });
    return bus;
  };

  /** An operator token from node B's operator login. */
  // One sign-in for the file: the server takes each authenticator code once, and tests run within one 30 s period.
  let operatorSession: Promise<string> | null = null;
  const operatorOnNodeB = (): Promise<string> =>
    (operatorSession ??= (async () => {
      const login = await call<{ token: string }>(nodeB!, 'POST', '/ops/session', { body: { username: 'operator', password: OPERATOR_PASSWORD, code: await operatorCode() } });
      expect(login.status).toBe(200);
      return login.body.value.token;
    })());

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      DATA_DIR: dataDir,
      OPERATOR_PASSWORD,
      CLIENT_DIST: path.join(dataDir, 'no-client'),
      // A cheap bot-check for the member login; every call comes from 127.0.0.1, so no new-IP second factor.
      ...ACCOUNTS_TEST_ENV,
      TWO_FACTOR_NEW_IP: 'false',
      // Far longer than any test here: a session refused, or a change seen, on another node was dropped by the Redis message.
      SESSION_CACHE_MS: '60000',
      MEMBER_INFO_CACHE_MS: '60000',
      BALANCE_CACHE_MS: '60000',
    };
    // One after the other, so the second node finds the schema and seed in place.
    nodeA = await startNode('A', env);
    nodeB = await startNode('B', env);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all([stopNode(nodeA), stopNode(nodeB)]);
    await admin(`drop database if exists ${database} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers system:status from an operator change on node B to a member socket on node A', async () => {
    const { db } = createDb({ databaseUrl });
    const token = createToken();
    try {
      const member = await db
        .insertInto('members')
        .values({ account: `fanout_${randomBytes(3).toString('hex')}`, nickname: 'Fan-out', type: 0, password_hash: 'not-used' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('sessions')
        .values({ token_hash: hashToken(token), member_id: member.id, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) })
        .execute();
    } finally {
      await db.destroy();
    }

    const bus = await connectToNodeA(token);
    const operatorToken = await operatorOnNodeB();
    const setMaintenance = (on: boolean) => call(nodeB!, 'PUT', '/ops/system/maintenance', { token: operatorToken, body: { on } });

    const on = nextEvent(bus, 'system:status', (p) => p.maintenance);
    expect((await setMaintenance(true)).status).toBe(200);
    await on;
    const off = nextEvent(bus, 'system:status', (p) => !p.maintenance);
    expect((await setMaintenance(false)).status).toBe(200);
    await off;

    // Node A serves the change too: both nodes read the one database.
    const status = await call<{ maintenance: boolean }>(nodeA!, 'GET', '/wps/system/status');
    expect(status.body.value.maintenance).toBe(false);
  });

  /** The demo player signed in on `node`, as a browser does it. */
  const loginOn = async (node: Node): Promise<string> => {
    const { account, password } = DEMO_ACCOUNTS.player;
    const permission = await call<{ payloadPublicKey: string }>(node, 'GET', '/wps/system/permission');
    const challenge = await call<Parameters<typeof solveBotCheck>[0]>(node, 'GET', '/wps/verification/challenge');
    const sealed = encryptPayload(
      { type: 'username', username: account, password, botCheck: await solveBotCheck(challenge.body.value) },
      permission.body.value.payloadPublicKey,
    );
    const login = await call<{ token: string }>(node, 'POST', '/wps/session/login', { body: sealed.body, headers: sealed.headers });
    expect(login.status).toBe(200);
    return login.body.value.token;
  };

  it('[AUTH-17] a session in use on node A and logged out on node B is refused on node A at once, though node A had it cached', async () => {
    const token = await loginOn(nodeA!);
    expect((await call(nodeA!, 'GET', '/wps/member/info', { token })).status).toBe(200);
    expect((await call(nodeA!, 'GET', '/wps/member/info', { token })).status).toBe(200);
    const out = await fetch(`${nodeB!.url}/wps/session/logout`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    // The message from node B travels through Redis: it arrives within moments, not after the cache's minute.
    await expect
      .poll(async () => (await call(nodeA!, 'GET', '/wps/member/info', { token })).body.code, { timeout: 2_000, interval: 50 })
      .toBe('SESSION_EXPIRED');
  });

  it('[API-17] member info cached on node A shows an icon changed on node B', async () => {
    const token = await loginOn(nodeA!);
    const iconOnNodeA = async () => (await call<{ iconId: number }>(nodeA!, 'GET', '/wps/member/info', { token })).body.value.iconId;
    const before = await iconOnNodeA();
    const next = (before % 12) + 1;
    expect((await call(nodeB!, 'PUT', '/wps/member/info/icon', { token, body: { iconId: next } })).status).toBe(200);
    // The message from node B travels through Redis: it arrives within moments, not after the cache's minute.
    await expect.poll(iconOnNodeA, { timeout: 2_000, interval: 50 }).toBe(next);
  });

  it('[API-20] an operator balance adjustment on node B reaches the logged-in member on node A: balance:updated, message:new and the balance call agree', async () => {
    const { account } = DEMO_ACCOUNTS.player;
    const memberToken = await loginOn(nodeA!);

    const balanceOnNodeA = async () => {
      const res = await call<{ balance: number }>(nodeA!, 'GET', '/wps/v2/wallets/balance', { token: memberToken });
      expect(res.status).toBe(200);
      return res.body.value.balance;
    };
    const before = await balanceOnNodeA();
    const bus = await connectToNodeA(memberToken);
    const balanceEvent = nextEvent(bus, 'balance:updated');
    const messageEvent = nextEvent(bus, 'message:new', (m) => m.template === 'balance.adjusted');

    const reason = 'Fan-out goodwill credit';
    const adjusted = await call<{ transactionId: number; balance: number }>(nodeB!, 'POST', '/ops/balance-adjustments', {
      token: await operatorOnNodeB(),
      body: { account, amount: 12.34, reason, requestId: randomUUID() },
    });
    expect(adjusted.status).toBe(200);
    const expected = Math.round((before + 12.34) * 100) / 100;
    expect(adjusted.body.value.balance).toBe(expected);

    const [balanceUpdated, message] = await Promise.all([balanceEvent, messageEvent]);
    expect(balanceUpdated).toMatchObject({ balance: expected, entryType: 'OPERATOR_ADJUSTMENT', transactionId: adjusted.body.value.transactionId });
    expect(message).toMatchObject({ read: false, params: { amount: '12.34', reason } });
    expect(message.content).toContain(reason);
    expect(await balanceOnNodeA()).toBe(expected);
  });
});
