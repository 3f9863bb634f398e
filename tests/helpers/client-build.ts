import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltClient {
  dir: string;
  /** Every file the build wrote, with its path inside the build. */
  files(): { name: string; text: string }[];
  dispose(): void;
}

/**
 * A fresh client build in a temporary directory, as `npm run build` makes it (production) or as the
 * replay's development build does (`NODE_ENV=development`, mode development: the dev tools in).
 */
export const buildClient = async (kind: 'production' | 'development'): Promise<BuiltClient> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `client-${kind}-`));
  // Vite takes import.meta.env.DEV from NODE_ENV, which Vitest sets to test.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = kind;
  try {
    await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), mode: kind, logLevel: 'error', build: { outDir: dir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return {
    dir,
    files: () =>
      (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
        .filter((name) => fs.statSync(path.join(dir, name)).isFile() && !/\.(br|gz|png|jpe?g|webp|woff2?|ico)$/.test(name))
        .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') })),
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
};
