import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractPathCannotReplay } from '../replay/drivers/contracts.driver';
import { machinePaths } from '../models/paths';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run replay -- <args>` as a tester runs it: its exit code and what it printed. */
const replay = (...args: string[]) =>
  new Promise<{ code: number | null; lines: string[] }>((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'tests/replay/main.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, lines: out.trim().split('\n') }));
  });

describe('npm run replay drives the contract flows in Chromium against a fresh server', () => {
  it('[AGENT-20] [SHELL-24] replays every contract popup path an outcome can be arranged for, and lists the others with why', async () => {
    const { paths } = machinePaths('contract-popup');
    const unarrangeable = paths.filter((path) => contractPathCannotReplay(path));
    const { code, lines } = await replay('contract-popup');
    expect(lines.filter((line) => line.startsWith('FAILED'))).toEqual([]);
    expect(lines.at(-2)).toBe(
      `${paths.length - unarrangeable.length} of ${paths.length - unarrangeable.length} paths passed; ${unarrangeable.length} not replayed: an outcome they need cannot be arranged on demand (the report says which)`,
    );
    expect(code).toBe(0);
    // Accept, reject, close, a network failure and its retry, offers arriving and withdrawn: all of them replayed.
    expect(paths.length - unarrangeable.length).toBeGreaterThanOrEqual(18);
    const report = fs.readFileSync(lines.at(-1)!, 'utf8');
    for (const path of unarrangeable) expect(report).toContain(`contract-popup ${path.id}</b>`);
    expect(report).toContain('Not replayed: step 2 (answer.yes (stale)) cannot be arranged');
    expect(report).toContain('arranged: the demo agent offered');
  }, 12 * 60_000);

  it('[AGENT-18] replays an agreement the member accepts, the agent asks to end and the member confirms ending, checked in the agent center', async () => {
    const { code, lines } = await replay('contract', '000b6e88');
    expect(lines.at(-2)).toBe('1 of 1 paths passed');
    expect(code).toBe(0);
    const report = fs.readFileSync(lines.at(-1)!, 'utf8');
    expect(report).toContain("arranged: the agent&#39;s contract list says terminated");
  }, 5 * 60_000);
});
