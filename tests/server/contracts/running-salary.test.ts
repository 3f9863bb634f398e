import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEvents } from '@shared/contract/socket';
import { toMoney } from '@server/services/ledger/money';
import { realtimeSalaryView } from '@server/services/contracts/reads';
import { PUSH_INTERVAL_MS } from '@server/services/contracts/running';
import { settleContracts, SETTLEMENT_GRACE_MS } from '@server/services/contracts/settlement';
import { credit as houseCredit, debit as houseDebit } from '@server/services/games/seamless-wallet';
import type { TestApp } from '../../helpers/test-app';
import { addMember, AGENT, billsOf, credit, eventsOf, giveContract, lastEventId, PLAYER, REALTIME, startContractsApp, type TreeMember } from './contracts-kit';

const DAY_SECONDS = 86_400;

/**
 * The running real-time salary window (docs/contracts.md, The running window): a bet settled through
 * the seamless wallet (the way house games and vendors post) reaches the agreement's paying upline as
 * `salary:running`, throttled, with the figures and pay the settlement then bills for that window.
 * A day-long window, so a test never straddles two.
 */
describe('the running real-time salary window', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startContractsApp({ REALTIME_SALARY_WINDOW_SECONDS: DAY_SECONDS });
  });
  afterAll(async () => t?.close());

  /** Reads until `done` holds of what it read (pushes follow the commit), or 10 s have passed; returns the last read. */
  const readUntil = async <T,>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** A round of a house game: the stake debited, then the payout credited, each in its own transaction. */
  const play = async (member: TreeMember, stake: number, payout: number) => {
    const transactionId = randomUUID();
    const game = { vendor: 'HOUSE', gameType: 'RNG', gameCode: 'HOUSE_DICE', gameName: 'Dice' };
    await houseDebit(t.ctx, { ...game, transactionId, memberId: member.id, amount: stake });
    await houseCredit(t.ctx, { vendor: game.vendor, transactionId: `${transactionId}:payout`, betTransactionId: transactionId, amount: payout });
  };

  /** boss (the platform's agreement) > top (boss's) > mid (top's) > two players; and an agent beside them. */
  const team = async () => {
    const boss = await addMember(t.ctx, { type: AGENT });
    const top = await addMember(t.ctx, { type: AGENT, uplineId: boss.id });
    const mid = await addMember(t.ctx, { type: AGENT, uplineId: top.id });
    const players = [await addMember(t.ctx, { type: PLAYER, uplineId: mid.id }), await addMember(t.ctx, { type: PLAYER, uplineId: mid.id })];
    const stranger = await addMember(t.ctx, { type: AGENT });
    for (const m of [boss, top, ...players]) await credit(t.ctx, m.id, 10_000_00);
    const since = new Date(Date.now() - 60_000);
    await giveContract(t.ctx, null, boss, REALTIME, since);
    await giveContract(t.ctx, boss, top, REALTIME, since);
    const midContract = await giveContract(t.ctx, top, mid, REALTIME, since);
    return { boss, top, mid, players: players as [TreeMember, TreeMember], stranger, midContract };
  };

  it('[AGENT-21] a settled bet reaches the paying agent as the running window, which the settlement then pays to the cent', async () => {
    const { boss, top, mid, players, stranger, midContract } = await team();
    const before = await lastEventId(t.ctx);
    // Profit at 0.5 %, loss at 1 %; a stake under the single bet amount (1.00) does not count.
    await play(players[0], 200_00, 300_00);
    await play(players[1], 150_00, 0);
    await play(players[1], 50, 0);

    const last = async () => (await eventsOf(t.ctx, top.id, 'salary:running', before)).filter((e) => e.contractId === String(midContract)).at(-1);
    const running = await readUntil(last, (e) => e?.validBet === 350);
    expect(running).toMatchObject({ role: 'PAYER', downlineAccount: mid.account, payerAccount: top.account, validBet: 350, profitLoss: -50, activeMembers: 2, pay: 2.5 });
    expect(serverEvents['salary:running'].safeParse({ ...running, eventId: 1, at: running!.asOf }).success).toBe(true);

    // The page's read shows the same running window.
    const view = await realtimeSalaryView(t.ctx, top.id, { memberId: mid.id, windows: 12 });
    expect(view.running).toMatchObject({ windowStart: running!.windowStart, validBet: 350, profitLoss: -50, pay: 2.5 });
    expect(view.windows).toEqual([]);

    // Who hears of mid's agreement: its payer (top) and its holder (an agent, who watches its own page); nobody else.
    const aboutMid = async (memberId: number) => (await eventsOf(t.ctx, memberId, 'salary:running', before)).filter((e) => e.contractId === String(midContract));
    expect((await aboutMid(mid.id)).at(-1)).toMatchObject({ role: 'HOLDER', validBet: 350 });
    for (const outsider of [boss, stranger, ...players]) expect(await aboutMid(outsider.id)).toEqual([]);
    for (const player of players) expect(await eventsOf(t.ctx, player.id, 'salary:running', before)).toEqual([]);

    // The window settles: its bill pays exactly what the running window said.
    await settleContracts(t.ctx, ['REALTIME'], new Date(new Date(running!.windowEnd).getTime() + SETTLEMENT_GRACE_MS));
    const bill = (await billsOf(t.ctx, midContract)).find((b) => new Date(b.window_start).toISOString() === running!.windowStart);
    expect(bill).toBeDefined();
    expect([toMoney(bill!.valid_bet), toMoney(bill!.profit_loss), bill!.active_members, toMoney(bill!.pay), bill!.state]).toEqual([
      running!.validBet,
      running!.profitLoss,
      running!.activeMembers,
      running!.pay,
      'ISSUED',
    ]);
  });

  it('[AGENT-21] a burst of bets is at most one push a second per agreement, the last with every bet', async () => {
    const { top, players, midContract } = await team();
    const before = await lastEventId(t.ctx);
    const started = Date.now();
    for (let n = 0; n < 8; n += 1) await play(players[0], 10_00, 0);
    const elapsed = Date.now() - started;
    const pushes = async () => (await eventsOf(t.ctx, top.id, 'salary:running', before)).filter((e) => e.contractId === String(midContract));
    const seen = await readUntil(pushes, (events) => events.at(-1)?.validBet === 80);
    expect(seen.at(-1)).toMatchObject({ validBet: 80, pay: 0.8 });
    // The first bet pushes at once; the rest wait for the next second, one push per second at most.
    expect(seen.length).toBeLessThanOrEqual(Math.ceil(elapsed / PUSH_INTERVAL_MS) + 1);
    expect(seen.length).toBeLessThan(8);
  });

  it('[AGENT-21] without an agreement in force there is no running window and no push', async () => {
    const agent = await addMember(t.ctx, { type: AGENT });
    const player = await addMember(t.ctx, { type: PLAYER, uplineId: agent.id });
    await credit(t.ctx, player.id, 100_00);
    const before = await lastEventId(t.ctx);
    await play(player, 10_00, 0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await eventsOf(t.ctx, agent.id, 'salary:running', before)).toEqual([]);
    expect((await realtimeSalaryView(t.ctx, agent.id, { memberId: player.id, windows: 12 })).running).toBeNull();
  });
});
