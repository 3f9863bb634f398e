import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { EntryType } from '@shared/contract/records';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { Db } from '../../db/create-db';
import { preparedQuery } from '../../db/prepared';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';

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

/** The account rows behind `keys`, created on first use. */
const accountIds = async (trx: Db, keys: AccountKey[]): Promise<Map<string, number>> => {
  const find = async () => {
    const rows = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'member_id', 'code', 'shard'])
      .where((eb) =>
        eb.or(
          keys.map((k) =>
            eb.and([
              k.memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', k.memberId),
              eb('code', '=', k.code),
              eb('shard', '=', k.shard),
            ]),
          ),
        ),
      )
      .execute();
    return new Map(rows.map((r) => [keyOf({ memberId: r.member_id, code: r.code, shard: r.shard }), r.id]));
  };
  const found = await find();
  const missing = keys.filter((k) => !found.has(keyOf(k)));
  if (missing.length === 0) return found;
  await trx
    .insertInto('ledger_accounts')
    .values(missing.map((k) => ({ member_id: k.memberId, code: k.code, shard: k.shard })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return find();
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

export const createLedger = (options: { houseShards: number }): Ledger => {
  const houseShards = Math.max(1, Math.floor(options.houseShards));
  return {
    houseShards,
    post: async (trx, request) => {
      validate(request);
      const hash = requestHash(request);
      // Claim the key first: a concurrent post of the same key waits here until the first commits.
      const claimed = await trx
        .insertInto('ledger_transactions')
        .values({
          entry_type: request.entryType,
          idempotency_key: request.idempotencyKey,
          request_hash: hash,
          reference: request.reference ?? null,
          remark: request.remark ?? '',
          ...(request.at ? { created_at: request.at } : {}),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning(['id', 'entry_type', 'created_at'])
        .executeTakeFirst();
      if (!claimed) {
        const first = await trx
          .selectFrom('ledger_transactions')
          .select(['id', 'entry_type', 'created_at', 'request_hash'])
          .where('idempotency_key', '=', request.idempotencyKey)
          .executeTakeFirstOrThrow();
        if (first.request_hash !== hash) {
          throw new ApiError('IDEMPOTENCY_CONFLICT', 'This request id was already used for a different request');
        }
        return loadPosted(trx, first);
      }

      const shard = shardOf(request, houseShards);
      const keys = request.legs.map(
        (l): AccountKey => (isSystem(l.account) ? { memberId: null, code: l.account.system, shard } : { memberId: l.account.memberId, code: l.account.wallet, shard: 0 }),
      );
      const ids = await accountIds(trx, keys);
      const deltas = new Map<number, number>();
      keys.forEach((k, i) => {
        const id = ids.get(keyOf(k))!;
        deltas.set(id, (deltas.get(id) ?? 0) + request.legs[i]!.amount);
      });

      // One statement locks every row in id order, so concurrent movements never deadlock.
      const locked = await trx
        .selectFrom('ledger_accounts')
        .select(['id', 'member_id', 'balance'])
        .where('id', 'in', [...deltas.keys()])
        .orderBy('id')
        .forUpdate()
        .execute();
      const balances = new Map(locked.map((r) => [r.id, { memberId: r.member_id, balance: r.balance }]));
      for (const [id, delta] of deltas) {
        const account = balances.get(id)!;
        if (account.memberId !== null && account.balance + delta < 0) {
          throw new ApiError('INSUFFICIENT_BALANCE', 'The balance is not sufficient');
        }
      }

      const after = new Map<number, number>();
      for (const [id, delta] of deltas) {
        if (delta === 0) {
          after.set(id, balances.get(id)!.balance);
          continue;
        }
        try {
          const row = await trx
            .updateTable('ledger_accounts')
            .set((eb) => ({ balance: eb('balance', '+', delta) }))
            .where('id', '=', id)
            .returning('balance')
            .executeTakeFirstOrThrow();
          after.set(id, row.balance);
        } catch (err) {
          if ((err as { code?: string }).code === PG_CHECK_VIOLATION) throw new ApiError('INSUFFICIENT_BALANCE', 'The balance is not sufficient');
          throw err;
        }
      }

      const postings: Posting[] = keys.map((k, i) => {
        const accountId = ids.get(keyOf(k))!;
        return { accountId, memberId: k.memberId, code: k.code, amount: request.legs[i]!.amount, balanceAfter: after.get(accountId)! };
      });
      await trx
        .insertInto('ledger_postings')
        .values(
          postings.map((p) => ({
            transaction_id: claimed.id,
            account_id: p.accountId,
            member_id: p.memberId,
            code: p.code,
            amount: p.amount,
            balance_after: p.balanceAfter,
            created_at: claimed.created_at,
          })),
        )
        .execute();
      return { transactionId: claimed.id, entryType: request.entryType, createdAt: new Date(claimed.created_at), postings, replayed: false };
    },
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
