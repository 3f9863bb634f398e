// Production builds for the client benches: the platform's client (its own vite.config.ts, into a temporary
// directory so dist/ stays as it is) and the bare React baseline page, built in the same run; and a bare static
// server for the baseline that compresses as the platform does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { ROOT } from './bench-kit';

/** A temporary build directory, removed when the process exits (a bench that fails leaves none behind either). */
const temporaryBuildDir = (prefix: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/**
 * Builds the platform's client into a temporary directory, gone when the process exits (or reuses BENCH_CLIENT_DIST, set by `npm run bench`).
 * `minify: false` keeps the function names for a profile; that build is always a fresh one.
 */
export const buildPlatformClient = async ({ minify = true } = {}): Promise<string> => {
  const reuse = process.env.BENCH_CLIENT_DIST;
  if (minify && reuse && fs.existsSync(path.join(reuse, 'index.html'))) return reuse;
  const outDir = temporaryBuildDir('bench-client-');
  await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false, minify } });
  return outDir;
};

/** Builds bench/baseline (React 19 and nothing else) into a temporary directory. */
export const buildBaselinePage = async (): Promise<string> => {
  const outDir = temporaryBuildDir('bench-baseline-');
  await build({
    root: path.join(ROOT, 'bench', 'baseline'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return outDir;
};

/** Serves a built page with compression (brotli first), as the platform serves its own. */
export const serveStatic = async (dir: string): Promise<{ url: string; close: () => Promise<void> }> => {
  const app = Fastify();
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(fastifyStatic, { root: dir, index: ['index.html'] });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, close: () => app.close() };
};

export interface Weight {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of files as they go over the wire: raw, gzip (level 9) and brotli (quality 11), each compressed alone. */
export const weightOf = (files: string[]): Weight => {
  const w: Weight = { files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    w.raw += bytes.length;
    w.gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    w.brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return w;
};

export const kb = (bytes: number) => bytes / 1024;
