// Sign-ins per second through the real calls (bot-check challenge, then the login: encrypted payload, argon2id,
// session), with several players at once, each sign-in from a new address behind a trusted proxy (the per-address
// sign-in limit stays out of the way). Beside it, in the same run: bare argon2id verifications per second at the same cost and concurrency
// (the ceiling the hash sets), and the same sign-ins at the library's default cost (what the platform used).
//   npx tsx bench/logins.bench.ts [--long]
import fs from 'node:fs';
import argon2 from 'argon2';
import { createDb } from '../src/server/db/create-db';
import { findMemberByAccount, insertMember, PLAYER_TYPE } from '../src/server/services/member/members';
import { createHttpClient } from '../tests/helpers/http-client';
import { createHttpTransport } from './lib/http-transport';
import { OWASP_MINIMUM_HASHING, type PasswordHashing } from '../src/server/services/auth/passwords';
import { benchOptions, higherIsBetter, lowerIsBetter, recordResult } from './lib/bench-kit';
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

/**
 * Players of their own, with the demo player's password (its hash copied, so made at the server's cost). Parallel
 * sign-ins of ONE account are throttled by design (each try counts as a failure until its password is weighed, so
 * the 4th at once needs the captcha): many players signing in at once are many accounts.
 */
const addPlayers = async (databaseUrl: string, count: number): Promise<string[]> => {
  const { db } = createDb({ databaseUrl, poolSize: 1 });
  try {
    const demo = await findMemberByAccount(db, DEMO_PLAYER.username);
    if (!demo) throw new Error('the demo player is not seeded');
    const accounts = Array.from({ length: count }, (_, i) => `benchplayer${i + 1}`);
    for (const account of accounts) {
      await db.transaction().execute((trx) =>
        insertMember(trx, { account, nickname: account, type: PLAYER_TYPE, passwordHash: demo.password_hash, ip: null, registerMethod: 'WEB' }),
      );
    }
    return accounts;
  } finally {
    await db.destroy();
  }
};

/** Sign-ins per second over SECONDS with CONCURRENCY players at once, each its own account; every answer must be a 200. */
/**
 * CPU time a process has used so far, in ms (Linux /proc; null elsewhere). Other work on the machine slows a
 * sign-in down but does not make it cost more CPU, so CPU per sign-in is the steadier figure on a shared machine.
 */
const cpuMsOf = (pid: number): number | null => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
};
const CLOCK_TICKS_PER_SECOND = 100;

const loginsPerSecond = async (
  kind: 'postgres' | 'pglite',
  hashing: PasswordHashing,
): Promise<{ rate: number; failures: number; p99: number; serverCpuMs: number | null }> => {
  const { server, databaseUrl, stop } = await startBenchServer(kind, { env: { TRUST_PROXY: 'true', ...hashingEnv(hashing) } });
  try {
    // On PGlite only the server's process can open the database: the one demo player signs in, one at a time.
    const accounts = databaseUrl ? await addPlayers(databaseUrl, CONCURRENCY) : [DEMO_PLAYER.username];
    let address = 0;
    let done = 0;
    let failures = 0;
    const latencies: number[] = [];
    // The load runs on the server's cores: node:http costs it a fraction of fetch's CPU per call.
    const http = createHttpTransport();
    // A browser tab loads the site's configuration (the payload key among it) once, not at each sign-in.
    const publicKeyPem = (await createHttpClient(server.url).call<{ payloadPublicKey: string }>('GET', '/wps/system/permission')).body.value.payloadPublicKey;
    const player = async (account: string) => {
      while (Date.now() < until) {
        address += 1;
        const client = createHttpClient(server.url, {
          headers: { 'x-forwarded-for': `198.18.${(address >> 8) & 255}.${address & 255}` },
          publicKeyPem,
          fetch: http.transport,
        });
        const started = performance.now();
        try {
          await client.login(account, DEMO_PLAYER.password);
          done += 1;
          latencies.push(performance.now() - started);
        } catch (err) {
          if (failures === 0) console.error(`  first failed sign-in: ${String(err)}`);
          failures += 1;
        }
      }
    };
    // One sign-in first: the server's key, pools and JIT warm.
    await createHttpClient(server.url, { headers: { 'x-forwarded-for': '198.18.255.254' } }).login(DEMO_PLAYER.username, DEMO_PLAYER.password);
    const cpuBefore = cpuMsOf(server.pid);
    const started = Date.now();
    const until = started + SECONDS * 1000;
    await Promise.all(accounts.map(player));
    http.close();
    const sorted = latencies.sort((a, b) => a - b);
    const cpuAfter = cpuMsOf(server.pid);
    const serverCpuMs = cpuBefore === null || cpuAfter === null || done === 0 ? null : (cpuAfter - cpuBefore) / done;
    return { rate: done / ((Date.now() - started) / 1000), failures, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0, serverCpuMs };
  } finally {
    await stop();
  }
};

/** Bare argon2id verifications per second in this process, CONCURRENCY at once (libuv's thread pool, as the server), and the CPU ms of each. */
const verificationsPerSecond = async (hashing: PasswordHashing): Promise<{ rate: number; cpuMs: number }> => {
  const hash = await argon2.hash(DEMO_PLAYER.password, { type: argon2.argon2id, ...hashing });
  let done = 0;
  const started = Date.now();
  const until = started + SECONDS * 1000;
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        await argon2.verify(hash, DEMO_PLAYER.password);
        done += 1;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { rate: done / ((Date.now() - started) / 1000), cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, done) };
};

const main = async () => {
  const kind = (await pgReachable()) ? 'postgres' : 'pglite';
  console.log(`logins bench: ${CONCURRENCY} players at once for ${SECONDS} s, on ${kind}`);
  const now = await loginsPerSecond(kind, OWASP_MINIMUM_HASHING);
  console.log(`  sign-ins at m=19 MiB, t=2, p=1: ${now.rate.toFixed(1)}/s (p99 ${now.p99.toFixed(0)} ms, ${now.failures} failed)`);
  const bare = await verificationsPerSecond(OWASP_MINIMUM_HASHING);
  console.log(`  bare argon2id verifications at the same cost: ${bare.rate.toFixed(1)}/s, ${bare.cpuMs.toFixed(1)} ms of CPU each`);
  if (now.serverCpuMs !== null) console.log(`  server CPU per sign-in: ${now.serverCpuMs.toFixed(1)} ms`);
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
        baselineValue: bare.rate,
        ratio: higherIsBetter(now.rate, bare.rate),
        target: '≥ 60/s',
        met: now.rate >= 60 && now.failures === 0,
        extra: { 'p99 ms': now.p99, failed: now.failures, 'at the library defaults /s': before.rate },
      },
      ...(now.serverCpuMs === null
        ? []
        : [
            {
              measure: 'server CPU per sign-in (2 free cores allow 2000 / this many per second)',
              value: now.serverCpuMs,
              unit: 'ms',
              baseline: 'CPU of one bare argon2id verification',
              baselineValue: bare.cpuMs,
              ratio: lowerIsBetter(now.serverCpuMs, bare.cpuMs),
              target: '≤ 33 ms (60/s on 2 cores)',
              met: now.serverCpuMs <= 2000 / 60,
              extra: { 'sign-ins/s 2 free cores allow': 2000 / now.serverCpuMs },
            },
          ]),
    ],
    notes: [
      `${CONCURRENCY} players at once (each its own account, on PostgreSQL), each sign-in from a new address with a fresh bot-check and an RSA-encrypted payload, a session written each time; the payload key loaded once per player, as a tab loads the site configuration once`,
      `the same sign-ins at the library's defaults (m=64 MiB, t=3, p=4, what the platform used before): ${before.rate.toFixed(1)}/s`,
    ],
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
