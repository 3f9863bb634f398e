// Socket fan-out: 5,000 signed-in socket.io clients on the real server, an operator switches maintenance and the
// `system:status` push must reach every one; beside it, the same 5,000 clients on a bare socket.io server that
// emits the same payload. Measured: the time from the trigger until the last client has the event.
//   npx tsx bench/sockets.bench.ts [--long]
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { createHttpClient } from '../tests/helpers/http-client';
import { SEED_OPERATOR } from '../src/server/seed/seed';
import { benchOptions, lowerIsBetter, median, recordResult } from './lib/bench-kit';
import { benchServerEnv, DEMO_PLAYER, pgReachable, startBenchServer } from './lib/bench-server';

const { long } = benchOptions();
const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 5_000);
const BROADCASTS = long ? 40 : 8;
const CONNECT_BATCH = 250;

interface Crowd {
  sockets: Socket[];
  /** Resolves once every socket has received `count` system:status events. */
  allReceived: (count: number) => Promise<number>;
  close: () => void;
}

const connectCrowd = async (url: string, auth: Record<string, string>): Promise<Crowd> => {
  // received[i]: events socket i has had; reachedBy[k]: sockets that have had at least k; O(1) per event.
  const received: number[] = [];
  const reachedBy: number[] = [];
  const waiters = new Map<number, (at: number) => void>();
  const sockets: Socket[] = [];
  for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, (_, j) => {
        const index = i + j;
        received[index] = 0;
        const socket = connect(url, { auth, transports: ['websocket'], forceNew: true, reconnection: false });
        socket.on('system:status', () => {
          const count = (received[index] = received[index]! + 1);
          reachedBy[count] = (reachedBy[count] ?? 0) + 1;
          if (reachedBy[count] === CLIENTS) waiters.get(count)?.(performance.now());
        });
        sockets.push(socket);
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
  }
  return {
    sockets,
    allReceived: (count) => new Promise((resolve) => waiters.set(count, resolve)),
    close: () => sockets.forEach((s) => s.disconnect()),
  };
};

/** Fans out BROADCASTS events one after the other; returns each one's time to reach every client, in ms. */
const fanOut = async (crowd: Crowd, trigger: (maintenance: boolean) => Promise<void>): Promise<number[]> => {
  const times: number[] = [];
  for (let k = 1; k <= BROADCASTS; k += 1) {
    const started = performance.now();
    const done = crowd.allReceived(k);
    await trigger(k % 2 === 1);
    times.push((await done) - started);
  }
  return times;
};

const bare = async (): Promise<number[]> => {
  const child: ChildProcess = fork(fileURLToPath(new URL('./lib/bare-socket-server.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  try {
    const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
    const crowd = await connectCrowd(`http://127.0.0.1:${port}`, {});
    try {
      return await fanOut(crowd, async (maintenance) => void child.send({ emit: true, maintenance }));
    } finally {
      crowd.close();
    }
  } finally {
    child.disconnect();
  }
};

const real = async (kind: 'postgres' | 'pglite'): Promise<number[]> => {
  const { server, stop } = await startBenchServer(kind);
  try {
    const client = createHttpClient(server.url);
    const token = await client.login(DEMO_PLAYER.username, DEMO_PLAYER.password);
    const benchEnv = benchServerEnv('');
    const operator = await client.operatorLogin(SEED_OPERATOR, benchEnv.OPERATOR_PASSWORD!, benchEnv.OPERATOR_TOTP_SECRET);
    const crowd = await connectCrowd(server.url, { token });
    try {
      return await fanOut(crowd, async (maintenance) => {
        const res = await client.call('PUT', '/ops/system/maintenance', { token: operator, body: { on: maintenance } });
        if (res.status !== 200) throw new Error(`maintenance switch refused: ${res.status} ${JSON.stringify(res.body)}`);
      });
    } finally {
      crowd.close();
    }
  } finally {
    await stop();
  }
};

const main = async () => {
  const kind = (await pgReachable()) ? 'postgres' : 'pglite';
  console.log(`sockets bench: ${CLIENTS} clients, ${BROADCASTS} broadcasts, on ${kind}`);
  const baseline = await bare();
  console.log(`  bare socket.io: median ${median(baseline).toFixed(0)} ms to reach all ${CLIENTS}`);
  const platform = await real(kind);
  console.log(`  platform server: median ${median(platform).toFixed(0)} ms to reach all ${CLIENTS}`);
  const [m, b] = [median(platform), median(baseline)];
  recordResult({
    name: 'sockets',
    title: 'Socket fan-out',
    long,
    rows: [
      {
        measure: `system:status to ${CLIENTS.toLocaleString('en')} signed-in sockets`,
        value: m,
        unit: 'ms',
        baseline: 'bare socket.io server, same clients',
        baselineValue: b,
        ratio: lowerIsBetter(m, b),
        extra: { 'deliveries/s': (CLIENTS / m) * 1000, 'bare deliveries/s': (CLIENTS / b) * 1000, 'max ms': Math.max(...platform) },
      },
    ],
    notes: [
      `median over ${BROADCASTS} broadcasts of the time from the trigger (the operator's maintenance call, including its database transaction; an IPC message for the bare server) until the last of ${CLIENTS} websocket clients had the event`,
    ],
  });
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
