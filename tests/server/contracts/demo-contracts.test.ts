import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractsEndpoints as api } from '@shared/contract/contracts';
import { DEMO_ACCOUNTS } from '@server/seed/seed-accounts';
import { SEED_OPERATOR } from '@server/seed/seed';
import { seedDemoContracts } from '@server/seed/seed-contracts';
import { Caller } from '../../helpers/accounts-kit';
import { connectRecorder } from '../../helpers/money-kit';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * The demo data of the contracts (README): the demo agent holds a contract of each kind from the
 * platform and has given `demo` a real-time salary agreement, which `demo` accepted. With a short
 * window (the minimum, 10 s), a house game round played by `demo` reaches the agent's real-time
 * salary page through the running server's own job, and is pushed to the agent's socket.
 */
describe('demo contracts', () => {
  let t: TestApp;
  let agent: Caller;
  let demo: Caller;
  beforeAll(async () => {
    t = await createTestApp({ REALTIME_SALARY_WINDOW_SECONDS: 10 }, { TWO_FACTOR_NEW_IP: 'false', BOT_CHECK_ALGORITHM: 'SHA-256', BOT_CHECK_COST: '1', BOT_CHECK_MAX_COUNTER: '40' });
    agent = new Caller(t);
    demo = new Caller(t);
    expect((await agent.login(DEMO_ACCOUNTS.agent.account, DEMO_ACCOUNTS.agent.password, { site: 'agent' })).status).toBe(200);
    expect((await demo.login(DEMO_ACCOUNTS.player.account, DEMO_ACCOUNTS.player.password)).status).toBe(200);
  });
  afterAll(async () => t?.close());

  it('[AGENT-14] the demo agent holds a contract of each kind from the platform, and sees its entries in the menu', async () => {
    const info = await agent.call<any>('GET', api.consolidatedContractInfo.path);
    expect(info.body.value.contracts.map((c: { kind: string; status: string; payer: string }) => `${c.kind} ${c.status} ${c.payer}`).sort()).toEqual([
      'DAILY valid PLATFORM',
      'DIVIDEND valid PLATFORM',
      'HOURLY valid PLATFORM',
      'REALTIME valid PLATFORM',
    ]);
    expect(info.body.value.menu).toEqual({ enableCt: true, salary: true, hourSalary: true, agentRealtimeSalary: true });
    const demoInfo = await demo.call<any>('GET', api.consolidatedContractInfo.path);
    expect(demoInfo.body.value.contracts).toEqual([expect.objectContaining({ kind: 'REALTIME', status: 'valid', payer: 'UPLINE', uplineAccount: 'agent' })]);
  });

  it('seeding again changes nothing', async () => {
    const before = await t.ctx.db.selectFrom('contracts').select('id').execute();
    await seedDemoContracts(t.ctx, SEED_OPERATOR);
    expect(await t.ctx.db.selectFrom('contracts').select('id').execute()).toEqual(before);
  });

  it('[AGENT-21] a round played by demo shows on the agent\'s real-time salary page, pushed live, within a window and the settlement grace', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const demoId = (await demo.call<any>('GET', api.consolidatedContractInfo.path)).body.value.contracts[0].downlineMemberId as number;
    const socket = await connectRecorder(url, agent.token!, ['salary:settled']);
    try {
      const launched = await demo.call<any>('POST', '/wps/game/launchGame', { body: { gameCode: 'HOUSE_DICE', vassalage: 'HOUSE', freePlay: false } });
      const session = new URL(launched.body.value.gameUrl, 'http://host.invalid').searchParams.get('session');
      const started = Date.now();
      const round = await demo.call('POST', '/house/api/play', { body: { session, stake: 20, params: { engine: 'dice', target: 50, direction: 'OVER' }, requestId: randomUUID() } });
      expect(round.status, JSON.stringify(round.body)).toBe(200);

      const paid = await socket.next('salary:settled', (p) => p.role === 'PAYER' && p.validBet === 20, 25_000);
      expect(Date.now() - started).toBeLessThan(10_000 + 5_000 + 2_000 + 3_000);
      expect(paid).toMatchObject({ downlineAccount: 'demo', payerAccount: 'agent', kind: 'REALTIME' });
      // 0.3 % when demo won the round, 0.6 % when it lost.
      expect([0.06, 0.12]).toContain(paid.pay);
      const page = await agent.call<any>('GET', api.agentRealtimeSalary.path, { query: { memberId: String(demoId) } });
      expect(page.body.value.windows[0]).toMatchObject({ billId: paid.billId, validBet: 20, pay: paid.pay });
    } finally {
      socket.close();
    }
  }, 40_000);
});
