import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '@client/lib/event-bus';
import { createSocketClient, type ClientSocket } from '@client/lib/socket-client';
import type { ConnectionState } from '@machines/app/bus-bridge';
import { createMoneyKit, type Member, type MoneyKit } from '../../helpers/money-kit';
import { waitFor } from '../../helpers/wait-for';


/**
 * Sockets dropped mid-stream: while the member's transfers and an operator's messages stream events
 * to its room, each client's connection is cut again and again underneath it. Every client that
 * reconnects ends up with every event the member's committed changes produced, each once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('faults: sockets dropped mid-stream', () => {
  let kit: MoneyKit;
  let member: Member;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    kit = await createMoneyKit({ LOTTERY_TICK_SECONDS: 0, JOB_INTERVAL_SECONDS: 3600 });
    member = await kit.member();
    await kit.credit(member.id, 100_000);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await kit?.close();
  });

  const streamWithDrops = async (overlapping: boolean) => {
    const url = await kit.listen();
    const clients = Array.from({ length: 3 }, () => {
      const socket = createSocketClient({
        url,
        getToken: () => member.token,
        socketOptions: { transports: ['websocket'], forceNew: true, reconnectionDelay: 50, reconnectionDelayMax: 200 },
      });
      sockets.push(socket);
      const bus = createEventBus(socket);
      const states: ConnectionState[] = [];
      bus.connection$.subscribe((s) => states.push(s));
      const transactions: number[] = [];
      const messages: number[] = [];
      bus.on$('balance:updated').subscribe((e) => transactions.push(e.transactionId));
      bus.on$('message:new').subscribe((e) => messages.push(e.messageId));
      bus.connect();
      return { socket, states, transactions, messages };
    });
    await waitFor('every client online', () => clients.every((c) => c.states.at(-1) === 'online'));

    let streaming = true;
    let drops = 0;
    const dropper = (async () => {
      while (streaming) {
        await new Promise((resolve) => setTimeout(resolve, 80 + Math.random() * 120));
        const victim = clients[Math.floor(Math.random() * clients.length)]!;
        // Cut the connection underneath the client (as a network drop does): it reconnects by itself.
        if (victim.socket.connected) {
          victim.socket.io.engine.close();
          drops += 1;
        }
      }
    })();
    const transferIds: number[] = [];
    const messageIds: number[] = [];
    // The transfers go on until a few drops have happened, however fast the server answers.
    const transfers = async () => {
      for (let i = 0; i < 40 || (drops <= 3 && i < 1_000); i += 1) {
        const res = await kit.call('POST', '/wps/relay/GCS_walletTransfer', {
          token: member.token,
          body: { fromWallet: i % 2 ? 'PG' : 'MAIN', toWallet: i % 2 ? 'MAIN' : 'PG', amount: 1, requestId: randomUUID() },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        transferIds.push(Number(res.body.value.transferId));
      }
    };
    const notices = async () => {
      for (let i = 0; i < 25; i += 1) {
        const res = await kit.ops('POST', '/ops/messages', { body: { accounts: [member.account], title: `Notice ${i}`, content: 'Stream test' } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        messageIds.push(...res.body.value.sent.map((m: { messageId: number }) => m.messageId));
      }
    };
    await Promise.all([transfers(), overlapping ? notices() : Promise.resolve()]);
    if (!overlapping) await notices();
    streaming = false;
    await dropper;
    expect(drops, 'connections were dropped mid-stream').toBeGreaterThan(3);

    await waitFor('every client back online', () => clients.every((c) => c.states.at(-1) === 'online'));
    for (const [i, c] of clients.entries()) {
      await waitFor(`client ${i} to have every event (${c.transactions.length}/${transferIds.length} balance, ${c.messages.length}/${messageIds.length} messages)`, () =>
        transferIds.every((id) => c.transactions.includes(id)) && messageIds.every((id) => c.messages.includes(id)),
      );
      expect(new Set(c.transactions).size, 'each balance event once').toBe(c.transactions.length);
      expect(new Set(c.messages).size, 'each message event once').toBe(c.messages.length);
    }
  };

  it('every reconnecting client receives every balance and message event it missed, once (one writer)', () => streamWithDrops(false), 120_000);

  // Two transactions writing to one member's room at once commit in either order; event ids follow
  // the commits, so a client holding a later id has every earlier event or gets it replayed (issue 13).
  it('every reconnecting client receives every event it missed, once, with two overlapping writers', () =>
    streamWithDrops(true), 120_000);
});
