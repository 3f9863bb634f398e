import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** DESIGN.md: src/shared <- machines <- src/client; src/shared <- src/server; client and server never meet. */
const FORBIDDEN: Record<string, string[]> = {
  'src/shared': ['@machines/', '@client/', '@server/', 'react', 'fastify', 'node:'],
  machines: ['@client/', '@server/', 'react', 'axios', 'socket.io'],
  'src/client': ['@server/', 'fastify', 'kysely', 'node:'],
  'src/server': ['@client/', '@machines/', 'react'],
};

const sourceFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? sourceFiles(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : [];
      })
    : [];

const importsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );

const relativeTarget = (file: string, spec: string) => (spec.startsWith('.') ? path.relative('.', path.resolve(path.dirname(file), spec)) : null);

describe('import direction', () => {
  for (const [layer, banned] of Object.entries(FORBIDDEN)) {
    it(`${layer} imports nothing from the layers above it`, () => {
      const offences: string[] = [];
      for (const file of sourceFiles(layer)) {
        for (const spec of importsOf(file)) {
          const rel = relativeTarget(file, spec);
          const crossesByPath = rel !== null && !rel.startsWith(layer) && !rel.startsWith('src/shared') && !rel.startsWith('locales');
          const bannedByName = banned.some((b) => spec === b || spec.startsWith(b.endsWith('/') || b.endsWith(':') ? b : `${b}/`));
          if (bannedByName || crossesByPath) offences.push(`${file} -> ${spec}`);
        }
      }
      expect(offences).toEqual([]);
    });
  }
});
