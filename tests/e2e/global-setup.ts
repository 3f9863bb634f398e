import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { OperatorSession } from '@shared/contract/operator';
import { startLocalOidcProvider } from '../helpers/local-oidc-provider';
import { DEV_OPERATOR_TOTP_SECRET } from '@server/config';
import { operatorCode } from '../helpers/operator-code';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operatorPassword: string;
    /** The seeded operator's session token, for the tests that arrange data through the operator API. */
    operatorToken: string;
    /** The same session as the console keeps it, for browser tests that open the console already signed in. */
    operatorSession: OperatorSession;
    socialProviderLabel: string;
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

/**
 * Signs the seeded operator in once for every file: the server takes each authenticator code only
 * once, so files signing in on their own within one 30 s period would be refused. It uses the
 * previous period's code (still within the server's tolerance), which leaves the current one to the
 * console test that signs in through the browser.
 */
const signInOperator = async (baseUrl: string, password: string): Promise<OperatorSession> => {
  // The previous period's code stops being accepted when a period boundary passes while the
  // request is on its way (the server takes one period either side): then the next one, once.
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${baseUrl}/ops/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator', password, code: await operatorCode(DEV_OPERATOR_TOTP_SECRET, -1) }),
    });
    if (res.status === 200) return ((await res.json()) as { value: OperatorSession }).value;
    if (res.status !== 401 || attempt === 2) throw new Error(`operator sign-in failed: ${res.status} ${await res.text()}`);
  }
};

/** Starts the real server (built client, fresh PGlite data directory) once for all browser tests. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync('dist/client/index.html')) throw new Error('Run `npm run build` before the end-to-end tests');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const operatorPassword = 'e2e-Operator#pass';
  const baseUrl = `http://127.0.0.1:${port}`;
  // A local OpenID provider, so social sign-in runs end to end in the browser (AUTH-01).
  const socialProviderLabel = 'Local ID';
  const oidc = await startLocalOidcProvider({ clientId: 'e2e-site', clientSecret: 'e2e-site-secret', redirectUri: `${baseUrl}/oidc/callback` });
  const logFile = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_PASSWORD: operatorPassword,
      // The dev-only authenticator secret whatever the shell has, so operatorCode() matches it.
      OPERATOR_TOTP_SECRET: DEV_OPERATOR_TOTP_SECRET,
      // One operator session serves the whole run (below), however long it idles between files.
      OPERATOR_IDLE_MINUTES: String(24 * 60),
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      DATABASE_URL: '',
      PUBLIC_BASE_URL: baseUrl,
      OIDC_LOCAL_ISSUER: oidc.issuer,
      OIDC_LOCAL_CLIENT_ID: 'e2e-site',
      OIDC_LOCAL_CLIENT_SECRET: 'e2e-site-secret',
      OIDC_LOCAL_LABEL: socialProviderLabel,
    },
    stdio: ['ignore', logFile, logFile],
  });
  try {
    await waitUntilUp(baseUrl, server, 60_000);
  } catch (error) {
    server.kill('SIGKILL');
    await oidc.close();
    process.stderr.write(fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8'));
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('operatorPassword', operatorPassword);
  const operatorSession = await signInOperator(baseUrl, operatorPassword);
  project.provide('operatorToken', operatorSession.token);
  project.provide('operatorSession', operatorSession);
  project.provide('socialProviderLabel', socialProviderLabel);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await oidc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
