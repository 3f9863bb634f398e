import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '@server/app';
import { createDb } from '@server/db/create-db';
import { contractJobs } from '@server/jobs/contract-jobs';
import { runJobWindow } from '@server/jobs/scheduler';
import { answerContract, offerContract } from '@server/services/contracts/lifecycle';
import { exceedsLimit } from '@server/services/contracts/terms';
import { termsOf } from '@server/services/contracts/contract-rows';
import { retryUnpaidBills, settleContracts, settleWindow, SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import type { TestApp } from '../../helpers/test-app';
import { addMember, AGENT, bet, contractPayOf, credit, giveContract, memberActor, operatorActor, PLAYER, REALTIME, startContractsApp } from './contracts-kit';

/**
 * Two server nodes on one PostgreSQL database, settling and changing contracts at the same moment.
 * Races need real connections: PGlite has one, so these run only with TEST_DATABASE_URL.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const HOUR = 3_600_000;

describe.skipIf(!postgres)('contracts on two nodes at once (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let second: BuiltApp;
  beforeAll(async () => {
    t = await startContractsApp();
    // A second node: its own process state and connection pool, the same database.
    second = await buildApp({ config: t.ctx.config, database: createDb({ databaseUrl: t.ctx.config.DATABASE_URL }) });
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.ctx.db.destroy();
    await t?.close();
  });

  /** A fresh branch whose windows start at `base`, with one bet in each of `windows` windows. */
  const branchWithBets = async (base: Date, windows: number) => {
    const top = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    await credit(t.ctx, top.id, 10_000_00);
    await credit(t.ctx, player.id, 10_000_00);
    const topContract = await giveContract(t.ctx, null, top, REALTIME, base);
    const playerContract = await giveContract(t.ctx, top, player, { ...REALTIME, profitRate: 0.2, lossRate: 0.4 }, base);
    for (let w = 0; w < windows; w += 1) await bet(t.ctx, player.id, (w + 1) * 37_00, w % 2 ? 90_00 : 0, new Date(base.getTime() + w * HOUR + 60_000));
    return { top, player, contracts: [topContract, playerContract] };
  };

  const billsAndPayments = async (contractIds: number[]) => {
    const bills = await t.ctx.db.selectFrom('contract_bills').select(['contract_id', 'window_start', 'pay', 'state']).where('contract_id', 'in', contractIds).execute();
    const payments = await t.ctx.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('reference', 'in', contractIds.map((id) => `contract:${id}`))
      .execute();
    return { bills, payments };
  };

  it('[AGENT-21] both nodes settling the same windows, four runs each at once, pay every window exactly once', async () => {
    const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - 8 * HOUR);
    const { top, player, contracts } = await branchWithBets(base, 6);
    const now = new Date(base.getTime() + 6 * HOUR + SETTLEMENT_GRACE_MS + 1);
    const runs = await Promise.all([...Array(4)].flatMap(() => [settleContracts(t.ctx, ['REALTIME'], now), settleContracts(second.ctx, ['REALTIME'], now)]));
    // Each bill was written by exactly one of the eight runs.
    expect(runs.reduce((a, b) => a + b, 0)).toBe(12);

    const { bills, payments } = await billsAndPayments(contracts);
    expect(bills).toHaveLength(12);
    expect(new Set(bills.map((b) => `${b.contract_id}:${b.window_start.toISOString()}`)).size).toBe(12);
    expect(payments).toHaveLength(bills.filter((b) => b.state === 'ISSUED').length);
    const playerPay = bills.filter((b) => b.contract_id === contracts[1]).reduce((s, b) => s + b.pay, 0);
    const topPay = bills.filter((b) => b.contract_id === contracts[0]).reduce((s, b) => s + b.pay, 0);
    expect(await contractPayOf(t.ctx, player.id)).toBe(playerPay);
    expect(await contractPayOf(t.ctx, top.id)).toBe(topPay - playerPay);
  });

  it('the settlement job claimed on both nodes at once runs its window on one of them', async () => {
    const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - 5 * HOUR);
    const { contracts } = await branchWithBets(base, 3);
    const now = new Date();
    const [jobA] = contractJobs(t.ctx);
    const [jobB] = contractJobs(second.ctx);
    const outcomes = await Promise.all([runJobWindow(t.ctx, jobA!, now), runJobWindow(second.ctx, jobB!, now)]);
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    // Every window up to now is billed once, the backlog of the other tests' contracts included.
    const { bills, payments } = await billsAndPayments(contracts);
    expect(new Set(bills.map((b) => `${b.contract_id}:${b.window_start.toISOString()}`)).size).toBe(bills.length);
    expect(payments).toHaveLength(bills.filter((b) => b.state === 'ISSUED').length);
    expect(await runJobWindow(second.ctx, jobB!, now)).toEqual({ ran: false, processed: 0 });
  });

  it('two nodes paying the same unpaid bill at once pay it once', async () => {
    const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR);
    const top = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: top.id });
    await credit(t.ctx, player.id, 1_000_00);
    await giveContract(t.ctx, null, top, REALTIME, base);
    const contract = await giveContract(t.ctx, top, player, REALTIME, base);
    await bet(t.ctx, player.id, 500_00, 0, new Date(base.getTime() + 60_000));
    await settleWindow(t.ctx, contract, { start: base, end: new Date(base.getTime() + HOUR) });
    await credit(t.ctx, top.id, 100_00);
    const now = new Date();
    const paid = await Promise.all([retryUnpaidBills(t.ctx, now), retryUnpaidBills(second.ctx, now), retryUnpaidBills(t.ctx, now), retryUnpaidBills(second.ctx, now)]);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await contractPayOf(t.ctx, player.id)).toBe(500);
  });

  it('[AGENT-19] a downline accepting an offer while its upline accepts lower terms never leaves a contract above its upline\'s', async () => {
    for (let round = 0; round < 5; round += 1) {
      const top = await addMember(t.ctx, { type: AGENT });
      const sub = await addMember(t.ctx, { type: AGENT, uplineId: top.id });
      await giveContract(t.ctx, null, top, REALTIME);
      const offer = await offerContract(t.ctx, memberActor(top), { memberId: sub.id }, { ...REALTIME, profitRate: 0.4 });
      const lower = await offerContract(t.ctx, await operatorActor(t.ctx), { account: top.account }, { ...REALTIME, profitRate: 0.3 });
      const answers = await Promise.allSettled([
        answerContract(second.ctx, memberActor(sub), 'REALTIME', Number(offer.contractId), 'A'),
        answerContract(t.ctx, memberActor(top), 'REALTIME', Number(lower.contractId), 'A'),
      ]);
      expect(answers[1].status).toBe('fulfilled');
      const rows = await t.ctx.db.selectFrom('contracts').selectAll().where('holder_id', 'in', [top.id, sub.id]).where('status', 'in', ['VALID', 'TERMINATION_REQUESTED']).execute();
      const topNow = rows.find((r) => r.holder_id === top.id)!;
      expect(termsOf(topNow)).toMatchObject({ profitRate: 30 });
      for (const row of rows.filter((r) => r.holder_id === sub.id)) expect(exceedsLimit(termsOf(row), termsOf(topNow))).toBe(false);
      // Whichever came first, the sub-agent's 0.4 % ends by the cascade: accepted and then ended, or ended before its answer (refused).
      const subRow = await t.ctx.db.selectFrom('contracts').select(['status', 'end_reason']).where('id', '=', Number(offer.contractId)).executeTakeFirstOrThrow();
      expect(subRow).toEqual({ status: 'TERMINATED', end_reason: 'UPLINE_RATE_LOWERED' });
    }
  });
});
