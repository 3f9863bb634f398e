import type { AddressInfo } from 'node:net';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEvents, type Ack, type ServerEventName } from '@shared/contract/socket';
import { offerContract } from '@server/services/contracts/lifecycle';
import { settleContracts, SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import { connectRecorder, type TypedClient } from '../../helpers/money-kit';
import type { TestApp } from '../../helpers/test-app';
import { addMember, AGENT, bet, credit, giveContract, memberActor, PLAYER, REALTIME, startContractsApp } from './contracts-kit';

const HOUR = 3_600_000;

/**
 * `salary:settled` on the wire (AGENT-21): pushed live to the holder and the paying upline as each
 * window settles, valid against the contract's schema, kept in the outbox, and replayed by
 * `events:since` to a client that was away; `contract:changed` tells the holder an offer arrived.
 */
describe('salary and contract events on the socket', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startContractsApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const branch = async (base: Date) => {
    const top = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    await credit(t.ctx, top.id, 1_000_00);
    await credit(t.ctx, player.id, 1_000_00);
    await giveContract(t.ctx, null, top, REALTIME, base);
    await giveContract(t.ctx, top, player, REALTIME, base);
    return { top, player };
  };

  it('[AGENT-21] each settled window reaches the paying agent and the holder live, with the new balance', async () => {
    const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - 10 * HOUR);
    const { top, player } = await branch(base);
    const agentSocket = await connectRecorder(url, top.token, ['salary:settled', 'balance:updated']);
    const playerSocket = await connectRecorder(url, player.token, ['salary:settled']);
    try {
      await bet(t.ctx, player.id, 100_00, 0, new Date(base.getTime() + 60_000));
      await settleContracts(t.ctx, ['REALTIME'], new Date(base.getTime() + HOUR + SETTLEMENT_GRACE_MS));

      const paying = await agentSocket.next('salary:settled', (p) => p.role === 'PAYER');
      expect(serverEvents['salary:settled'].safeParse(paying).success).toBe(true);
      expect(paying).toMatchObject({ kind: 'REALTIME', downlineAccount: player.account, payerAccount: top.account, pay: 1, state: 'ISSUED', validBet: 100 });
      expect(paying.eventId).toBeGreaterThan(0);
      const own = await agentSocket.next('salary:settled', (p) => p.role === 'HOLDER');
      expect(own).toMatchObject({ downlineAccount: top.account, payer: 'PLATFORM', pay: 1 });
      // Paid 1.00 by the platform, paid 1.00 to the player: the last balance the agent hears of is where it started.
      await agentSocket.next('balance:updated', (p) => p.entryType === 'SALARY');
      expect((await playerSocket.next('salary:settled')).role).toBe('HOLDER');
    } finally {
      agentSocket.close();
      playerSocket.close();
    }
  });

  it('[AGENT-21] windows settled while the agent was away are replayed, in order, after it reconnects', async () => {
    const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - 20 * HOUR);
    const { top, player } = await branch(base);
    const first = await connectRecorder(url, top.token, ['salary:settled']);
    await settleContracts(t.ctx, ['REALTIME'], new Date(base.getTime() + HOUR + SETTLEMENT_GRACE_MS));
    const lastSeen = (await first.next('salary:settled', (p) => p.role === 'PAYER')).eventId;
    first.close();

    await bet(t.ctx, player.id, 30_00, 90_00, new Date(base.getTime() + 2 * HOUR + 60_000));
    await settleContracts(t.ctx, ['REALTIME'], new Date(base.getTime() + 4 * HOUR + SETTLEMENT_GRACE_MS));

    const again: TypedClient = connectSocket(url, { auth: { token: top.token }, transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        again.once('connect', () => resolve());
        again.once('connect_error', reject);
      });
      const reply: Ack<{ name: ServerEventName; payload: unknown }[]> = await again.timeout(5_000).emitWithAck('events:since', lastSeen);
      if (!reply.ok) throw new Error(`events:since refused: ${reply.code}`);
      const missed = reply.data.filter((e) => e.name === 'salary:settled').map((e) => serverEvents['salary:settled'].parse(e.payload));
      // Three more windows, each told to the agent as the paying upline (and as a holder itself).
      expect(missed.filter((e) => e.role === 'PAYER').map((e) => [e.windowStart, e.pay])).toEqual([
        [new Date(base.getTime() + HOUR).toISOString(), 0],
        [new Date(base.getTime() + 2 * HOUR).toISOString(), 0.15],
        [new Date(base.getTime() + 3 * HOUR).toISOString(), 0],
      ]);
      const ids = reply.data.map((e) => (e.payload as { eventId: number }).eventId);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids.every((id) => id > lastSeen)).toBe(true);
    } finally {
      again.disconnect();
    }
  });

  it('[AGENT-20] an offer reaches the holder live as contract:changed, asking for its answer', async () => {
    const top = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    await giveContract(t.ctx, null, top, REALTIME);
    const socket = await connectRecorder(url, player.token, ['contract:changed', 'message:new']);
    try {
      const offered = await offerContract(t.ctx, memberActor(top), { memberId: player.id }, REALTIME);
      const changed = await socket.next('contract:changed');
      expect(changed.contract).toMatchObject({ contractId: offered.contractId, kind: 'REALTIME', status: 'requested', action: 'NEW', answerBy: offered.answerBy });
      expect(serverEvents['contract:changed'].safeParse(changed).success).toBe(true);
      expect(await socket.next('message:new')).toMatchObject({ template: 'contract.offered' });
    } finally {
      socket.close();
    }
  });
});
