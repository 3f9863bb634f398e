import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractOffer } from '@shared/contract/contracts';
import { settleContracts, SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import { termsOfOffer, type Terms } from '@server/services/contracts/terms';
import type { TestApp } from '../../helpers/test-app';
import { addMember, AGENT, bet, billsOf, contractPayOf, credit, giveContract, PLAYER, startContractsApp } from './contracts-kit';

/**
 * The settlement job over the database against a plain model: random teams, random real-time
 * agreements at two levels and random bets over random windows, settled by the job; every bill's
 * pay must be what the rule book gives over that window's bets, and the bills' pay must equal the
 * ledger's movements to the cent for every member and the platform.
 */
const HOUR = 3_600_000;

/** The rule book's real-time salary over a window's bets (docs/contracts.md). */
const modelRealtime = (terms: Extract<Terms, { kind: 'REALTIME' }>, bets: { memberId: number; stake: number; payout: number }[]): number => {
  let weighted = 0n;
  for (const memberId of new Set(bets.map((b) => b.memberId))) {
    const counted = bets.filter((b) => b.memberId === memberId && b.stake >= terms.singleBet);
    const profitLoss = counted.reduce((s, b) => s + b.payout - b.stake, 0);
    weighted += BigInt(counted.reduce((s, b) => s + b.stake, 0)) * BigInt(profitLoss > 0 ? terms.profitRate : terms.lossRate);
  }
  return Number(weighted / 10_000n);
};

const percent = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((bp) => bp / 100);

const scenario = fc
  .record({
    top: fc.record({ profitRate: percent(3), lossRate: percent(3), singleBetAmount: fc.integer({ min: 0, max: 20 }) }),
    cut: fc.record({ profit: fc.double({ min: 0, max: 1, noNaN: true }), loss: fc.double({ min: 0, max: 1, noNaN: true }), single: fc.integer({ min: 0, max: 20 }) }),
    bets: fc.array(
      fc.record({
        who: fc.integer({ min: 0, max: 3 }),
        window: fc.integer({ min: 0, max: 3 }),
        minute: fc.integer({ min: 0, max: 59 }),
        stake: fc.integer({ min: 1, max: 300_00 }),
        outcome: fc.constantFrom(0, 0.5, 1, 2, 3.7),
      }),
      { maxLength: 25 },
    ),
  })
  .map(({ top, cut, bets }) => {
    const topOffer = { kind: 'REALTIME' as const, ...top };
    // Within the top agent's agreement: rates cut down, single bet amount raised.
    const subOffer = {
      kind: 'REALTIME' as const,
      profitRate: Math.floor(top.profitRate * cut.profit * 100) / 100,
      lossRate: Math.floor(top.lossRate * cut.loss * 100) / 100,
      singleBetAmount: top.singleBetAmount + cut.single,
    };
    return { topOffer, subOffer, bets };
  });

describe('settlement job against the rule book, on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startContractsApp();
  });
  afterAll(async () => t?.close());

  it('[AGENT-21] every real-time bill pays what the rule book gives over its window, and the bills equal the ledger to the cent', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ topOffer, subOffer, bets }) => {
        run += 1;
        // Each run on its own past hours, so no run sees another's bets.
        const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - (run + 1) * 10 * 24 * HOUR);
        const top = await addMember(t.ctx, { type: AGENT });
        const sub = await addMember(t.ctx, { type: AGENT, uplineId: top.id });
        const players = [await addMember(t.ctx, { type: PLAYER, uplineId: sub.id }), await addMember(t.ctx, { type: PLAYER, uplineId: top.id })];
        const team = [top, sub, ...players];
        for (const m of team) await credit(t.ctx, m.id, 100_000_00);
        const topContract = await giveContract(t.ctx, null, top, topOffer as ContractOffer, base);
        const subContract = await giveContract(t.ctx, top, sub, subOffer as ContractOffer, base);
        const placed = bets.map((b) => ({ memberId: team[b.who]!.id, stake: b.stake, payout: Math.floor(b.stake * b.outcome), window: b.window, at: new Date(base.getTime() + b.window * HOUR + b.minute * 60_000) }));
        for (const b of placed) await bet(t.ctx, b.memberId, b.stake, b.payout, b.at);
        const before = { top: await contractPayOf(t.ctx, top.id), sub: await contractPayOf(t.ctx, sub.id) };

        await settleContracts(t.ctx, ['REALTIME'], new Date(base.getTime() + 4 * HOUR + SETTLEMENT_GRACE_MS));

        const topTerms = termsOfOffer(topOffer as ContractOffer) as Extract<Terms, { kind: 'REALTIME' }>;
        const subTerms = termsOfOffer(subOffer as ContractOffer) as Extract<Terms, { kind: 'REALTIME' }>;
        const subTeam = new Set([sub.id, players[0]!.id]);
        const topBills = await billsOf(t.ctx, topContract);
        const subBills = await billsOf(t.ctx, subContract);
        expect(topBills).toHaveLength(4);
        expect(subBills).toHaveLength(4);
        for (let w = 0; w < 4; w += 1) {
          const inWindow = placed.filter((b) => b.window === w);
          expect(topBills[w]!.pay).toBe(modelRealtime(topTerms, inWindow));
          expect(subBills[w]!.pay).toBe(modelRealtime(subTerms, inWindow.filter((b) => subTeam.has(b.memberId))));
          expect(topBills[w]!.state).toBe(topBills[w]!.pay > 0 ? 'ISSUED' : 'NOT_REACHED');
        }
        const topPay = topBills.reduce((s, b) => s + b.pay, 0);
        const subPay = subBills.reduce((s, b) => s + b.pay, 0);
        // The platform paid the top agent; the top agent paid its sub-agent out of it.
        expect((await contractPayOf(t.ctx, sub.id)) - before.sub).toBe(subPay);
        expect((await contractPayOf(t.ctx, top.id)) - before.top).toBe(topPay - subPay);
        const platform = await t.ctx.db
          .selectFrom('ledger_postings as p')
          .innerJoin('ledger_transactions as x', 'x.id', 'p.transaction_id')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('p.amount'), eb.val('0')).as('sum'))
          .where('p.member_id', 'is', null)
          .where('x.reference', '=', `contract:${topContract}`)
          .executeTakeFirstOrThrow();
        expect(Number(platform.sum) + topPay).toBe(0);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
