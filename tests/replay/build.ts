import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

/** What the client bundle is built from: a change to any of these makes dist stale. */
const CLIENT_INPUTS = ['src/client', 'src/shared', 'machines', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

const newestChange = (entry: string): number => {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
};

/** Whether `dist/client` is missing or older than a file it is built from. */
export const isBuildStale = (root: string, dist = path.join(root, 'dist/client/index.html')): boolean => {
  const built = fs.statSync(dist, { throwIfNoEntry: false })?.mtimeMs;
  if (built === undefined) return true;
  return CLIENT_INPUTS.some((input) => newestChange(path.join(root, input)) > built);
};

/**
 * The client builds a replay serves: the production one for the registered paths, and a
 * development one (its dev tools in: the session recorder a recorded session is replayed with).
 */
export const CLIENT_BUILDS = {
  // Named: a test runner's NODE_ENV=test would otherwise give the "production" build the development one's dev tools.
  production: { dir: 'dist/client', command: ['run', 'build'], env: { NODE_ENV: 'production' } },
  development: {
    dir: 'dist/client-dev',
    // esbuild's minifier: the production build's terser takes twice as long and a tester's build gains nothing from it.
    command: ['run', 'build', '--', '--mode', 'development', '--outDir', 'dist/client-dev', '--minify', 'esbuild'],
    // Vite takes `import.meta.env.DEV` from NODE_ENV, not from the mode.
    env: { NODE_ENV: 'development' },
  },
} as const;

export type ClientBuild = keyof typeof CLIENT_BUILDS;

/**
 * Builds the client (`npm run build`) when its dist is missing or stale; the build's output goes to stderr. Not a
 * synchronous spawn: a test worker blocked for the build's minute cannot answer its runner, which gives up after 60 s.
 */
export const ensureBuild = async (root: string, build: ClientBuild = 'production'): Promise<string> => {
  const { dir, command, env } = CLIENT_BUILDS[build];
  const dist = path.join(root, dir);
  if (!isBuildStale(root, path.join(dist, 'index.html'))) return dist;
  process.stderr.write(`replay: the ${build} client build is missing or older than its sources; running npm ${command.join(' ')}\n`);
  const child = spawn('npm', [...command], { cwd: root, stdio: ['ignore', process.stderr, process.stderr], env: { ...process.env, ...env } });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`npm ${command.join(' ')} failed (exit ${code})`);
  return dist;
};
