import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { EntryType } from '@shared/contract/records';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { Db } from '../../db/create-db';
import { preparedQuery } from '../../db/prepared';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { createMemberReadCache } from '../member-read-cache';

/** A member's funds held by withdrawals waiting for payout. */
export const HOLD_WALLET = 'HOLD';

/**
 * The other side of every movement. CASH: money entering or leaving the platform (deposits,
 * paid withdrawals). GAMING: bets, payouts, rollbacks. PROMOTIONS: bonuses, rebates, salary,
 * dividends, red envelopes, points. ADJUSTMENTS: operator corrections.
 */
export const SYSTEM_ACCOUNTS = ['CASH', 'GAMING', 'PROMOTIONS', 'ADJUSTMENTS'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { memberId: number; wallet: string } | { system: SystemAccount };

/** One side of a movement, in cents: positive credits the account, negative debits it. */
export interface Leg {
  account: AccountRef;
  amount: number;
}

export interface PostRequest {
  entryType: EntryType;
  /** Unique per movement, scoped by the caller (e.g. `transfer:<memberId>:<requestId>`). */
  idempotencyKey: string;
  legs: Leg[];
  /** What the movement belongs to (a deposit order, a bet id...). */
  reference?: string;
  remark?: string;
  /**
   * When the movement happened; the database's clock unless given. Only history written after the
   * fact passes one (the demo seed's thirty days); it is not part of the request's identity.
   */
  at?: Date;
}

export interface Posting {
  accountId: number;
  memberId: number | null;
  code: string;
  amount: number;
  balanceAfter: number;
}

export interface Posted {
  transactionId: number;
  entryType: EntryType;
  createdAt: Date;
  postings: Posting[];
  /** True when this key had been posted before: nothing moved now, the first result is returned. */
  replayed: boolean;
}

export interface Ledger {
  /**
   * Posts one balanced transaction in the caller's database transaction: claims the idempotency
   * key, locks every account it touches in id order, refuses to take a member wallet below zero
   * (INSUFFICIENT_BALANCE), and writes the postings. The same key with the same request returns
   * the first result; with another request it is IDEMPOTENCY_CONFLICT.
   */
  post(trx: Transaction<Database>, request: PostRequest): Promise<Posted>;
  /**
   * `post` with an insert run in the same statement, only when the key is claimed (so it is written exactly once with
   * the movement): its SQL reads the new transaction's id and created_at from `claimed` and returns its row, given
   * back as `row` (null on a replay).
   */
  postWith<R>(trx: Transaction<Database>, request: PostRequest, alongside: RawBuilder<R>): Promise<{ posted: Posted; row: R | null }>;
  readonly houseShards: number;
}

const PG_CHECK_VIOLATION = '23514';

const isSystem = (ref: AccountRef): ref is { system: SystemAccount } => 'system' in ref;

const requestHash = (request: PostRequest): string =>
  createHash('sha256')
    .update(
      JSON.stringify({
        entryType: request.entryType,
        legs: request.legs.map((l) => [isSystem(l.account) ? `system:${l.account.system}` : `member:${l.account.memberId}:${l.account.wallet}`, l.amount]),
        reference: request.reference ?? null,
        remark: request.remark ?? '',
      }),
    )
    .digest('hex');

const validate = (request: PostRequest): void => {
  if (!request.idempotencyKey) throw new Error('a ledger transaction needs an idempotency key');
  if (request.legs.length < 2) throw new Error('a ledger transaction needs at least two legs');
  for (const leg of request.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) throw new Error(`invalid leg amount ${leg.amount}`);
  }
  const sum = request.legs.reduce((total, leg) => total + leg.amount, 0);
  if (sum !== 0) throw new Error(`ledger legs sum to ${sum}, not 0`);
};

interface AccountKey {
  memberId: number | null;
  code: string;
  shard: number;
}
const keyOf = (k: AccountKey) => `${k.memberId ?? 'system'}:${k.code}:${k.shard}`;

interface LockedAccount {
  id: number;
  memberId: number | null;
  balance: number;
}

/** The rows of `keys` among ledger_accounts (each key names one row through the two partial unique indexes). */
const accountsOf = (keys: AccountKey[], table: string) =>
  sql<boolean>`(${sql.join(
    keys.map(
      (k) =>
        sql`(${sql.ref(`${table}.member_id`)} ${k.memberId === null ? sql`is null` : sql`= ${k.memberId}`} and ${sql.ref(`${table}.code`)} = ${k.code} and ${sql.ref(`${table}.shard`)} = ${k.shard})`,
    ),
    sql` or `,
  )})`;

interface AccountRow {
  id: number | null;
  member_id: number | null;
  code: string | null;
  shard: number | null;
  balance: number | null;
}

const lockedByKey = (rows: AccountRow[]) =>
  new Map(
    rows
      .filter((r) => r.id !== null)
      .map((r) => [keyOf({ memberId: r.member_id, code: r.code!, shard: r.shard! }), { id: r.id!, memberId: r.member_id, balance: r.balance! }]),
  );

/**
 * Creates the accounts of `keys` that do not exist yet, then locks them all FOR UPDATE in id order (a row made here
 * is new: invisible to others until commit, so none waits on it before this transaction ends).
 */
const createAndLockAccounts = async (trx: Db, keys: AccountKey[]): Promise<Map<string, LockedAccount>> => {
  await trx
    .insertInto('ledger_accounts')
    .values(keys.map((k) => ({ member_id: k.memberId, code: k.code, shard: k.shard })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'member_id', 'code', 'shard', 'balance'])
    .where(accountsOf(keys, 'ledger_accounts'))
    .orderBy('id')
    .forUpdate()
    .execute();
  return lockedByKey(rows);
};

const loadPosted = async (trx: Db, transaction: { id: number; entry_type: string; created_at: Date | string }): Promise<Posted> => {
  const rows = await trx
    .selectFrom('ledger_postings')
    .select(['account_id', 'member_id', 'code', 'amount', 'balance_after'])
    .where('transaction_id', '=', transaction.id)
    .orderBy('id')
    .execute();
  return {
    transactionId: transaction.id,
    entryType: transaction.entry_type as EntryType,
    createdAt: new Date(transaction.created_at),
    postings: rows.map((r) => ({ accountId: r.account_id, memberId: r.member_id, code: r.code, amount: r.amount, balanceAfter: r.balance_after })),
    replayed: true,
  };
};

/** Which shard of the system accounts a movement uses: its member's, so one member's movements stay on one row. */
const shardOf = (request: PostRequest, shards: number): number => {
  const member = request.legs.map((l) => l.account).find((a): a is { memberId: number; wallet: string } => !isSystem(a));
  if (member) return member.memberId % shards;
  return createHash('sha256').update(request.idempotencyKey).digest().readUInt32BE(0) % shards;
};

/**
 * One row per account the movement touches (none when the key was taken before), the alongside row's columns beside
 * them: the ledger's columns carry a prefix no table uses, so the two never collide.
 */
interface ClaimedRow {
  _ledger_transaction_id: number;
  _ledger_created_at: Date;
  _ledger_account_id: number | null;
  _ledger_member_id: number | null;
  _ledger_code: string | null;
  _ledger_shard: number | null;
  _ledger_balance: number | null;
  /** Null when the statement moved nothing: some account did not exist yet. */
  _ledger_balance_after: number | null;
}
const LEDGER_COLUMN = /^_ledger_/;

const insufficientBalance = (err: unknown): boolean =>
  (err as { code?: string }).code === PG_CHECK_VIOLATION && (err as { constraint?: string }).constraint === 'ledger_accounts_no_overdraft';

/**
 * The whole movement in one statement. It claims the key; only when it was claimed, it locks the accounts FOR UPDATE
 * in id order (the count in `moved` reads all of `locked` before any update, so concurrent movements never
 * deadlock), moves each by the sum of its legs and writes the postings in the legs' order, each carrying its
 * account's balance after the whole movement, and runs `alongside`. The no-overdraft check of ledger_accounts
 * refuses a member wallet below zero. When an account does not exist yet nothing moves (balance_after is null) and
 * the caller finishes the movement. A concurrent post of the same key waits on the claim until the first commits,
 * then finds it taken: no rows.
 */
const claimMoveAndPost = (request: PostRequest, hash: string, keys: AccountKey[], alongside: RawBuilder<unknown> | undefined) => {
  const distinctAccounts = new Set(keys.map(keyOf)).size;
  return sql<ClaimedRow>`
    with claimed as (
      insert into ledger_transactions (entry_type, idempotency_key, request_hash, reference, remark, created_at)
      values (${request.entryType}, ${request.idempotencyKey}, ${hash}, ${request.reference ?? null}, ${request.remark ?? ''},
        coalesce(${request.at ?? null}::timestamptz, now()))
      on conflict (idempotency_key) do nothing
      returning id, created_at
    ),
    leg as (
      select * from unnest(
        ${keys.map((k) => k.memberId)}::bigint[], ${keys.map((k) => k.code)}::text[], ${keys.map((k) => k.shard)}::int[],
        ${request.legs.map((l) => l.amount)}::bigint[]
      ) with ordinality as leg(member_id, code, shard, amount, position)
    ),
    locked as (
      select a.id, a.member_id, a.code, a.shard, a.balance from ledger_accounts as a
      where exists (select from claimed) and ${accountsOf(keys, 'a')}
      order by a.id for update
    ),
    leg_account as (
      select leg.*, locked.id as account_id from leg
      join locked on locked.member_id is not distinct from leg.member_id and locked.code = leg.code and locked.shard = leg.shard
    ),
    moved as (
      update ledger_accounts as a set balance = a.balance + d.delta
      from (select account_id, sum(amount)::bigint as delta from leg_account group by account_id) as d
      where a.id = d.account_id and (select count(*) from locked) = ${distinctAccounts}
      returning a.id, a.balance
    ),
    posted as (
      insert into ledger_postings (transaction_id, account_id, member_id, code, amount, balance_after, created_at)
      select claimed.id, leg_account.account_id, leg_account.member_id, leg_account.code, leg_account.amount, moved.balance, claimed.created_at
      from leg_account join moved on moved.id = leg_account.account_id cross join claimed
      order by leg_account.position
    )${alongside ? sql`, alongside as (${alongside})` : sql``}
    select claimed.id as _ledger_transaction_id, claimed.created_at as _ledger_created_at, locked.id as _ledger_account_id,
      locked.member_id as _ledger_member_id, locked.code as _ledger_code, locked.shard as _ledger_shard,
      locked.balance as _ledger_balance, moved.balance as _ledger_balance_after ${alongside ? sql`, alongside.*` : sql``}
    from claimed
    left join locked on true
    left join moved on moved.id = locked.id
    ${alongside ? sql`left join alongside on true` : sql``}`;
};

export const createLedger = (options: { houseShards: number }): Ledger => {
  const houseShards = Math.max(1, Math.floor(options.houseShards));
  const postWith = async <R>(trx: Transaction<Database>, request: PostRequest, alongside?: RawBuilder<R>): Promise<{ posted: Posted; row: R | null }> => {
    validate(request);
    const hash = requestHash(request);
    const shard = shardOf(request, houseShards);
    const keys = request.legs.map(
      (l): AccountKey => (isSystem(l.account) ? { memberId: null, code: l.account.system, shard } : { memberId: l.account.memberId, code: l.account.wallet, shard: 0 }),
    );
    let claimedRows: ClaimedRow[];
    try {
      claimedRows = (await claimMoveAndPost(request, hash, keys, alongside).execute(trx)).rows;
    } catch (err) {
      if (insufficientBalance(err)) throw new ApiError('INSUFFICIENT_BALANCE', 'The balance is not sufficient');
      throw err;
    }
    const first = claimedRows[0];
    if (!first) {
      const earlier = await trx
        .selectFrom('ledger_transactions')
        .select(['id', 'entry_type', 'created_at', 'request_hash'])
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (earlier.request_hash !== hash) {
        throw new ApiError('IDEMPOTENCY_CONFLICT', 'This request id was already used for a different request');
      }
      return { posted: await loadPosted(trx, earlier), row: null };
    }
    const claimed = { id: first._ledger_transaction_id, createdAt: new Date(first._ledger_created_at) };
    const row = alongside ? (Object.fromEntries(Object.entries(first).filter(([column]) => !LEDGER_COLUMN.test(column))) as R) : null;
    const found = lockedByKey(
      claimedRows.map((r) => ({ id: r._ledger_account_id, member_id: r._ledger_member_id, code: r._ledger_code, shard: r._ledger_shard, balance: r._ledger_balance })),
    );
    const posted = (after: Map<number, number>, accounts: Map<string, LockedAccount>): Posted => ({
      transactionId: claimed.id,
      entryType: request.entryType,
      createdAt: claimed.createdAt,
      postings: keys.map((k, i): Posting => {
        const accountId = accounts.get(keyOf(k))!.id;
        return { accountId, memberId: k.memberId, code: k.code, amount: request.legs[i]!.amount, balanceAfter: after.get(accountId)! };
      }),
      replayed: false,
    });
    if (first._ledger_balance_after !== null) {
      return { posted: posted(new Map(claimedRows.map((r) => [r._ledger_account_id!, r._ledger_balance_after!])), found), row };
    }

    // Some account did not exist: nothing moved yet. Create the missing ones, lock them all, then move.
    const accounts = await createAndLockAccounts(trx, keys);
    const legAccounts = keys.map((k) => accounts.get(keyOf(k))!);
    const deltas = new Map<number, number>();
    legAccounts.forEach((account, i) => deltas.set(account.id, (deltas.get(account.id) ?? 0) + request.legs[i]!.amount));
    for (const account of new Set(legAccounts)) {
      if (account.memberId !== null && account.balance + deltas.get(account.id)! < 0) {
        throw new ApiError('INSUFFICIENT_BALANCE', 'The balance is not sufficient');
      }
    }
    const written = (
      await sql<{ account_id: number; balance_after: number }>`
        with moved as (
          update ledger_accounts as a set balance = a.balance + d.delta
          from unnest(${[...deltas.keys()]}::bigint[], ${[...deltas.values()]}::bigint[]) as d(id, delta)
          where a.id = d.id
          returning a.id, a.balance
        )
        insert into ledger_postings (transaction_id, account_id, member_id, code, amount, balance_after, created_at)
        select ${claimed.id}, leg.account_id, leg.member_id, leg.code, leg.amount, moved.balance, ${claimed.createdAt}
        from unnest(
          ${legAccounts.map((a) => a.id)}::bigint[],
          ${keys.map((k) => k.memberId)}::bigint[],
          ${keys.map((k) => k.code)}::text[],
          ${request.legs.map((l) => l.amount)}::bigint[]
        ) with ordinality as leg(account_id, member_id, code, amount, position)
        join moved on moved.id = leg.account_id
        order by leg.position
        returning account_id, balance_after`.execute(trx)
    ).rows;
    return { posted: posted(new Map(written.map((r) => [r.account_id, r.balance_after])), accounts), row };
  };
  return {
    houseShards,
    post: async (trx, request) => (await postWith(trx, request)).posted,
    postWith,
  };
};

/** A member's balance in each wallet that has an account (cents); a wallet never used is 0. */
const balancesOf = preparedQuery((db: Db, memberId: number) => db.selectFrom('ledger_accounts').select(['code', 'balance']).where('member_id', '=', memberId));

export const memberBalances = async (db: Db, memberId: number): Promise<Map<string, number>> => {
  const rows = await balancesOf(db, memberId);
  return new Map(rows.map((r) => [r.code, r.balance]));
};

export const mainBalance = async (db: Db, memberId: number): Promise<number> =>
  (await memberBalances(db, memberId)).get(MAIN_WALLET) ?? 0;

/** The main balance a transaction left the member with (cents): what a repeated request answers again. */
export const mainBalanceAfter = async (db: Db, transactionId: number, memberId: number): Promise<number> => {
  const posting = await db
    .selectFrom('ledger_postings')
    .select('balance_after')
    .where('transaction_id', '=', transactionId)
    .where('member_id', '=', memberId)
    .where('code', '=', MAIN_WALLET)
    .executeTakeFirstOrThrow();
  return posting.balance_after;
};

const balanceCache = createMemberReadCache<number, number>({ maxEntries: 20_000 });

/**
 * `mainBalance` from a per-node cache that keeps it for `ttlMs` (BALANCE_CACHE_MS; 0 reads the database every time).
 * Every posting is announced by recordBalanceEvents, which forgets the balance of each member it touched once the
 * transaction commits, before the announcement leaves: on this node at once, on the others through Redis.
 */
export const cachedMainBalance = (db: Db, memberId: number, ttlMs: number): Promise<number> =>
  balanceCache.read(db, memberId, ttlMs, () => mainBalance(db, memberId));

/** Drops this node's cached main balance of a member (realtime.forgetCached does it on every node). */
export const forgetCachedBalance = (db: Db, memberId: number): void => balanceCache.forgetKey(db, memberId);

const ledgers = new WeakMap<object, Ledger>();
/** The ledger configured for an app (its house shard count), made once per app context. */
export const ledgerOf = (ctx: { config: { LEDGER_HOUSE_SHARDS: number } }): Ledger => {
  let ledger = ledgers.get(ctx);
  if (!ledger) {
    ledger = createLedger({ houseShards: ctx.config.LEDGER_HOUSE_SHARDS });
    ledgers.set(ctx, ledger);
  }
  return ledger;
};
