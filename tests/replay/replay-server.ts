import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type SpawnedServer } from '../helpers/spawned-server';
import { CLIENT_BUILDS, type ClientBuild } from './build';
import { REPLAY_OPERATOR_PASSWORD } from './fixtures';
import { CAPTCHA_TEXT, DEFAULT_PASSWORD } from './settings';

/**
 * The server a replay drives: the real one (`src/server/main.ts`), on a free port, over a fresh
 * embedded PGlite database seeded like `npm start`, serving the production build. Its settings are
 * the ones a tester needs to reach every outcome on demand; none of them touches the client.
 */
export const REPLAY_SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  CLIENT_DIST: 'dist/client',
  DATABASE_URL: '',
  REDIS_URL: '',
  OPERATOR_PASSWORD: REPLAY_OPERATOR_PASSWORD,
  // Every path's browser speaks from an address of its own (X-Forwarded-For), so per-address limits
  // and the two-factor IP registry stay per path.
  TRUST_PROXY: 'true',
  TWO_FACTOR_NEW_IP: 'true',
  // A code lives one minute: the countdown path takes a minute instead of five. A player registered
  // for a path (with an SMS code) may get its login code seconds later.
  SMS_CODE_MINUTES: '1',
  SMS_NUMBER_COOLDOWN_SECONDS: '5',
  SMS_IP_COOLDOWN_SECONDS: '1',
  // The captcha a path answers reads this text (a person reads the picture).
  CAPTCHA_FIXED_TEXT: CAPTCHA_TEXT,
  // Accounts registered with this password must change it at their first login (AUTH-07).
  DEFAULT_INITIAL_PASSWORD: DEFAULT_PASSWORD,
  // A disbursed withdrawal nobody confirms counts as received after a minute; the job looks every 5 s.
  WITHDRAWAL_AUTO_RECEIVE_MINUTES: '1',
  JOB_INTERVAL_SECONDS: '5',
  // An unanswered contract offer expires, and an unanswered termination request takes effect, 90 s
  // after it was made (the job looks every 5 s): long enough for every other contract path.
  CONTRACT_OFFER_TTL_SECONDS: '90',
  SEED_DEMO_ACTIVITY: 'false',
  LOTTERY_TICK_SECONDS: '0',
};

export interface ReplayServer {
  server: SpawnedServer;
  /** One line for the report: where it ran and with what. */
  description: string;
  stop(): Promise<void>;
}

export const startReplayServer = async (root: string, build: ClientBuild = 'production'): Promise<ReplayServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-'));
  const clientDir = CLIENT_BUILDS[build].dir;
  try {
    const server = await startServer({ ...REPLAY_SERVER_ENV, DATA_DIR: dataDir, CLIENT_DIST: path.join(root, clientDir) });
    const settings = ['TWO_FACTOR_NEW_IP', 'SMS_CODE_MINUTES', 'SMS_NUMBER_COOLDOWN_SECONDS', 'CAPTCHA_FIXED_TEXT', 'DEFAULT_INITIAL_PASSWORD', 'WITHDRAWAL_AUTO_RECEIVE_MINUTES', 'CONTRACT_OFFER_TTL_SECONDS']
      .map((key) => `${key}=${REPLAY_SERVER_ENV[key]}`)
      .join(' ');
    return {
      server,
      description: `server ${server.url} (pid ${server.pid}) on a fresh PGlite database in ${dataDir}, ${build} build from ${clientDir}; ${settings}`,
      stop: async () => {
        server.kill('SIGTERM');
        await server.exited;
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
};
