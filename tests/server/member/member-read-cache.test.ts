import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/create-db';
import { cachedMainBalance, forgetCachedBalance, ledgerOf } from '@server/services/ledger/ledger';
import { createMemberReadCache } from '@server/services/member-read-cache';
import { connectRecorder, type Member } from '../../helpers/money-kit';
import { createGamesKit, SLOT, type GamesKit } from '../games/games-kit';

/**
 * The per-node caches of member info and of the main balance. The cache times here are a minute, far longer than
 * any test: a call that shows a change right after it was made shows that the change made this node forget.
 */
describe('member info and balance caches', () => {
  const TTL = 60_000;
  let kit: GamesKit;
  beforeAll(async () => {
    kit = await createGamesKit({ MEMBER_INFO_CACHE_MS: TTL, BALANCE_CACHE_MS: TTL });
  });
  afterAll(async () => kit.close());

  const info = async (m: Member) => {
    const res = await kit.call('GET', '/wps/member/info', { token: m.token });
    expect(res.status).toBe(200);
    return res.body.value as { iconId: number; totpEnabled: boolean; paymentPasswordSet: boolean };
  };
  const balance = async (m: Member) => {
    const res = await kit.call('GET', '/wps/v2/wallets/balance', { token: m.token });
    expect(res.status).toBe(200);
    return res.body.value.balance as number;
  };
  /** The main balance the ledger holds, in the API's units. */
  const ledgerBalance = async (m: Member) => {
    const row = await kit.t.ctx.db.selectFrom('ledger_accounts').select('balance').where('member_id', '=', m.id).where('code', '=', 'MAIN').executeTakeFirst();
    return (row?.balance ?? 0) / 100;
  };
  /** A posting no balance:updated announces: nothing tells the cache, as on another node without Redis. */
  const creditBehindTheCache = (m: Member, cents: number) =>
    kit.t.ctx.db.transaction().execute((trx) =>
      ledgerOf(kit.t.ctx).post(trx, {
        entryType: 'OPERATOR_ADJUSTMENT',
        idempotencyKey: `behind:${randomUUID()}`,
        legs: [
          { account: { system: 'ADJUSTMENTS' }, amount: -cents },
          { account: { memberId: m.id, wallet: 'MAIN' }, amount: cents },
        ],
      }),
    );

  it('a change nothing announces is not seen within the cache time (the calls below are answered from memory)', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 10_00);
    expect(await info(m)).toMatchObject({ iconId: 1 });
    expect(await balance(m)).toBe(10);
    await kit.t.ctx.db.updateTable('members').set({ icon_id: 9 }).where('id', '=', m.id).execute();
    await creditBehindTheCache(m, 5_00);
    expect(await info(m)).toMatchObject({ iconId: 1 });
    expect(await balance(m)).toBe(10);
  });

  it('[API-17] the very next member info shows a new icon, an authenticator enabled and removed, a withdrawal password set', async () => {
    const m = await kit.member();
    expect(await info(m)).toMatchObject({ iconId: 1, totpEnabled: false, paymentPasswordSet: false });

    expect((await kit.call('PUT', '/wps/member/info/icon', { token: m.token, body: { iconId: 5 } })).status).toBe(200);
    expect((await info(m)).iconId).toBe(5);

    await kit.setPaymentPassword(m);
    expect((await info(m)).paymentPasswordSet).toBe(true);

    const setup = await kit.call('POST', '/wps/member/totp/setup', { token: m.token });
    expect(setup.status).toBe(200);
    // Two consecutive 30-second periods, inside the server's one-period tolerance; kept clear of a period edge.
    if (Date.now() % 30_000 > 25_000) await new Promise((resolve) => setTimeout(resolve, 5_000));
    const now = Math.floor(Date.now() / 1000);
    const codeAt = (offset: number) => generate({ secret: setup.body.value.secret as string, epoch: now + offset });
    expect((await kit.call('POST', '/wps/member/totp/enable', { token: m.token, body: { code: await codeAt(0) } })).body.value).toEqual({ enabled: true });
    expect((await info(m)).totpEnabled).toBe(true);
    expect((await kit.call('POST', '/wps/member/totp/disable', { token: m.token, body: { code: await codeAt(30) } })).body.value).toEqual({ enabled: false });
    expect((await info(m)).totpEnabled).toBe(false);
  });

  it('[API-20] the very next balance shows a wallet transfer, a game round and an operator adjustment', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 100_00);
    expect(await balance(m)).toBe(100);

    const out = await kit.call('POST', '/wps/relay/GCS_walletTransfer', { token: m.token, body: { fromWallet: 'MAIN', toWallet: 'PG', amount: 30, requestId: randomUUID() } });
    expect(out.status).toBe(200);
    expect(await balance(m)).toBe(70);

    const { session } = await kit.launch(m, SLOT);
    // A round that pays back exactly its stake leaves the balance where it was and would prove nothing: play until one moves it.
    let afterRound = 70;
    for (let round = 0; round < 10 && afterRound === 70; round += 1) {
      expect((await kit.play(session, 6, { engine: 'slot' })).status).toBe(200);
      afterRound = await ledgerBalance(m);
    }
    expect(afterRound).not.toBe(70);
    expect(await balance(m)).toBe(afterRound);

    const adjusted = await kit.ops('POST', '/ops/balance-adjustments', { body: { account: m.account, amount: 12.34, reason: 'Cache test credit', requestId: randomUUID() } });
    expect(adjusted.status).toBe(200);
    expect(await balance(m)).toBe(Math.round((afterRound + 12.34) * 100) / 100);
  });

  it('[API-20] a page that reads the balance when balance:updated arrives reads the new balance', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 50_00);
    expect(await balance(m)).toBe(50);
    const socket = await connectRecorder(await kit.listen(), m.token, ['balance:updated']);
    try {
      // The transfer's own answer is not awaited first: the push alone says when to read.
      const transfer = kit.call('POST', '/wps/relay/GCS_walletTransfer', { token: m.token, body: { fromWallet: 'MAIN', toWallet: 'JDB', amount: 20, requestId: randomUUID() } });
      const pushed = await socket.next('balance:updated', (e) => e.entryType === 'TRANSFER_OUT');
      expect(pushed.balance).toBe(30);
      expect(await balance(m)).toBe(30);
      expect((await transfer).status).toBe(200);
    } finally {
      socket.close();
    }
  });

  it('a balance read under way when the balance is forgotten is not kept: the next call reads again', async () => {
    const m = await kit.member();
    const reading = cachedMainBalance(kit.t.ctx.db, m.id, TTL);
    forgetCachedBalance(kit.t.ctx.db, m.id);
    expect(await reading).toBe(0);
    await creditBehindTheCache(m, 7_00);
    expect(await cachedMainBalance(kit.t.ctx.db, m.id, TTL)).toBe(7_00);
  });

  it('with a cache time of 0 every call reads the database', async () => {
    const m = await kit.member();
    expect(await cachedMainBalance(kit.t.ctx.db, m.id, 0)).toBe(0);
    await creditBehindTheCache(m, 3_00);
    expect(await cachedMainBalance(kit.t.ctx.db, m.id, 0)).toBe(3_00);
  });
});

describe('member read cache, by itself', () => {
  it('keeps at most its bound: past it the stale entries go, and all of them when none is stale', async () => {
    const db = {} as Db;
    const cache = createMemberReadCache<number, string>({ maxEntries: 2 });
    const loads: number[] = [];
    const read = (key: number, now: number) =>
      cache.read(db, key, 1_000, async () => {
        loads.push(key);
        return `value ${key}`;
      }, now);

    await read(1, 0);
    await read(2, 500);
    // Full, and 1 is stale at 1,200: only 1 goes, 2 stays.
    await read(3, 1_200);
    await read(2, 1_300);
    expect(loads).toEqual([1, 2, 3]);
    // Full again (2 and 3), neither stale at 1,400: both go to make room for 4.
    await read(4, 1_400);
    await read(2, 1_450);
    await read(3, 1_450);
    expect(loads).toEqual([1, 2, 3, 4, 2, 3]);
  });

  /** A read of `key` whose load waits for `release`, so that a forget can come while it is under way. */
  const readHeld = (cache: ReturnType<typeof createMemberReadCache<number, string>>, db: Db, key: number) => {
    let release = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reading = cache.read(db, key, 60_000, async () => {
      await loaded;
      return `value ${key}`;
    });
    return { reading, release };
  };

  it('a read under way for one member is kept when another member is forgotten meanwhile, and dropped when its own is', async () => {
    const db = {} as Db;
    const cache = createMemberReadCache<number, string>({ maxEntries: 10 });
    const a = readHeld(cache, db, 1);
    const b = readHeld(cache, db, 2);
    cache.forgetKey(db, 2);
    a.release();
    b.release();
    expect(await a.reading).toBe('value 1');
    expect(await b.reading).toBe('value 2');
    // 1 was kept; 2, forgotten while it loaded, is read again.
    expect(await cache.read(db, 1, 60_000, async () => 'again')).toBe('value 1');
    expect(await cache.read(db, 2, 60_000, async () => 'again')).toBe('again');
  });

  it('a forget of many keys still drops every read under way', async () => {
    const db = {} as Db;
    const cache = createMemberReadCache<number, string>({ maxEntries: 10 });
    const a = readHeld(cache, db, 1);
    cache.forgetWhere(db, () => false);
    a.release();
    await a.reading;
    expect(await cache.read(db, 1, 60_000, async () => 'again')).toBe('again');
  });
});
