// API throughput: autocannon on the lobby (game menus), system status, member info and balance calls, each beside
// a hello-world route of the same server process (BENCH_HELLO_ROUTE: same hooks, no database), on PostgreSQL
// (a throwaway database, when reachable) and on the embedded PGlite. The server runs as in production.
//   npx tsx bench/api.bench.ts [--long] [--profile] [--only pglite|postgres]
// --profile writes a V8 CPU profile of each server (node --cpu-prof) and prints where its time went.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createHttpClient } from '../tests/helpers/http-client';
import { benchOptions, higherIsBetter, recordResult, type BenchRow } from './lib/bench-kit';
import { BENCH_PG_URL, DEMO_PLAYER, pgReachable, startBenchServer } from './lib/bench-server';
import { printProfile, summarizeProfile } from './lib/cpu-profile';

const { long } = benchOptions();
const { values: flags } = parseArgs({ options: { profile: { type: 'boolean', default: false }, only: { type: 'string' } }, strict: false });
const SECONDS = long ? 6 : 3;
// Rounds of (baseline, call) pairs; the round with the median ratio is reported. Other work on the machine (and on the
// shared PostgreSQL) comes and goes within seconds, so one pair can land on a burst; the median of several rarely does.
const ROUNDS = long ? 5 : 3;
const CONNECTIONS = 10;
interface Target {
  name: string;
  path: string;
  member: boolean;
  /** Request headers beyond the member's token. */
  headers?: Record<string, string>;
  /** Issue 15 sets the throughput goal for the lobby, status, member and balance calls; other rows inform. */
  withoutGoal?: boolean;
}
/** What every browser sends: the server answers compressed. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const TARGETS: Target[] = [
  { name: 'game menus (lobby)', path: '/lgw/games/game_menus', member: false },
  { name: 'game menus (lobby), compressed as a browser asks', path: '/lgw/games/game_menus', member: false, headers: BROWSER_ENCODINGS },
  // Per visitor (its address and region), so compressed per request; lobby pages bring it in their HTML instead.
  { name: 'site configuration, compressed as a browser asks', path: '/wps/system/permission', member: false, headers: BROWSER_ENCODINGS, withoutGoal: true },
  { name: 'system status', path: '/wps/system/status', member: false },
  { name: 'member info', path: '/wps/member/info', member: true },
  { name: 'balance', path: '/wps/v2/wallets/balance', member: true },
];

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const cannon = async (url: string, headers: Record<string, string>, seconds: number): Promise<Measured> => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
};

const benchOn = async (kind: 'postgres' | 'pglite'): Promise<{ rows: BenchRow[]; notes: string[] }> => {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-profile-'));
  const { server, stop } = await startBenchServer(kind, {
    // One client process plays a crowd here: the general limits are lifted (the limited calls still pay for counting).
    env: { RATE_LIMIT_ROUTE_PER_MINUTE: '100000000', RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000000' },
    nodeArgs: flags.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const notes: string[] = [];
  try {
    const client = createHttpClient(server.url);
    const token = await client.login(DEMO_PLAYER.username, DEMO_PLAYER.password);
    const auth = { authorization: `Bearer ${token}` };
    const hello = `${server.url}/bench/hello`;
    // Warm-up: JIT, connection pools and caches, as a server that has been up for a while.
    await cannon(hello, {}, 1);
    for (const t of TARGETS) await cannon(`${server.url}${t.path}`, { ...(t.member ? auth : {}), ...t.headers }, 1);

    const rows: BenchRow[] = [];
    for (const t of TARGETS) {
      // The baseline right before each call, so drift in the machine's load touches both alike.
      const rounds: { base: Measured; m: Measured }[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const base = await cannon(hello, {}, SECONDS);
        rounds.push({ base, m: await cannon(`${server.url}${t.path}`, { ...(t.member ? auth : {}), ...t.headers }, SECONDS) });
      }
      rounds.sort((a, b) => a.m.rps / a.base.rps - b.m.rps / b.base.rps);
      const { base, m } = rounds[Math.floor(ROUNDS / 2)]!;
      if (m.non2xx + m.errors + base.non2xx + base.errors > 0) {
        notes.push(`${kind} ${t.name}: ${m.non2xx} non-2xx and ${m.errors} errors (hello: ${base.non2xx}, ${base.errors})`);
      }
      const ratio = higherIsBetter(m.rps, base.rps);
      const [minRatio, maxP99] = kind === 'postgres' ? [0.5, 20] : [0.3, 20];
      rows.push({
        measure: `${t.name}, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
        value: m.rps,
        unit: 'req/s',
        baseline: 'hello-world route, same server',
        baselineValue: base.rps,
        ratio,
        ...(t.withoutGoal ? {} : { target: `≥ ${minRatio.toFixed(2)}, p99 < ${maxP99} ms`, met: ratio >= minRatio && m.p99 < maxP99 }),
        extra: { 'p50 ms': m.p50, 'p99 ms': m.p99, 'hello p99 ms': base.p99 },
      });
      const all = rounds.map((r) => (r.m.rps / r.base.rps).toFixed(2)).join(', ');
      console.log(`  ${kind} ${t.name}: ${m.rps.toFixed(0)} req/s (p99 ${m.p99} ms) vs hello ${base.rps.toFixed(0)} req/s: ${ratio.toFixed(2)} (rounds: ${all})`);
    }
    return { rows, notes };
  } finally {
    await stop();
    if (flags.profile) {
      for (const file of fs.existsSync(profileDir) ? fs.readdirSync(profileDir) : []) {
        const kept = path.join(os.tmpdir(), `api-bench-${kind}-${file}`);
        fs.copyFileSync(path.join(profileDir, file), kept);
        printProfile(`${kind} server (${kept})`, summarizeProfile(kept, 30));
      }
    }
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
};

const main = async () => {
  console.log(`api bench: ${CONNECTIONS} connections, ${SECONDS} s per call and per baseline`);
  const kinds: ('postgres' | 'pglite')[] = [];
  if (flags.only !== 'pglite') {
    if (await pgReachable()) kinds.push('postgres');
    else console.log(`  PostgreSQL not reachable at ${new URL(BENCH_PG_URL).host}: PGlite only`);
  }
  if (flags.only !== 'postgres') kinds.push('pglite');
  const rows: BenchRow[] = [];
  const notes: string[] = [
    `autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s on the hello route then ${SECONDS} s on the call, the round with the median ratio shown; one client address, no Accept-Encoding unless the row says so; the server in production mode on the same 2 cores`,
  ];
  for (const kind of kinds) {
    const r = await benchOn(kind);
    rows.push(...r.rows);
    notes.push(...r.notes);
  }
  recordResult({ name: 'api', title: 'API throughput', long, rows, notes });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
