// Soak: mixed traffic against a real server process for a bounded time, then error rate, latency
// percentiles and the server's memory over the run (RSS and heap samples from /metrics, and the live heap
// after a full garbage collection, asked for through the server's loopback inspector, once a minute).
//   npm run soak -- --minutes 10                    (PGlite in a temporary directory)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run soak -- --minutes 10   (a throwaway PostgreSQL database)
// Options: --minutes N (default 1), --users N virtual players (default 8). Traffic goes to 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SEED_OPERATOR } from '../src/server/seed/seed';
import { createHttpClient, type HttpCallOptions, type HttpClient, type Method } from '../tests/helpers/http-client';
import { createServerDatabase, startServer } from '../tests/helpers/spawned-server';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '1' }, users: { type: 'string', default: '8' } } });
const MINUTES = Number(values.minutes);
const USERS = Number(values.users);
if (!(MINUTES > 0 && MINUTES <= 120) || !(USERS > 0 && USERS <= 100)) throw new Error('--minutes 0<N<=120, --users 0<N<=100');

const OPERATOR_PASSWORD = 'soak-Operator#1';
const PASSWORD = 'Soak#2026pass';
const MEMORY_SAMPLE_MS = 10_000;
/**
 * Each player signs in again about this often: 15 sign-ins per 5 minutes, half the per-address login limit
 * (30 per 5 minutes), whatever speed the server answers at.
 */
const LOGIN_EVERY_MS = 20_000;

interface Sample {
  op: string;
  ms: number;
  ok: boolean;
  code: string;
}
const samples: Sample[] = [];
const memory: { at: number; rss: number; heap: number }[] = [];
/** The heap right after a full garbage collection, once a minute: what the server keeps. */
const liveHeap: { at: number; heap: number }[] = [];
const LIVE_HEAP_SAMPLE_MS = 60_000;
let socketEvents = 0;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A timed call; anything but a 2xx counts as an error, under its code. */
const timed = async <T = any>(client: HttpClient, op: string, method: Method, path: string, options: HttpCallOptions = {}) => {
  const started = performance.now();
  try {
    const res = await client.call<T>(method, path, options);
    samples.push({ op, ms: performance.now() - started, ok: res.status < 300, code: res.status < 300 ? 'OK' : `${res.status} ${res.body.code}` });
    return res;
  } catch (error) {
    samples.push({ op, ms: performance.now() - started, ok: false, code: `network ${(error as Error).message}` });
    return null;
  }
};

const gameSessionOf = (gameUrl: string, base: string): string => new URL(gameUrl, base).searchParams.get('session') ?? '';

/**
 * A full garbage collection in the server process (HeapProfiler.collectGarbage over the inspector's WebSocket),
 * so the heap read next is what the server holds on to, not garbage waiting for the collector.
 */
const collectGarbage = (inspectorUrl: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(inspectorUrl);
    ws.onopen = () => ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    ws.onmessage = (message) => {
      if (JSON.parse(String(message.data)).id !== 1) return;
      ws.close();
      resolve();
    };
    ws.onerror = () => reject(new Error('the server inspector did not answer'));
  });

const metricValue = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : NaN;
};

const main = async () => {
  const database = await createServerDatabase();
  // Behind a "proxy", so each virtual player has its own address for the per-IP login limits.
  // The inspector (loopback, a free port) lets the soak ask for a full garbage collection before it reads the live heap.
  const server = await startServer({ ...database.env, OPERATOR_PASSWORD, TRUST_PROXY: 'true', LOTTERY_TICK_SECONDS: '5' }, { nodeArgs: ['--inspect=127.0.0.1:0'] });
  console.log(`soak: ${MINUTES} min, ${USERS} players, server pid ${server.pid} on ${server.url} (${database.kind})`);
  const stopServer = async () => {
    server.kill('SIGTERM');
    const exit = await server.exited;
    await database.dispose();
    return exit;
  };
  try {
    await run(server, stopServer);
  } catch (error) {
    server.kill('SIGKILL');
    await server.exited;
    await database.dispose();
    throw error;
  }
};

const run = async (server: Awaited<ReturnType<typeof startServer>>, stopServer: () => Promise<{ code: number | null }>) => {
  const base = createHttpClient(server.url);
  const operatorToken = await base.operatorLogin(SEED_OPERATOR, OPERATOR_PASSWORD);

  // Players registered through the API (SMS code from the dev outbox) and given money by the operator.
  const players: { client: HttpClient; username: string; ip: string; token: string; session: string; socket: Socket; nextLoginAt: number }[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const ip = `127.10.${i >> 8}.${(i & 255) + 1}`;
    const client = createHttpClient(server.url, { headers: { 'x-forwarded-for': ip } });
    const mobileNo = `97${String(Date.now() % 100_000).padStart(5, '0')}${String(i).padStart(2, '0')}`;
    const sms = await client.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: '84', mobileNo, botCheck: await client.botCheck() } });
    if (sms.status !== 200) throw new Error(`registration SMS refused: ${JSON.stringify(sms.body)}`);
    const outbox = await base.call<{ body: string }[]>('GET', '/ops/outbox', { token: operatorToken, query: { channel: 'sms', recipient: `84${mobileNo}`, limit: 1 } });
    const verificationCode = /\b(\d{6})\b/.exec(outbox.body.value[0]?.body ?? '')?.[1];
    const username = `soak${Date.now().toString(36).slice(-5)}${i}`;
    const registered = await client.call('PUT', '/wps/member/register', {
      encrypted: true,
      body: { username, password: PASSWORD, confirmPassword: PASSWORD, mobileNum: mobileNo, countryDialingCode: '84', verificationCode, termsAccepted: true, login: false, registerMethod: 'WEB', botCheck: await client.botCheck() },
    });
    if (registered.status !== 200) throw new Error(`registration refused: ${JSON.stringify(registered.body)}`);
    const credit = await base.call('POST', '/ops/balance-adjustments', { token: operatorToken, body: { account: username, amount: 50_000, reason: 'soak money', requestId: randomUUID() } });
    if (credit.status !== 200) throw new Error(`credit refused: ${JSON.stringify(credit.body)}`);
    const token = await client.login(username, PASSWORD);
    const launched = await client.call('POST', '/wps/game/launchGame', { token, body: { gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', freePlay: false } });
    const session = gameSessionOf(launched.body.value.gameUrl, server.url);
    const socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], forceNew: true });
    socket.onAny(() => (socketEvents += 1));
    players.push({ client, username, ip, token, session, socket, nextLoginAt: Date.now() + Math.random() * LOGIN_EVERY_MS });
  }

  const sampleMemory = async () => {
    const text = await fetch(`${server.url}/metrics`).then((r) => r.text());
    memory.push({ at: Date.now(), rss: metricValue(text, 'process_resident_memory_bytes'), heap: metricValue(text, 'nodejs_heap_size_used_bytes') });
  };
  const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1];
  if (!inspectorUrl) throw new Error('the server did not open its inspector');
  const sampleLiveHeap = async () => {
    await collectGarbage(inspectorUrl);
    const text = await fetch(`${server.url}/metrics`).then((r) => r.text());
    liveHeap.push({ at: Date.now(), heap: metricValue(text, 'nodejs_heap_size_used_bytes') });
  };
  await sampleMemory();
  await sampleLiveHeap();
  const sampler = setInterval(() => void sampleMemory().catch(() => {}), MEMORY_SAMPLE_MS);
  const liveSampler = setInterval(() => void sampleLiveHeap().catch(() => {}), LIVE_HEAP_SAMPLE_MS);

  const deadline = Date.now() + MINUTES * 60_000;
  const act = async (p: (typeof players)[number]) => {
    let inVendorWallet = false;
    while (Date.now() < deadline) {
      const roll = Math.random();
      if (Date.now() >= p.nextLoginAt) {
        // A new sign-in: the old session ends, and with it its game session (a game session lives as long as the
        // member session that launched it), so the player launches the game again; the socket reconnects with the new token.
        p.nextLoginAt = Date.now() + LOGIN_EVERY_MS;
        const botCheck = await p.client.botCheck().catch((error: Error) => {
          samples.push({ op: 'login', ms: 0, ok: false, code: error.message });
          return null;
        });
        if (botCheck === null) continue;
        const res = await timed(p.client, 'login', 'POST', '/wps/session/login', {
          encrypted: true,
          body: { type: 'username', username: p.username, password: PASSWORD, botCheck },
        });
        if (res?.status === 200) {
          await timed(p.client, 'logout', 'DELETE', '/wps/session/logout', { token: p.token });
          p.token = res.body.value.token;
          const launched = await timed(p.client, 'launch', 'POST', '/wps/game/launchGame', {
            token: p.token,
            body: { gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', freePlay: false },
          });
          if (launched?.status === 200) p.session = gameSessionOf(launched.body.value.gameUrl, server.url);
          p.socket.disconnect();
          p.socket = connectSocket(server.url, { auth: { token: p.token }, transports: ['websocket'], forceNew: true });
          p.socket.onAny(() => (socketEvents += 1));
        }
      } else if (roll < 0.4) {
        const path = ['/lgw/games/game_menus', '/wps/relay/GLS_gameList', '/wps/relay/GLS_hotGames', '/wps/relay/GLS_jackpot', '/wps/relay/GLS_winnerRankList'][Math.floor(Math.random() * 5)]!;
        await timed(p.client, 'lobby', 'GET', path, { token: p.token });
      } else if (roll < 0.55) {
        await timed(p.client, 'balance', 'GET', '/wps/v2/wallets/balance', { token: p.token });
      } else if (roll < 0.8) {
        await timed(p.client, 'bet', 'POST', '/house/api/play', { body: { session: p.session, stake: 1, params: { engine: 'dice', target: 49.5, direction: 'UNDER' }, requestId: randomUUID() } });
      } else if (roll < 0.95) {
        const [fromWallet, toWallet] = inVendorWallet ? ['PG', 'MAIN'] : ['MAIN', 'PG'];
        const res = await timed(p.client, 'transfer', 'POST', '/wps/relay/GCS_walletTransfer', { token: p.token, body: { fromWallet, toWallet, amount: 5, requestId: randomUUID() } });
        if (res?.status === 200) inVendorWallet = !inVendorWallet;
      } else {
        await timed(p.client, 'messages', 'GET', '/wps/relay/CSP_messageList', { token: p.token });
      }
    }
  };
  await Promise.all(players.map(act));
  clearInterval(sampler);
  clearInterval(liveSampler);
  await sampleMemory();
  await sampleLiveHeap();
  players.forEach((p) => p.socket.disconnect());
  const exit = await stopServer();

  // Report.
  const errors = samples.filter((s) => !s.ok);
  const byCode = new Map<string, number>();
  for (const e of errors) byCode.set(`${e.op}: ${e.code}`, (byCode.get(`${e.op}: ${e.code}`) ?? 0) + 1);
  const ops = [...new Set(samples.map((s) => s.op))];
  const line = (op: string, list: Sample[]) => {
    const sorted = list.map((s) => s.ms).sort((a, b) => a - b);
    return `${op.padEnd(10)} ${String(list.length).padStart(8)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 90).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)} ${(sorted.at(-1) ?? 0).toFixed(1).padStart(8)}`;
  };
  // Memory: after the first minute (warm-up), the first and last fifths of the samples, and the least-squares slope.
  const warm = memory.filter((m) => m.at >= memory[0]!.at + 60_000);
  const series = warm.length >= 5 ? warm : memory;
  const fifth = Math.max(1, Math.floor(series.length / 5));
  const avg = (list: typeof memory, key: 'rss' | 'heap') => list.reduce((s, m) => s + m[key], 0) / list.length;
  const slope = (key: 'rss' | 'heap') => {
    const xs = series.map((m) => (m.at - series[0]!.at) / 60_000);
    const ys = series.map((m) => m[key]);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const den = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    return den === 0 ? 0 : xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / den;
  };
  const seconds = MINUTES * 60;
  console.log(`\nsoak finished: ${samples.length} requests in ${MINUTES} min (${(samples.length / seconds).toFixed(1)}/s), ${socketEvents} socket events received`);
  console.log(`errors: ${errors.length} (${((errors.length / Math.max(1, samples.length)) * 100).toFixed(3)}%)${[...byCode].map(([k, n]) => `\n  ${k}: ${n}`).join('')}`);
  console.log(`\nlatency ms  requests      p50      p90      p99      max\n${ops.map((op) => line(op, samples.filter((s) => s.op === op))).join('\n')}\n${line('all', samples)}`);
  for (const key of ['rss', 'heap'] as const) {
    console.log(
      `${key.padEnd(4)} MB: start ${mb(memory[0]![key])}, first fifth after warm-up ${mb(avg(series.slice(0, fifth), key))}, last fifth ${mb(avg(series.slice(-fifth), key))}, ` +
        `peak ${mb(Math.max(...memory.map((m) => m[key])))}, slope ${mb(slope(key))} MB/min over ${memory.length} samples`,
    );
  }
  // After the first minute (warm-up: code compiled, caches filled), the live heap should not grow.
  const liveWarm = liveHeap.filter((m) => m.at >= liveHeap[0]!.at + 55_000);
  const liveFrom = liveWarm[0] ?? liveHeap[0]!;
  const liveTo = liveHeap.at(-1)!;
  console.log(
    `live heap after a full GC, MB: ${liveHeap.map((m) => mb(m.heap)).join(', ')} (one a minute); ` +
      `after warm-up ${mb(liveFrom.heap)} -> ${mb(liveTo.heap)} (${liveTo.heap >= liveFrom.heap ? '+' : ''}${mb(liveTo.heap - liveFrom.heap)})`,
  );
  console.log(`server exit after SIGTERM: code ${exit.code}`);
  process.exitCode = errors.length === 0 && exit.code === 0 ? 0 : 1;
};

await main();
