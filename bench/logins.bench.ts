// Sign-ins per second through the real call (bot-check, encrypted payload, argon2id, session), with several
// players at once, each from its own address behind a trusted proxy (the per-address sign-in limit stays out of
// the way). Beside it, in the same run: bare argon2id verifications per second at the same cost and concurrency
// (the ceiling the hash sets), and the same sign-ins at the library's default cost (what the platform used).
//   npx tsx bench/logins.bench.ts [--long]
import argon2 from 'argon2';
import { createHttpClient } from '../tests/helpers/http-client';
import { OWASP_MINIMUM_HASHING, type PasswordHashing } from '../src/server/services/auth/passwords';
import { benchOptions, higherIsBetter, recordResult } from './lib/bench-kit';
import { DEMO_PLAYER, pgReachable, startBenchServer } from './lib/bench-server';

const { long } = benchOptions();
const SECONDS = long ? 20 : 5;
const CONCURRENCY = 8;
const LIBRARY_DEFAULTS: PasswordHashing = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };

const hashingEnv = (h: PasswordHashing) => ({
  PASSWORD_HASH_MEMORY_KIB: String(h.memoryCost),
  PASSWORD_HASH_TIME_COST: String(h.timeCost),
  PASSWORD_HASH_PARALLELISM: String(h.parallelism),
});

/** Sign-ins per second over SECONDS with CONCURRENCY players at once; every answer must be a 200. */
const loginsPerSecond = async (kind: 'postgres' | 'pglite', hashing: PasswordHashing): Promise<{ rate: number; failures: number; p99: number }> => {
  const { server, stop } = await startBenchServer(kind, { env: { TRUST_PROXY: 'true', ...hashingEnv(hashing) } });
  try {
    let address = 0;
    let done = 0;
    let failures = 0;
    const latencies: number[] = [];
    const player = async () => {
      while (Date.now() < until) {
        address += 1;
        const client = createHttpClient(server.url, { headers: { 'x-forwarded-for': `198.18.${(address >> 8) & 255}.${address & 255}` } });
        const started = performance.now();
        try {
          await client.login(DEMO_PLAYER.username, DEMO_PLAYER.password);
          done += 1;
          latencies.push(performance.now() - started);
        } catch {
          failures += 1;
        }
      }
    };
    // One sign-in first: the server's key, pools and JIT warm.
    await createHttpClient(server.url, { headers: { 'x-forwarded-for': '198.18.255.254' } }).login(DEMO_PLAYER.username, DEMO_PLAYER.password);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: CONCURRENCY }, player));
    const sorted = latencies.sort((a, b) => a - b);
    return { rate: done / ((Date.now() - started) / 1000), failures, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0 };
  } finally {
    await stop();
  }
};

/** Bare argon2id verifications per second in this process, CONCURRENCY at once (libuv's thread pool, as the server). */
const verificationsPerSecond = async (hashing: PasswordHashing): Promise<number> => {
  const hash = await argon2.hash(DEMO_PLAYER.password, { type: argon2.argon2id, ...hashing });
  let done = 0;
  const started = Date.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await argon2.verify(hash, DEMO_PLAYER.password);
        done += 1;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
};

const main = async () => {
  const kind = (await pgReachable()) ? 'postgres' : 'pglite';
  console.log(`logins bench: ${CONCURRENCY} players at once for ${SECONDS} s, on ${kind}`);
  const now = await loginsPerSecond(kind, OWASP_MINIMUM_HASHING);
  console.log(`  sign-ins at m=19 MiB, t=2, p=1: ${now.rate.toFixed(1)}/s (p99 ${now.p99.toFixed(0)} ms, ${now.failures} failed)`);
  const bare = await verificationsPerSecond(OWASP_MINIMUM_HASHING);
  console.log(`  bare argon2id verifications at the same cost: ${bare.toFixed(1)}/s`);
  const before = await loginsPerSecond(kind, LIBRARY_DEFAULTS);
  console.log(`  sign-ins at the library's defaults (m=64 MiB, t=3, p=4): ${before.rate.toFixed(1)}/s`);
  recordResult({
    name: 'logins',
    title: 'Sign-ins per second',
    long,
    rows: [
      {
        measure: `sign-ins, argon2id m=19 MiB t=2 p=1, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
        value: now.rate,
        unit: '/s',
        baseline: 'bare argon2id verifications, same cost',
        baselineValue: bare,
        ratio: higherIsBetter(now.rate, bare),
        target: '≥ 60/s',
        met: now.rate >= 60 && now.failures === 0,
        extra: { 'p99 ms': now.p99, failed: now.failures, 'at the library defaults /s': before.rate },
      },
    ],
    notes: [
      `${CONCURRENCY} players at once, each sign-in with a fresh bot-check and an RSA-encrypted payload, a session written each time`,
      `the same sign-ins at the library's defaults (m=64 MiB, t=3, p=4, what the platform used before): ${before.rate.toFixed(1)}/s`,
    ],
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
