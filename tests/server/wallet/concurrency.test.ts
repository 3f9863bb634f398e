import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBet } from '@server/services/ledger/bets';
import { ledgerOf } from '@server/services/ledger/ledger';
import { createMoneyKit, PAYMENT_PASSWORD, type MoneyKit } from '../../helpers/money-kit';

/**
 * Races need real connections: PGlite has one, so it can never show one. CI's PostgreSQL pass
 * sets TEST_DATABASE_URL; without it these tests are skipped.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('ledger under concurrency (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit();
  });
  afterAll(async () => kit.close());

  it('50 concurrent withdrawals on one account never overdraw it: exactly what the balance covers is held', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 1_000_00);
    await kit.setPaymentPassword(m);
    const bankAccountId = await kit.bindBank(m);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        kit.call('POST', '/wps/relay/PAY_withdraw', {
          token: m.token,
          body: { bankAccountId, amount: 100, paymentPassword: PAYMENT_PASSWORD, requestId: randomUUID() },
        }),
      ),
    );
    const statuses = results.map((r) => `${r.status} ${r.body.code}`);
    expect(statuses.filter((s) => s === '200 OK')).toHaveLength(10);
    expect(statuses.filter((s) => s === '409 INSUFFICIENT_BALANCE')).toHaveLength(40);
    const balances = await kit.t.ctx.db.selectFrom('ledger_accounts').select(['code', 'balance']).where('member_id', '=', m.id).orderBy('code').execute();
    expect(balances).toEqual([
      { code: 'HOLD', balance: 1_000_00 },
      { code: 'MAIN', balance: 0 },
    ]);
    const orders = await kit.t.ctx.db.selectFrom('withdrawal_orders').select('id').where('member_id', '=', m.id).execute();
    expect(orders).toHaveLength(10);
  });

  it('concurrent retries of one transfer move the money once and all get the first answer', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 100_00);
    const body = { fromWallet: 'MAIN', toWallet: 'PG', amount: 40, requestId: randomUUID() };
    const results = await Promise.all(Array.from({ length: 20 }, () => kit.call('POST', '/wps/relay/GCS_walletTransfer', { token: m.token, body })));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect(new Set(results.map((r) => JSON.stringify(r.body.value))).size).toBe(1);
    expect((await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token })).body.value.balance).toBe(60);
  });

  it('bets of many players at once, transfers between players in both directions: no deadlock, nothing lost', async () => {
    const ledger = ledgerOf(kit.t.ctx);
    const players = await Promise.all(Array.from({ length: 8 }, () => kit.member()));
    for (const p of players) await kit.credit(p.id, 10_000_00);
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 15; round += 1) {
      players.forEach((p, i) => {
        const next = players[(i + 1) % players.length]!;
        work.push(
          kit.t.ctx.db.transaction().execute((trx) =>
            placeBet(trx, ledger, { betId: randomUUID(), memberId: p.id, vendor: 'HOUSE', gameType: 'RNG', gameCode: 'slot', gameName: 'Slot', stake: 1_00 }),
          ),
          // Opposite directions between neighbours: row locks in id order keep these from deadlocking.
          kit.t.ctx.db.transaction().execute((trx) =>
            ledger.post(trx, {
              entryType: 'DOWNLINE_TRANSFER',
              idempotencyKey: `p2p:${randomUUID()}`,
              legs: [
                { account: { memberId: round % 2 ? p.id : next.id, wallet: 'MAIN' }, amount: -50 },
                { account: { memberId: round % 2 ? next.id : p.id, wallet: 'MAIN' }, amount: 50 },
              ],
            }),
          ),
        );
      });
    }
    const settled = await Promise.allSettled(work);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    const total = await kit.t.ctx.db
      .selectFrom('ledger_accounts')
      .select(sql<number>`sum(balance)`.as('sum'))
      .where('member_id', 'in', players.map((p) => p.id))
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(players.length * (10_000_00 - 15 * 1_00));
    const postings = await kit.t.ctx.db.selectFrom('ledger_postings').select(sql<number>`sum(amount)`.as('sum')).executeTakeFirstOrThrow();
    expect(Number(postings.sum)).toBe(0);
  });
});
