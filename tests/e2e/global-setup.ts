import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operatorPassword: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

const waitUntilUp = async (url: string, server: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/wps/system/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within ${timeoutMs} ms`);
};

/** Starts the real server (built client, fresh PGlite data directory) once for all browser tests. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('Run `npm run build` before the end-to-end tests');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const operatorPassword = 'e2e-Operator#pass';
  const logFile = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, OPERATOR_PASSWORD: operatorPassword, LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: '' },
    stdio: ['ignore', logFile, logFile],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(baseUrl, server, 60_000);
  } catch (error) {
    server.kill('SIGKILL');
    process.stderr.write(fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8'));
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('operatorPassword', operatorPassword);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
