import { describe, it } from 'vitest';
import type { MachinePath, MachinePaths } from './machine-paths';

/**
 * One test per registered path of a machine, named `<id>: <description>` as `npm run paths` prints
 * it: a failing test names the path a tester replays with `npm run replay -- <machine> <id>`.
 */
export const describePaths = (title: string, entry: MachinePaths, replay: (path: MachinePath) => Promise<void>, timeout?: number) =>
  describe(`${title} (${entry.name} paths, \`npm run paths -- ${entry.name}\`)`, () => {
    for (const path of entry.paths) it(`${path.id}: ${path.description}`, () => replay(path), timeout);
  });
