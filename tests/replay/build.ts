import { spawnSync } from 'node:child_process';
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

/** Runs the production build (`npm run build`) when dist is missing or stale; its output goes to stderr. */
export const ensureBuild = (root: string): void => {
  if (!isBuildStale(root)) return;
  process.stderr.write('replay: the client build is missing or older than its sources; running npm run build\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
};
