import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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

/** The verdict line of each path, in the order replayed: `passed <machine> <id>` or `FAILED <machine> <id>`. */
const verdicts = (lines: string[]) => lines.filter((line) => /^(passed|FAILED) /.test(line)).map((line) => line.split(' ').slice(0, 3).join(' '));

// The two machines replay at once, each with its own server and browser: the contract deadline's
// wait overlaps the popup's paths.
describe.concurrent('npm run replay drives the contract flows in Chromium against a fresh server', () => {
  it('[AGENT-20] [SHELL-24] replays every contract popup path, the answers the server no longer takes among them', async () => {
    const { paths } = machinePaths('contract-popup');
    const { code, lines } = await replay('contract-popup');
    expect(verdicts(lines)).toEqual(paths.map((path) => `passed contract-popup ${path.id}`));
    expect(lines.at(-2)).toBe(`${paths.length} of ${paths.length} paths passed`);
    expect(code).toBe(0);
    const report = fs.readFileSync(lines.at(-1)!, 'utf8');
    expect(report).toContain('arranged: the demo agent offered');
    // An offer withdrawn, and an end confirmed on another device, while the popup's yes was on its way.
    expect(report).toContain('arranged: the demo agent withdrew its offer');
    expect(report).toContain('arranged: the member confirmed the end on another device');
    expect(report).toContain('the server answered INVALID_STATE');
  }, 12 * 60_000);

  it('[AGENT-18] replays the ends of an agreement: asked by the agent and confirmed in the popup; asked by the holder on its own page, then confirmed, refused, or left to its deadline', async () => {
    const ids = ['000b6e88', '8481df2e', '00d6315e', '637cc850'];
    const { code, lines } = await replay('contract', ...ids);
    expect(verdicts(lines)).toEqual(ids.map((id) => `passed contract ${id}`));
    expect(lines.at(-2)).toBe(`${ids.length} of ${ids.length} paths passed`);
    expect(code).toBe(0);
    const report = fs.readFileSync(lines.at(-1)!, 'utf8');
    expect(report).toContain('arranged: the agent&#39;s contract list says terminated');
    expect(report).toContain('arranged: the holder opened its real-time salary page in the agent center');
    expect(report).toContain('arranged: the demo agent refused the end its member asked for, keeping the agreement');
    expect(report).toMatch(/arranged: waited \d+ s for its deadline \(the replay&#39;s server: CONTRACT_OFFER_TTL_SECONDS=90\) and the server&#39;s expiry job; the agent&#39;s contract list says terminated/);
  }, 12 * 60_000);
});
