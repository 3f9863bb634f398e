import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocketClient, type ClientSocket } from '@client/lib/socket-client';
import { createToken, hashToken } from '@server/auth/tokens';
import { createDb } from '@server/db/create-db';
import type { ServerEventPayload } from '@shared/contract/socket';

/**
 * Two server processes on one PostgreSQL and one Redis: an operator action on node B reaches a
 * socket connected to node A, through the Redis adapter.
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
  let socket: ClientSocket | undefined;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

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
    };
    // One after the other, so the second node finds the schema and seed in place.
    nodeA = await startNode('A', env);
    nodeB = await startNode('B', env);
  }, 120_000);

  afterAll(async () => {
    socket?.disconnect();
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

    socket = createSocketClient({ url: nodeA!.url, getToken: () => token, socketOptions: { transports: ['websocket'], forceNew: true } });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
      socket!.connect();
    });
    const statuses: ServerEventPayload<'system:status'>[] = [];
    const received = (maintenance: boolean) =>
      new Promise<void>((resolve) => {
        const check = (p: ServerEventPayload<'system:status'>) => {
          statuses.push(p);
          if (p.maintenance === maintenance) {
            socket!.off('system:status', check);
            resolve();
          }
        };
        socket!.on('system:status', check);
      });

    const login = await fetch(`${nodeB!.url}/ops/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator', password: OPERATOR_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const operatorToken = ((await login.json()) as { value: { token: string } }).value.token;
    const setMaintenance = (on: boolean) =>
      fetch(`${nodeB!.url}/ops/system/maintenance`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operatorToken}` },
        body: JSON.stringify({ on }),
      });

    const on = received(true);
    expect((await setMaintenance(true)).status).toBe(200);
    await on;
    const off = received(false);
    expect((await setMaintenance(false)).status).toBe(200);
    await off;

    expect(statuses.filter((s) => s.maintenance).length).toBeGreaterThan(0);
    // Node A serves the change too: both nodes read the one database.
    const status = (await (await fetch(`${nodeA!.url}/wps/system/status`)).json()) as { value: { maintenance: boolean } };
    expect(status.value.maintenance).toBe(false);
  });
});
