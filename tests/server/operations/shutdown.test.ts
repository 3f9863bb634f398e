import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from '@client/lib/event-bus';
import { createSocketClient, type ClientSocket } from '@client/lib/socket-client';
import type { ConnectionState } from '@machines/app/bus-bridge';
import { DEMO_ACCOUNTS } from '@server/seed/seed-accounts';
import type { ServerEventPayload } from '@shared/contract/socket';
import { createHttpClient } from '../../helpers/http-client';
import { createServerDatabase, startServer, type ServerDatabase, type SpawnedServer } from '../../helpers/spawned-server';
import { waitFor } from '../../helpers/wait-for';


type Outcome = { kind: 'ok'; amount: number; transactionId: number } | { kind: 'refused'; status: number; code: string } | { kind: 'unreachable'; error: string };

/**
 * The real process, stopped the way an orchestrator stops it: SIGTERM in the middle of a burst of
 * wallet transfers with a socket client attached, then started again on the same database.
 */
describe('graceful shutdown (a spawned server process)', () => {
  let database: ServerDatabase;
  let server: SpawnedServer | null = null;
  const sockets: ClientSocket[] = [];
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    if (server) {
      server.kill('SIGKILL');
      await server.exited;
    }
    await database?.dispose();
  });

  it('logs readable lines in development, then on SIGTERM refuses new work, finishes open transfers, sends sockets away and exits 0; a restart on the same database has every acknowledged transfer and the client recovers its missed events', async () => {
    database = await createServerDatabase();
    // Development mode with no LOG_FORMAT: what `npm start` prints.
    server = await startServer({ ...database.env, NODE_ENV: 'development', LOG_FORMAT: '', LOG_LEVEL: 'info' });
    const port = server.port;
    // /readyz answers once the server listens; the ready line is logged just after, and may reach the pipe later.
    const running = server;
    await waitFor("the server's ready line", () => running.output().includes('platform ready'));
    const readyLine = server.output().split('\n').find((l) => l.includes('platform ready'));
    expect(readyLine, server.output().slice(-2000)).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: platform ready on http/);

    const client = createHttpClient(server.url);
    const token = await client.login(DEMO_ACCOUNTS.player.account, DEMO_ACCOUNTS.player.password);
    const socket = createSocketClient({
      url: server.url,
      getToken: () => token,
      socketOptions: { transports: ['websocket'], forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 500 },
    });
    sockets.push(socket);
    const bus: EventBus = createEventBus(socket);
    const states: ConnectionState[] = [];
    bus.connection$.subscribe((s) => states.push(s));
    const shutdowns: ServerEventPayload<'server:shutdown'>[] = [];
    bus.on$('server:shutdown').subscribe((e) => shutdowns.push(e));
    const seenTransactions = new Set<number>();
    bus.on$('balance:updated').subscribe((e) => seenTransactions.add(e.transactionId));
    bus.connect();
    await waitFor('the socket to connect', () => states.at(-1) === 'online');

    // Eight clients transfer to the PG wallet until the server stops answering them.
    const outcomes: Outcome[] = [];
    const transferLoop = async () => {
      for (;;) {
        const amount = 1 + (outcomes.length % 5);
        try {
          const res = await client.call('POST', '/wps/relay/GCS_walletTransfer', {
            token,
            body: { fromWallet: 'MAIN', toWallet: 'PG', amount, requestId: randomUUID() },
          });
          if (res.status === 200) {
            outcomes.push({ kind: 'ok', amount, transactionId: Number(res.body.value.transferId) });
            continue;
          }
          outcomes.push({ kind: 'refused', status: res.status, code: res.body.code });
        } catch (error) {
          outcomes.push({ kind: 'unreachable', error: String((error as Error).cause ?? error) });
        }
        return;
      }
    };
    const burst = Promise.all(Array.from({ length: 8 }, transferLoop));
    await waitFor('20 acknowledged transfers', () => outcomes.filter((o) => o.kind === 'ok').length >= 20);
    server.kill('SIGTERM');
    await burst;
    const exit = await server.exited;
    const output = server.output();
    server = null;

    expect(exit, output.slice(-2000)).toEqual({ code: 0, signal: null });
    expect(output).toContain('shutdown complete');
    // Every answer is an acknowledgement or an honest refusal; nothing failed half-way.
    for (const o of outcomes) {
      if (o.kind === 'refused') expect(o).toMatchObject({ status: 503, code: 'SHUTTING_DOWN' });
      if (o.kind === 'unreachable') expect(o.error).toMatch(/ECONNREFUSED|other side closed|socket hang up|ECONNRESET|fetch failed/);
    }
    const acknowledged = outcomes.filter((o): o is Extract<Outcome, { kind: 'ok' }> => o.kind === 'ok');
    expect(shutdowns).toHaveLength(1);
    expect(shutdowns[0]!.reconnectAfterMs).toBeGreaterThanOrEqual(0);
    await waitFor(`the bus to report the lost connection (${states.join(',')})`, () => states.at(-1) === 'connecting');

    // Started again on the same database and port: the client's socket.io reconnects by itself.
    server = await startServer({ ...database.env }, { port });
    await waitFor('the socket to reconnect', () => states.at(-1) === 'online', 30_000);
    const funds = await createHttpClient(server.url).call('GET', '/wps/member/info/funds/consolidated', { token });
    const pg = funds.body.value.wallets.find((w: { wallet: string }) => w.wallet === 'PG').balance as number;
    const acknowledgedTotal = acknowledged.reduce((sum, o) => sum + o.amount, 0);
    // Graceful: an in-flight transfer either committed and was answered, or never started.
    expect(pg).toBe(acknowledgedTotal);
    await waitFor('every acknowledged transfer’s balance event', () => acknowledged.every((o) => seenTransactions.has(o.transactionId)));
  }, 240_000);
});
