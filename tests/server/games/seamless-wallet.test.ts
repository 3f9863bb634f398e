import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_TYPE } from '@shared/contract/socket';
import { credit, debit, rollback, type DebitRequest } from '@server/services/games/seamless-wallet';
import { vendorWalletKey } from '@server/services/games/vendor-keys';
import type { Member } from '../../helpers/money-kit';
import { createGamesKit, SLOT, VN_LOTTO, type GamesKit } from './games-kit';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The provider side of the seamless-wallet protocol, on the real ledger. */
describe('seamless wallet: debit, credit and rollback', () => {
  let kit: GamesKit;
  beforeAll(async () => {
    kit = await createGamesKit();
  });
  afterAll(async () => kit.close());

  const funded = async (cents: number): Promise<Member> => {
    const member = await kit.member();
    await kit.credit(member.id, cents);
    return member;
  };
  const bet = (member: Member, transactionId: string, amount: number): DebitRequest => ({
    vendor: 'HOUSE',
    transactionId,
    memberId: member.id,
    gameType: 'RNG',
    gameCode: 'HOUSE_STAR_GEMS',
    gameName: 'Star Gems',
    amount,
  });
  const codeOf = (promise: Promise<unknown>) => promise.then(() => 'OK', (e: { code?: string }) => e.code ?? 'THROWN');
  const memberEvents = async (member: Member) =>
    kit.t.ctx.db.selectFrom('events').select(['name', 'payload']).where('room', '=', `member:${member.id}`).orderBy('id').execute();

  it('[GAMES-22] a retried debit, credit or rollback answers as the first did and moves the money once', async () => {
    const member = await funded(10_000);
    const first = await debit(kit.t.ctx, bet(member, 'retry-1', 2_500));
    expect(first).toEqual({ betId: 'HOUSE:retry-1', status: 'OPEN', balance: 7_500 });
    expect(await debit(kit.t.ctx, bet(member, 'retry-1', 2_500))).toEqual(first);
    expect(await debit(kit.t.ctx, bet(member, 'retry-1', 2_500))).toEqual(first);

    const paid = await credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'retry-1:win', betTransactionId: 'retry-1', amount: 6_000 });
    expect(paid).toEqual({ betId: 'HOUSE:retry-1', status: 'SETTLED', balance: 13_500 });
    expect(await credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'retry-1:win', betTransactionId: 'retry-1', amount: 6_000 })).toEqual(paid);
    expect(await kit.balance(member)).toBe(135);

    await debit(kit.t.ctx, bet(member, 'retry-2', 1_000));
    const back = await rollback(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'retry-2:rb', betTransactionId: 'retry-2' });
    expect(back).toEqual({ betId: 'HOUSE:retry-2', status: 'ROLLED_BACK', balance: 13_500 });
    expect(await rollback(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'retry-2:rb', betTransactionId: 'retry-2' })).toEqual(back);
    expect(await kit.balance(member)).toBe(135);

    // Every movement announced once: the funding credit, two bets, one payout, one rollback.
    const pushed = (await memberEvents(member)).filter((e) => e.name === 'balance:updated').map((e) => (e.payload as { entryType: string }).entryType);
    expect(pushed).toEqual(['OPERATOR_ADJUSTMENT', 'BET', 'PAYOUT', 'BET', 'ROLLBACK']);
  });

  it('[GAMES-22] the same transaction id with another amount is a conflict and changes nothing', async () => {
    const member = await funded(5_000);
    await debit(kit.t.ctx, bet(member, 'conflict-1', 1_000));
    expect(await codeOf(debit(kit.t.ctx, bet(member, 'conflict-1', 2_000)))).toBe('IDEMPOTENCY_CONFLICT');
    await credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'c1:win', betTransactionId: 'conflict-1', amount: 1_500 });
    expect(await codeOf(credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'c1:win', betTransactionId: 'conflict-1', amount: 9_999 }))).toBe('IDEMPOTENCY_CONFLICT');
    expect(await kit.balance(member)).toBe(55);
  });

  it('[GAMES-22] a rollback of a bet the wallet never saw changes nothing', async () => {
    const member = await funded(3_000);
    const before = await memberEvents(member);
    const res = await rollback(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'ghost:rb', betTransactionId: 'ghost' });
    expect(res).toEqual({ betId: 'HOUSE:ghost', status: 'UNKNOWN', balance: null });
    expect(await kit.balance(member)).toBe(30);
    expect(await memberEvents(member)).toEqual(before);
    expect(await kit.t.ctx.db.selectFrom('bets').select('id').where('bet_id', '=', 'HOUSE:ghost').executeTakeFirst()).toBeUndefined();
  });

  it('[GAMES-22] a rollback after the payout is refused, and so is a payout after a rollback', async () => {
    const member = await funded(4_000);
    await debit(kit.t.ctx, bet(member, 'paid-then-rb', 1_000));
    await credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'p:win', betTransactionId: 'paid-then-rb', amount: 3_000 });
    expect(await codeOf(rollback(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'p:rb', betTransactionId: 'paid-then-rb' }))).toBe('INVALID_STATE');
    await debit(kit.t.ctx, bet(member, 'rb-then-paid', 1_000));
    await rollback(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'r:rb', betTransactionId: 'rb-then-paid' });
    expect(await codeOf(credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'r:win', betTransactionId: 'rb-then-paid', amount: 5_000 }))).toBe('INVALID_STATE');
    expect(await kit.balance(member)).toBe(60);
  });

  it('[GAMES-22] a debit larger than the balance is refused and leaves no bet', async () => {
    const member = await funded(1_000);
    expect(await codeOf(debit(kit.t.ctx, bet(member, 'too-big', 1_001)))).toBe('INSUFFICIENT_BALANCE');
    expect(await kit.t.ctx.db.selectFrom('bets').select('id').where('bet_id', '=', 'HOUSE:too-big').executeTakeFirst()).toBeUndefined();
    expect(await kit.balance(member)).toBe(10);
  });

  it('[GAMES-22] payouts and rollbacks are taken after the game session expired', async () => {
    const member = await funded(2_000);
    const { session } = await kit.launch(member, SLOT);
    await debit(kit.t.ctx, bet(member, 'late-1', 500));
    await debit(kit.t.ctx, bet(member, 'late-2', 500));
    await kit.t.ctx.db.updateTable('house_sessions').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', session.split('.')[0]!).execute();
    expect(await credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'late-1:win', betTransactionId: 'late-1', amount: 1_200 })).toMatchObject({ status: 'SETTLED' });
    expect(await rollback(kit.t.ctx, { vendor: 'HOUSE', transactionId: 'late-2:rb', betTransactionId: 'late-2' })).toMatchObject({ status: 'ROLLED_BACK' });
    expect(await kit.balance(member)).toBe(27);
  });

  describe('over HTTP, for external vendors', () => {
    /** A vendor call signed as the protocol says: HMAC-SHA256 over "<timestamp>.<raw body>". */
    const signed = (path: string, body: { vendor: string; [field: string]: unknown }, options: { secret?: string; timestamp?: number } = {}) => {
      const raw = JSON.stringify(body);
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const secret = options.secret ?? vendorWalletKey(kit.t.ctx.config, body.vendor);
      const signature = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
      return kit.call('POST', path, {
        rawBody: raw,
        headers: { 'content-type': 'application/json', 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature },
      });
    };

    it('[GAMES-22] a signed vendor debits, credits and rolls back; retries answer alike', async () => {
      const member = await funded(10_000);
      const stake = { vendor: 'PG', transactionId: 'pg-tx-1', account: member.account, gameType: 'RNG', gameCode: 'PG_LUCKY_BONANZA', gameName: 'Lucky Bonanza', amount: 12.5 };
      const first = await signed('/wps/seamless/debit', stake);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.value).toEqual({ betId: 'PG:pg-tx-1', status: 'OPEN', balance: 87.5 });
      expect((await signed('/wps/seamless/debit', stake)).body.value).toEqual(first.body.value);
      const win = { vendor: 'PG', transactionId: 'pg-tx-2', betTransactionId: 'pg-tx-1', amount: 30 };
      expect((await signed('/wps/seamless/credit', win)).body.value).toEqual({ betId: 'PG:pg-tx-1', status: 'SETTLED', balance: 117.5 });
      expect((await signed('/wps/seamless/credit', win)).body.value.balance).toBe(117.5);
      const refused = await signed('/wps/seamless/rollback', { vendor: 'PG', transactionId: 'pg-tx-3', betTransactionId: 'pg-tx-1' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('INVALID_STATE');
      expect((await signed('/wps/seamless/rollback', { vendor: 'PG', transactionId: 'pg-tx-4', betTransactionId: 'never-seen' })).body.value).toEqual({
        betId: 'PG:never-seen',
        status: 'UNKNOWN',
        balance: null,
      });
      expect((await signed('/wps/seamless/balance', { vendor: 'PG', account: member.account })).body.value).toEqual({ account: member.account, balance: 117.5 });
      const record = (await kit.call('GET', '/wps/relay/RPT_bettingRecord', { token: member.token })).body.value.list;
      expect(record[0]).toMatchObject({ vendor: 'PG', gameName: 'Lucky Bonanza', stake: 12.5, payout: 30, status: 'SETTLED' });
    });

    it('[GAMES-22] an unsigned, forged or stale call, an unknown vendor and a trial account are refused and move nothing', async () => {
      const member = await funded(5_000);
      const stake = { vendor: 'PG', transactionId: 'bad-1', account: member.account, gameType: 'RNG', gameCode: 'X', gameName: 'X', amount: 10 };
      const unsigned = await kit.call('POST', '/wps/seamless/debit', { body: stake });
      expect(unsigned.status).toBe(401);
      expect(unsigned.body.code).toBe('SIGNATURE_INVALID');
      expect((await signed('/wps/seamless/debit', stake, { secret: 'someone-elses-secret-key' })).body.code).toBe('SIGNATURE_INVALID');
      expect((await signed('/wps/seamless/debit', stake, { timestamp: Math.floor(Date.now() / 1000) - 3_600 })).body.code).toBe('REQUEST_EXPIRED');
      expect((await signed('/wps/seamless/debit', { ...stake, vendor: 'NOPE' })).body.code).toBe('GAME_NOT_FOUND');
      const trial = await kit.member(TRIAL_TYPE);
      expect((await signed('/wps/seamless/debit', { ...stake, account: trial.account })).body.code).toBe('TRIAL_ACCOUNT');
      expect(await kit.balance(member)).toBe(50);
    });

    it('[GAMES-22] each vendor has its own key: a call signed with another vendor\'s key, or with the master secret, is refused', async () => {
      const member = await funded(5_000);
      const stake = { vendor: 'PG', transactionId: 'keys-1', account: member.account, gameType: 'RNG', gameCode: 'X', gameName: 'X', amount: 10 };
      expect(vendorWalletKey(kit.t.ctx.config, 'PG')).not.toBe(vendorWalletKey(kit.t.ctx.config, 'JDB'));
      for (const secret of [vendorWalletKey(kit.t.ctx.config, 'JDB'), kit.t.ctx.config.GAME_WALLET_SECRET]) {
        const res = await signed('/wps/seamless/debit', stake, { secret });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('SIGNATURE_INVALID');
      }
      expect((await signed('/wps/seamless/debit', stake)).status).toBe(200);
      expect(await kit.balance(member)).toBe(40);
    });

    it('[GAMES-22] the built-in house vendors are refused, even signed with their own key: a house lottery ticket cannot be refunded from outside', async () => {
      const member = await funded(5_000);
      const { session } = await kit.launch(member, VN_LOTTO);
      const lottery = (await kit.call('GET', '/house/api/lottery/state', { query: { session, gameCode: VN_LOTTO.gameCode } })).body.value;
      const bought = await kit.call('POST', '/house/api/lottery/bet', {
        body: { session, gameCode: VN_LOTTO.gameCode, issueNo: lottery.current.issueNo, betType: 'BIG_SMALL', pick: 'BIG', stake: 10, requestId: randomUUID() },
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      const ticket = await kit.t.ctx.db.selectFrom('lottery_tickets').select('bet_id').where('member_id', '=', member.id).executeTakeFirstOrThrow();
      const debitId = ticket.bet_id!.slice(`${VN_LOTTO.vassalage}:`.length);
      for (const vendor of ['HOUSE', VN_LOTTO.vassalage]) {
        const refund = await signed('/wps/seamless/rollback', { vendor, transactionId: `${debitId}:rb`, betTransactionId: debitId });
        expect(refund.status).toBe(403);
        expect(refund.body.code).toBe('FORBIDDEN');
        const balance = await signed('/wps/seamless/balance', { vendor, account: member.account });
        expect(balance.body.code).toBe('FORBIDDEN');
      }
      expect(await kit.balance(member)).toBe(40);
      const bet = await kit.t.ctx.db.selectFrom('bets').select('status').where('bet_id', '=', ticket.bet_id!).executeTakeFirstOrThrow();
      expect(bet.status).toBe('OPEN');
    });

    it('[GAMES-22] a rollback that overtakes its debit voids it: the debit, when it arrives, moves nothing and answers ROLLED_BACK', async () => {
      const member = await funded(5_000);
      const early = await signed('/wps/seamless/rollback', { vendor: 'PG', transactionId: 'late-debit:rb', betTransactionId: 'late-debit' });
      expect(early.body.value).toEqual({ betId: 'PG:late-debit', status: 'UNKNOWN', balance: null });
      const stake = { vendor: 'PG', transactionId: 'late-debit', account: member.account, gameType: 'RNG', gameCode: 'X', gameName: 'X', amount: 20 };
      for (let i = 0; i < 2; i += 1) {
        const res = await signed('/wps/seamless/debit', stake);
        expect(res.status).toBe(200);
        expect(res.body.value).toEqual({ betId: 'PG:late-debit', status: 'ROLLED_BACK', balance: 50 });
      }
      expect(await kit.balance(member)).toBe(50);
      expect(await kit.t.ctx.db.selectFrom('bets').select('id').where('bet_id', '=', 'PG:late-debit').executeTakeFirst()).toBeUndefined();
    });
  });

  describe.runIf(onPostgres)('under concurrency (PostgreSQL)', () => {
    it('[GAMES-22] 25 simultaneous retries of one debit make one bet and take the stake once', async () => {
      const member = await funded(10_000);
      const replies = await Promise.all(Array.from({ length: 25 }, () => debit(kit.t.ctx, bet(member, 'storm', 3_000))));
      expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
      expect(await kit.balance(member)).toBe(70);
      const bets = await kit.t.ctx.db.selectFrom('bets').select('id').where('bet_id', '=', 'HOUSE:storm').execute();
      expect(bets).toHaveLength(1);
    });

    it('[GAMES-22] 40 simultaneous debits on a balance for 10 of them: exactly 10 pass and the balance never goes below zero', async () => {
      const member = await funded(10_000);
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => codeOf(debit(kit.t.ctx, bet(member, `rush-${member.id}-${i}`, 1_000)))));
      expect(results.filter((r) => r === 'OK')).toHaveLength(10);
      expect(results.filter((r) => r !== 'OK').every((r) => r === 'INSUFFICIENT_BALANCE')).toBe(true);
      expect(await kit.balance(member)).toBe(0);
    });

    it('[GAMES-22] a payout racing a rollback of the same bet: exactly one of them happens', async () => {
      for (let i = 0; i < 8; i += 1) {
        const member = await funded(1_000);
        const id = `race-${member.id}`;
        await debit(kit.t.ctx, bet(member, id, 1_000));
        const [paid, back] = await Promise.all([
          codeOf(credit(kit.t.ctx, { vendor: 'HOUSE', transactionId: `${id}:win`, betTransactionId: id, amount: 2_500 })),
          codeOf(rollback(kit.t.ctx, { vendor: 'HOUSE', transactionId: `${id}:rb`, betTransactionId: id })),
        ]);
        expect([paid, back].sort()).toEqual(['INVALID_STATE', 'OK']);
        expect(await kit.balance(member)).toBe(paid === 'OK' ? 25 : 10);
      }
    });

    it('[GAMES-22] a debit and its rollback arriving at once: whichever lands first, the stake ends up back with the player', async () => {
      for (let i = 0; i < 8; i += 1) {
        const member = await funded(1_000);
        const id = `crossed-${member.id}`;
        const [placed, back] = await Promise.all([
          debit(kit.t.ctx, { ...bet(member, id, 1_000), vendor: 'PG' }),
          rollback(kit.t.ctx, { vendor: 'PG', transactionId: `${id}:rb`, betTransactionId: id }),
        ]);
        expect(placed.status === 'ROLLED_BACK' || back.status === 'ROLLED_BACK').toBe(true);
        expect(await kit.balance(member)).toBe(10);
      }
    });

    it('[GAMES-22] 20 simultaneous spins of one player each take their own nonce, and the balance adds up', async () => {
      const member = await funded(100_000);
      const { session } = await kit.launch(member, SLOT);
      const replies = await Promise.all(Array.from({ length: 20 }, () => kit.play(session, 10, { engine: 'slot' })));
      expect(replies.every((r) => r.status === 200)).toBe(true);
      const rounds = replies.map((r) => r.body.value);
      expect(rounds.map((r) => r.fairness.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      const paid = rounds.reduce((sum, r) => sum + Math.round(r.payout * 100), 0);
      expect(Math.round((await kit.balance(member)) * 100)).toBe(100_000 - 20 * 1_000 + paid);
    });
  });
});
