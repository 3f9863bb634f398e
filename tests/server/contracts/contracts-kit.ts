import { randomUUID } from 'node:crypto';
import type { ContractOffer } from '@shared/contract/contracts';
import type { ServerEventName } from '@shared/contract/socket';
import type { EventBody } from '@server/socket/realtime';
import type { AppContext } from '@server/app-context';
import type { AppConfig } from '@server/config';
import { answerContract, offerContract, type ContractActor } from '@server/services/contracts/lifecycle';
import { placeBet, settleBet } from '@server/services/ledger/bets';
import { ledgerOf } from '@server/services/ledger/ledger';
import { Caller } from '../../helpers/accounts-kit';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { addMember, AGENT, credit, PLAYER, type TreeMember } from '../agent/agent-kit';

export { addMember, AGENT, credit, PLAYER, type TreeMember };

/**
 * A server for the contract tests: no demo people (every test builds its own tree), and the
 * background jobs slow enough never to run during a test, which drives settlement with its own clock.
 */
export const startContractsApp = (overrides: Partial<AppConfig> = {}): Promise<TestApp> =>
  createTestApp({ REALTIME_SALARY_WINDOW_SECONDS: 3600, JOB_INTERVAL_SECONDS: 3600, LOTTERY_TICK_SECONDS: 0, ...overrides }, { SEED_DEMO: 'false' });

export const caller = (t: TestApp, member: { token: string } | null): Caller => {
  const c = new Caller(t);
  c.token = member?.token ?? null;
  return c;
};

export const operatorActor = async (ctx: AppContext): Promise<ContractActor> => {
  const op = await ctx.db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
  return { kind: 'operator', operatorId: op.id, ip: '127.0.0.1' };
};
export const memberActor = (member: { id: number }): ContractActor => ({ kind: 'member', memberId: member.id, ip: '127.0.0.1' });

/** Offers and accepts a contract at `at` through the services: the platform when `offerer` is null. */
export const giveContract = async (ctx: AppContext, offerer: TreeMember | null, holder: TreeMember, offer: ContractOffer, at = new Date()): Promise<number> => {
  const actor = offerer ? memberActor(offerer) : await operatorActor(ctx);
  const to = offerer ? { memberId: holder.id } : { account: holder.account };
  const offered = await offerContract(ctx, actor, to, offer, at);
  await answerContract(ctx, memberActor(holder), offer.kind, Number(offered.contractId), 'A', at);
  return Number(offered.contractId);
};

/** A settled bet of `stake` cents paying `payout` cents, placed and settled at `at`. */
export const bet = async (ctx: AppContext, memberId: number, stake: number, payout: number, at: Date): Promise<void> => {
  const betId = `test-${randomUUID()}`;
  await ctx.db.transaction().execute(async (trx) => {
    const ledger = ledgerOf(ctx);
    await placeBet(trx, ledger, { betId, memberId, vendor: 'HOUSE', gameType: 'RNG', gameCode: 'HOUSE_DICE', gameName: 'Dice', stake, at });
    await settleBet(trx, ledger, { betId, payout, at });
  });
};

/** The ledger's SALARY and DIVIDEND movements of a member's main wallet, in cents (signed). */
export const contractPayOf = async (ctx: AppContext, memberId: number): Promise<number> => {
  const row = await ctx.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('p.amount'), eb.val('0')).as('sum'))
    .where('p.member_id', '=', memberId)
    .where('t.entry_type', 'in', ['SALARY', 'DIVIDEND'])
    .executeTakeFirstOrThrow();
  return Number(row.sum);
};

export const billsOf = (ctx: AppContext, contractId: number) =>
  ctx.db.selectFrom('contract_bills').selectAll().where('contract_id', '=', contractId).orderBy('window_start').execute();

/** Socket events recorded to a member's room since `afterId`, by name. */
export const eventsOf = async <E extends ServerEventName>(ctx: AppContext, memberId: number, name: E, afterId = 0): Promise<(EventBody<E> & { id: number })[]> =>
  (
    await ctx.db
      .selectFrom('events')
      .select(['id', 'payload'])
      .where('room', '=', `member:${memberId}`)
      .where('name', '=', name)
      .where('id', '>', afterId)
      .orderBy('id')
      .execute()
  ).map((r) => ({ id: r.id, ...(r.payload as EventBody<E>) }));

export const lastEventId = async (ctx: AppContext): Promise<number> =>
  Number((await ctx.db.selectFrom('events').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);

export const REALTIME: Extract<ContractOffer, { kind: 'REALTIME' }> = { kind: 'REALTIME', profitRate: 0.5, lossRate: 1, singleBetAmount: 1 };
export const DAILY: Extract<ContractOffer, { kind: 'DAILY' }> = { kind: 'DAILY', tiers: [{ dailyBetAmount: 100, rate: 1 }, { dailyBetAmount: 1_000, rate: 2 }] };
export const HOURLY: Extract<ContractOffer, { kind: 'HOURLY' }> = { kind: 'HOURLY', tiers: [{ hourlyBetAmount: 10, rate: 1 }], activeMemberCount: 2 };
export const DIVIDEND: Extract<ContractOffer, { kind: 'DIVIDEND' }> = {
  kind: 'DIVIDEND',
  period: 'W',
  tiers: [
    { periodValidBet: 10, periodProfitLoss: 1, activeMemberCount: 1, rate: 10 },
    { periodValidBet: 1_000, periodProfitLoss: 100, activeMemberCount: 2, rate: 20 },
  ],
};
