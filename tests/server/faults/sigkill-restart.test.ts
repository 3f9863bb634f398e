import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createEventBus } from '@client/lib/event-bus';
import { createSocketClient, type ClientSocket } from '@client/lib/socket-client';
import type { ConnectionState } from '@machines/app/bus-bridge';
import { createDb, type Db } from '@server/db/create-db';
import { DEMO_ACCOUNTS } from '@server/seed/seed-accounts';
import { createHttpClient } from '../../helpers/http-client';
import { createServerDatabase, startServer, type ServerDatabase, type SpawnedServer } from '../../helpers/spawned-server';
import { expectLedgerIntact } from './ledger-invariants';
import { waitFor } from '../../helpers/wait-for';


/**
 * The server process killed with SIGKILL in the middle of a burst of transfers (no shutdown, no
 * flush), then started again on the same PostgreSQL. Clients retry each transfer by its requestId
 * until it is answered, across the crash; a socket client reconnects when the server is back.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('faults: the server process killed with SIGKILL mid-burst and restarted', () => {
  let database: ServerDatabase;
  let server: SpawnedServer | null = null;
  let db: Db | null = null;
  let socket: ClientSocket | null = null;
  afterAll(async () => {
    socket?.disconnect();
    if (server) {
      server.kill('SIGKILL');
      await server.exited;
    }
    await db?.destroy();
    await database?.dispose();
  });

  it('loses no acknowledged transfer, posts none twice, and the reconnecting client gets every balance event it missed', async () => {
    database = await createServerDatabase();
    server = await startServer(database.env);
    const port = server.port;
    const client = createHttpClient(server.url);
    const token = await client.login(DEMO_ACCOUNTS.player.account, DEMO_ACCOUNTS.player.password);

    socket = createSocketClient({
      url: server.url,
      getToken: () => token,
      socketOptions: { transports: ['websocket'], forceNew: true, reconnectionDelay: 200, reconnectionDelayMax: 500 },
    });
    const bus = createEventBus(socket);
    const states: ConnectionState[] = [];
    bus.connection$.subscribe((s) => states.push(s));
    const seen = new Set<number>();
    bus.on$('balance:updated').subscribe((e) => seen.add(e.transactionId));
    bus.connect();
    await waitFor('the socket to connect', () => states.at(-1) === 'online');

    const operations: { requestId: string; amount: number; transactionId: number | null; tries: number }[] = [];
    let stopAt = Number.POSITIVE_INFINITY;
    const worker = async () => {
      while (Date.now() < stopAt) {
        const op = { requestId: randomUUID(), amount: 1 + (operations.length % 7), transactionId: null as number | null, tries: 0 };
        operations.push(op);
        // Retried with the same requestId until answered, through the crash and the restart.
        while (op.transactionId === null) {
          op.tries += 1;
          try {
            const res = await client.call('POST', '/wps/relay/GCS_walletTransfer', {
              token,
              body: { fromWallet: 'MAIN', toWallet: 'PG', amount: op.amount, requestId: op.requestId },
              timeoutMs: 5_000,
            });
            if (res.status === 200) op.transactionId = Number(res.body.value.transferId);
            else if (res.status < 500 && res.status !== 429) throw new Error(`transfer refused: ${res.status} ${JSON.stringify(res.body)}`);
          } catch (error) {
            if ((error as Error).message.startsWith('transfer refused')) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      }
    };
    const burst = Promise.all(Array.from({ length: 6 }, worker));
    await waitFor('25 acknowledged transfers', () => operations.filter((o) => o.transactionId !== null).length >= 25);
    server.kill('SIGKILL');
    const crash = await server.exited;
    expect(crash.signal).toBe('SIGKILL');
    server = await startServer(database.env, { port });
    stopAt = Date.now() + 1_500;
    await burst;

    db = createDb({ databaseUrl: database.url! }).db;
    await expectLedgerIntact(db);
    const rows = await db
      .selectFrom('ledger_transactions')
      .select(['id', 'reference'])
      .where('reference', 'in', operations.map((o) => `transfer:${o.requestId}`))
      .execute();
    // Each operation posted exactly once, under the transaction its answer named.
    expect(rows).toHaveLength(operations.length);
    const byReference = new Map(rows.map((r) => [r.reference, r.id]));
    for (const op of operations) expect(byReference.get(`transfer:${op.requestId}`), op.requestId).toBe(op.transactionId);
    const funds = await createHttpClient(server.url).call('GET', '/wps/member/info/funds/consolidated', { token });
    const pg = funds.body.value.wallets.find((w: { wallet: string }) => w.wallet === 'PG').balance as number;
    expect(pg).toBe(operations.reduce((sum, o) => sum + o.amount, 0));
    expect(operations.some((o) => o.tries > 1), 'some transfers were cut off by the crash and retried').toBe(true);

    await waitFor('the socket to reconnect', () => states.at(-1) === 'online', 30_000);
    await waitFor('a balance event for every transfer', () => operations.every((o) => seen.has(o.transactionId!)), 30_000);
  }, 240_000);
});
