import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@server/db/database';
import { ApiError } from '@server/http/api-error';
import { placeBet, rollbackBet, settleBet } from '@server/services/ledger/bets';
import { HOLD_WALLET, ledgerOf, type Ledger, type PostRequest } from '@server/services/ledger/ledger';
import { createMoneyKit, type MoneyKit } from '../../helpers/money-kit';

/** What a random session of money movements may do; amounts in cents. */
type Op =
  | { kind: 'deposit'; who: number; amount: number }
  | { kind: 'bet'; who: number; amount: number }
  | { kind: 'settle'; pick: number; payout: number }
  | { kind: 'rollback'; pick: number }
  | { kind: 'transfer'; who: number; outward: boolean; amount: number }
  | { kind: 'hold'; who: number; amount: number }
  | { kind: 'release'; pick: number }
  | { kind: 'paid'; pick: number }
  | { kind: 'p2p'; from: number; amount: number }
  | { kind: 'retry'; pick: number }
  | { kind: 'conflict'; pick: number };

const amount = fc.integer({ min: 1, max: 30_000 });
const who = fc.integer({ min: 0, max: 1 });
const pick = fc.nat();
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), who, amount }),
  fc.record({ kind: fc.constant('bet' as const), who, amount }),
  fc.record({ kind: fc.constant('settle' as const), pick, payout: fc.integer({ min: 0, max: 100_000 }) }),
  fc.record({ kind: fc.constant('rollback' as const), pick }),
  fc.record({ kind: fc.constant('transfer' as const), who, outward: fc.boolean(), amount }),
  fc.record({ kind: fc.constant('hold' as const), who, amount }),
  fc.record({ kind: fc.constant('release' as const), pick }),
  fc.record({ kind: fc.constant('paid' as const), pick }),
  fc.record({ kind: fc.constant('p2p' as const), from: who, amount }),
  fc.record({ kind: fc.constant('retry' as const), pick }),
  fc.record({ kind: fc.constant('conflict' as const), pick }),
);

const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : 'THROWN');

describe('ledger properties (fast-check, random sequences with retries)', () => {
  let kit: MoneyKit;
  let ledger: Ledger;
  beforeAll(async () => {
    // Few house shards, so several runs share system rows as production traffic would.
    kit = await createMoneyKit({ LEDGER_HOUSE_SHARDS: 3 });
    ledger = ledgerOf(kit.t.ctx);
  });
  afterAll(async () => kit.close());

  const inTrx = <T>(work: (trx: Transaction<Database>) => Promise<T>) => kit.t.ctx.db.transaction().execute(work);

  /** Runs one random session against two fresh members, keeping a model of what each wallet must hold. */
  const runSession = async (ops: Op[]) => {
    const members = [(await kit.member()).id, (await kit.member()).id];
    const model = new Map<string, number>();
    const key = (m: number, wallet: string) => `${m}:${wallet}`;
    const add = (m: number, wallet: string, delta: number) => model.set(key(m, wallet), (model.get(key(m, wallet)) ?? 0) + delta);
    const holds = (m: number, wallet: string) => model.get(key(m, wallet)) ?? 0;
    const posts: { request: PostRequest; transactionId: number; effect: [number, string, number][] }[] = [];
    const bets: { betId: string; member: number; stake: number; status: 'OPEN' | 'SETTLED' | 'ROLLED_BACK'; payout: number }[] = [];
    const heldOrders: { member: number; amount: number; open: boolean; id: string }[] = [];

    /** Posts and applies the effect to the model only when it went through. */
    const post = async (request: PostRequest, effect: [number, string, number][]) => {
      try {
        const result = await inTrx((trx) => ledger.post(trx, request));
        expect(result.replayed).toBe(false);
        effect.forEach(([m, w, d]) => add(m, w, d));
        posts.push({ request, transactionId: result.transactionId, effect });
        return true;
      } catch (err) {
        expect(codeOf(err)).toBe('INSUFFICIENT_BALANCE');
        // The refusal is right: some member wallet would have gone below zero.
        expect(effect.some(([m, w, d]) => holds(m, w) + d < 0)).toBe(true);
        return false;
      }
    };

    const deposit = (m: number, cents: number) =>
      post(
        { entryType: 'DEPOSIT', idempotencyKey: `p:${randomUUID()}`, legs: [{ account: { system: 'CASH' }, amount: -cents }, { account: { memberId: m, wallet: 'MAIN' }, amount: cents }] },
        [[m, 'MAIN', cents]],
      );
    // An opening deposit each, so most movements go through and some run the wallets dry.
    for (const m of members) await deposit(m, 60_000);

    for (const o of ops) {
      switch (o.kind) {
        case 'deposit':
          await deposit(members[o.who]!, o.amount);
          break;
        case 'bet': {
          const m = members[o.who]!;
          const betId = `b-${randomUUID()}`;
          const input = { betId, memberId: m, vendor: 'HOUSE', gameType: 'RNG', gameCode: 'slot', gameName: 'Slot', stake: o.amount };
          try {
            await inTrx((trx) => placeBet(trx, ledger, input));
            add(m, 'MAIN', -o.amount);
            bets.push({ betId, member: m, stake: o.amount, status: 'OPEN', payout: 0 });
            // A retried debit is the same bet: nothing moves again.
            const again = await inTrx((trx) => placeBet(trx, ledger, input));
            expect(again.posted?.replayed).toBe(true);
          } catch (err) {
            expect(codeOf(err)).toBe('INSUFFICIENT_BALANCE');
            expect(holds(m, 'MAIN')).toBeLessThan(o.amount);
          }
          break;
        }
        case 'settle': {
          const bet = bets[o.pick % Math.max(1, bets.length)];
          if (!bet) break;
          try {
            await inTrx((trx) => settleBet(trx, ledger, { betId: bet.betId, payout: o.payout }));
            expect(bet.status === 'OPEN' || (bet.status === 'SETTLED' && bet.payout === o.payout)).toBe(true);
            if (bet.status === 'OPEN') {
              add(bet.member, 'MAIN', o.payout);
              bet.status = 'SETTLED';
              bet.payout = o.payout;
            }
          } catch (err) {
            expect(bet.status === 'ROLLED_BACK' ? 'INVALID_STATE' : 'IDEMPOTENCY_CONFLICT').toBe(codeOf(err));
          }
          break;
        }
        case 'rollback': {
          const bet = bets[o.pick % Math.max(1, bets.length)];
          if (!bet) {
            // A rollback of an unknown bet changes nothing.
            expect(await inTrx((trx) => rollbackBet(trx, ledger, { betId: `unknown-${randomUUID()}` }))).toBeNull();
            break;
          }
          try {
            await inTrx((trx) => rollbackBet(trx, ledger, { betId: bet.betId }));
            expect(bet.status).not.toBe('SETTLED');
            if (bet.status === 'OPEN') add(bet.member, 'MAIN', bet.stake);
            bet.status = 'ROLLED_BACK';
          } catch (err) {
            // A rollback after its payout is refused.
            expect(bet.status).toBe('SETTLED');
            expect(codeOf(err)).toBe('INVALID_STATE');
          }
          break;
        }
        case 'transfer': {
          const m = members[o.who]!;
          const [from, to] = o.outward ? ['MAIN', 'PG'] : ['PG', 'MAIN'];
          await post(
            {
              entryType: o.outward ? 'TRANSFER_OUT' : 'TRANSFER_IN',
              idempotencyKey: `p:${randomUUID()}`,
              legs: [{ account: { memberId: m, wallet: from }, amount: -o.amount }, { account: { memberId: m, wallet: to }, amount: o.amount }],
            },
            [[m, from, -o.amount], [m, to, o.amount]],
          );
          break;
        }
        case 'hold': {
          const m = members[o.who]!;
          const id = randomUUID();
          const ok = await post(
            {
              entryType: 'WITHDRAWAL_HOLD',
              idempotencyKey: `hold:${id}`,
              legs: [{ account: { memberId: m, wallet: 'MAIN' }, amount: -o.amount }, { account: { memberId: m, wallet: HOLD_WALLET }, amount: o.amount }],
            },
            [[m, 'MAIN', -o.amount], [m, HOLD_WALLET, o.amount]],
          );
          if (ok) heldOrders.push({ member: m, amount: o.amount, open: true, id });
          break;
        }
        case 'release':
        case 'paid': {
          const order = heldOrders.filter((h) => h.open)[o.pick % Math.max(1, heldOrders.length)];
          if (!order) break;
          const release = o.kind === 'release';
          await post(
            {
              entryType: release ? 'WITHDRAWAL_RELEASE' : 'WITHDRAWAL_PAID',
              idempotencyKey: `${o.kind}:${order.id}`,
              legs: [
                { account: { memberId: order.member, wallet: HOLD_WALLET }, amount: -order.amount },
                release ? { account: { memberId: order.member, wallet: 'MAIN' }, amount: order.amount } : { account: { system: 'CASH' }, amount: order.amount },
              ],
            },
            release ? [[order.member, HOLD_WALLET, -order.amount], [order.member, 'MAIN', order.amount]] : [[order.member, HOLD_WALLET, -order.amount]],
          );
          order.open = false;
          break;
        }
        case 'p2p': {
          const [from, to] = [members[o.from]!, members[1 - o.from]!];
          await post(
            {
              entryType: 'DOWNLINE_TRANSFER',
              idempotencyKey: `p:${randomUUID()}`,
              legs: [{ account: { memberId: from, wallet: 'MAIN' }, amount: -o.amount }, { account: { memberId: to, wallet: 'MAIN' }, amount: o.amount }],
            },
            [[from, 'MAIN', -o.amount], [to, 'MAIN', o.amount]],
          );
          break;
        }
        case 'retry': {
          const first = posts[o.pick % Math.max(1, posts.length)];
          if (!first) break;
          const again = await inTrx((trx) => ledger.post(trx, first.request));
          expect(again.replayed).toBe(true);
          expect(again.transactionId).toBe(first.transactionId);
          break;
        }
        case 'conflict': {
          const first = posts[o.pick % Math.max(1, posts.length)];
          if (!first) break;
          const changed = { ...first.request, legs: first.request.legs.map((l) => ({ ...l, amount: l.amount * 2 })) };
          await expect(inTrx((trx) => ledger.post(trx, changed))).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
          break;
        }
      }
    }

    // Each wallet holds what the model says, and no member wallet is below zero.
    const accounts = await kit.t.ctx.db.selectFrom('ledger_accounts').select(['member_id', 'code', 'balance']).where('member_id', 'in', members).execute();
    for (const a of accounts) {
      expect(a.balance).toBeGreaterThanOrEqual(0);
      expect(a.balance, `${a.member_id}:${a.code}`).toBe(holds(a.member_id!, a.code));
    }
    for (const [k, v] of model) {
      if (v !== 0) expect(accounts.some((a) => `${a.member_id}:${a.code}` === k)).toBe(true);
    }
  };

  const checkJournal = async () => {
    const db = kit.t.ctx.db;
    const total = await db.selectFrom('ledger_postings').select(sql<number>`coalesce(sum(amount), 0)`.as('sum')).executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(0);
    const unbalanced = await db
      .selectFrom('ledger_postings')
      .select('transaction_id')
      .groupBy('transaction_id')
      .having(sql`sum(amount)`, '<>', 0)
      .execute();
    expect(unbalanced).toEqual([]);
    // Every stored balance is exactly the sum of that account's postings.
    const drift = await db
      .selectFrom('ledger_accounts as a')
      .leftJoin('ledger_postings as p', 'p.account_id', 'a.id')
      .select(['a.id', 'a.balance', sql<number>`coalesce(sum(p.amount), 0)`.as('posted')])
      .groupBy(['a.id', 'a.balance'])
      .having(sql`a.balance`, '<>', sql`coalesce(sum(p.amount), 0)`)
      .execute();
    expect(drift).toEqual([]);
    const negative = await db.selectFrom('ledger_accounts').select('id').where('member_id', 'is not', null).where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  };

  it('balances never go negative, every transaction and the whole journal sum to zero, retries are idempotent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 40 }), async (ops) => {
        await runSession(ops);
        await checkJournal();
      }),
      { numRuns: 60 },
    );
  }, 240_000);

  it('the database itself refuses a member balance below zero (CHECK), even when code is bypassed', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 100);
    await expect(
      kit.t.ctx.db.updateTable('ledger_accounts').set({ balance: -1 }).where('member_id', '=', m.id).where('code', '=', 'MAIN').execute(),
    ).rejects.toThrow(/ledger_accounts_no_overdraft/);
  });

  it('the database refuses an unbalanced transaction at commit, and the journal cannot be edited', async () => {
    const db = kit.t.ctx.db;
    const m = await kit.member();
    await kit.credit(m.id, 500);
    const account = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', m.id).where('code', '=', 'MAIN').executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        const t = await trx
          .insertInto('ledger_transactions')
          .values({ entry_type: 'DEPOSIT', idempotency_key: `raw:${randomUUID()}`, request_hash: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_postings')
          .values({ transaction_id: t.id, account_id: account.id, member_id: m.id, code: 'MAIN', amount: 100, balance_after: 600 })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(db.updateTable('ledger_postings').set({ amount: 1 }).where('member_id', '=', m.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('ledger_transactions').where('id', '>', 0).execute()).rejects.toThrow(/append-only/);
  });

  it('a ledger request that does not sum to zero is refused before it touches the database', async () => {
    const m = await kit.member();
    await expect(
      inTrx((trx) =>
        ledger.post(trx, {
          entryType: 'DEPOSIT',
          idempotencyKey: `bad:${randomUUID()}`,
          legs: [{ account: { system: 'CASH' }, amount: -100 }, { account: { memberId: m.id, wallet: 'MAIN' }, amount: 99 }],
        }),
      ),
    ).rejects.toThrow(/sum to -1/);
  });
});
