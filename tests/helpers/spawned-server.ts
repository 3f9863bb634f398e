import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createThrowawayDatabase } from './test-app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Settings every spawned test server runs with: a cheap bot-check, no second factor for new IPs, quiet JSON logs. */
export const SPAWNED_SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
  BOT_CHECK_ALGORITHM: 'SHA-256',
  BOT_CHECK_COST: '1',
  BOT_CHECK_MAX_COUNTER: '40',
  TWO_FACTOR_NEW_IP: 'false',
  CLIENT_DIST: '/nonexistent',
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Where a spawned server keeps its data: a throwaway PostgreSQL database (TEST_DATABASE_URL) or a PGlite directory. */
export interface ServerDatabase {
  env: Record<string, string>;
  kind: 'postgres' | 'pglite';
  /** The PostgreSQL URL (null on PGlite, which only one process can open). */
  url: string | null;
  dispose: () => Promise<void>;
}

export const createServerDatabase = async (): Promise<ServerDatabase> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spawned-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return { env: { DATA_DIR: dataDir }, kind: 'pglite', url: null, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const db = await createThrowawayDatabase(adminUrl);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: db.url },
    kind: 'postgres',
    url: db.url,
    dispose: async () => {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export interface SpawnedServer {
  url: string;
  port: number;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `src/server/main.ts` as its own process on a free loopback port and waits until /readyz answers 200. */
export const startServer = async (
  env: Record<string, string>,
  options: { readyTimeoutMs?: number; port?: number; /** Extra node flags (benches: --cpu-prof). */ nodeArgs?: string[] } = {},
): Promise<SpawnedServer> => {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...SPAWNED_SERVER_ENV, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${output.slice(-3000)}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status === 200, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within the timeout:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, pid: child.pid!, output: () => output, exited, kill: (signal) => child.kill(signal) };
};
