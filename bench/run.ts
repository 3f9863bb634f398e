// npm run bench [-- --long] [-- --only api,logins]: every bench in turn, each a process of its own (no bench
// warms the next one's JIT or pools), the client built once for the two client benches; then the README's table.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, updateReadmeTable } from './lib/bench-kit';
import { buildPlatformClient } from './lib/client-build';

const BENCHES = ['client-weight', 'lighthouse', 'api', 'ledger', 'sockets', 'logins'] as const;

const { values } = parseArgs({ options: { long: { type: 'boolean', default: false }, only: { type: 'string' } } });
const chosen = values.only ? values.only.split(',').map((s) => s.trim()) : [...BENCHES];
const unknown = chosen.filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);

const main = async () => {
  const env = { ...process.env };
  if (chosen.includes('client-weight') || chosen.includes('lighthouse')) {
    console.log('== building the client once for the client benches');
    // Removed when this process exits, after the benches that reuse it.
    env.BENCH_CLIENT_DIST = await buildPlatformClient();
  }
  const failed: string[] = [];
  for (const name of chosen) {
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.bench.ts`), ...(values.long ? ['--long'] : [])], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    console.log(`   (${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    if (run.status !== 0) failed.push(name);
  }
  console.log(updateReadmeTable() ? '\nREADME: bench table updated from bench/results/' : '\nREADME: no bench table markers found');
  if (failed.length > 0) {
    console.error(`failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
};

void main();
