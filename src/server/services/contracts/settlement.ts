import { sql, type Transaction } from 'kysely';
import type { ContractKind } from '@shared/contract/contracts';
import { memberRoom } from '@shared/contract/socket';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { ContractRow, Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents, type RecordEvent } from '../../socket/realtime';
import { downlineOf } from '../agent/scope';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf, type Leg, type Posted } from '../ledger/ledger';
import { billRecords, toBill, type BillDetail } from './bills';
import { termsOf } from './contract-rows';
import { countedFrom, settle, type MemberWindow, type Settlement } from './formulas';
import { nextWindow, windowAt, type Window, type WindowClock } from './windows';

/**
 * Settlement of contracts (docs/contracts.md, Bills): every window that has ended while a contract
 * was in force gets one bill, in order, from the holder's team's settled bets. Each window is its
 * own transaction: the contract row is locked, the pay is posted to the ledger under the key
 * `contract-pay:<contract>:<window start>`, and the bill (unique per contract and window) and the
 * contract's `settled_until` are written with it. A run twice, on two nodes at once, or after a
 * stop, pays each window once and catches up every window it missed.
 */

/** A window is settled only this long after it ends, so a bet settled in its last moments has committed. */
export const SETTLEMENT_GRACE_MS = 5_000;
/** At most this many windows of one contract per run; a long stop is caught up over the next runs. */
const MAX_WINDOWS_PER_RUN = 500;
/** An unpaid bill (the paying upline's balance was short) is tried again until its window is this old. */
export const UNPAID_RETRY_MS = 24 * 3_600_000;

export const clockOf = (ctx: Pick<AppContext, 'config'>): WindowClock => ({
  timeZone: ctx.config.PLATFORM_TIME_ZONE,
  realtimeSeconds: ctx.config.REALTIME_SALARY_WINDOW_SECONDS,
});

/** Each team member's settled bets over [from, to): the holder and its whole downline as the tree stands now. */
export const teamWindow = async (db: Db, holderId: number, from: Date, to: Date, counted: number): Promise<MemberWindow[]> => {
  const rows = await db
    .selectFrom('bets')
    .select([
      'member_id',
      sql<string>`sum(stake)`.as('stakes'),
      sql<string>`sum(payout)`.as('payouts'),
      sql<string>`count(*) filter (where stake >= ${counted})`.as('counted_bets'),
      sql<string>`coalesce(sum(stake) filter (where stake >= ${counted}), 0)`.as('counted_stakes'),
      sql<string>`coalesce(sum(payout) filter (where stake >= ${counted}), 0)`.as('counted_payouts'),
    ])
    .where('status', '=', 'SETTLED')
    .where('settled_at', '>=', from)
    .where('settled_at', '<', to)
    .where((eb) => eb.or([eb('member_id', '=', holderId), eb('member_id', 'in', downlineOf(db, holderId))]))
    .groupBy('member_id')
    .orderBy('member_id')
    .execute();
  return rows.map((r) => ({
    memberId: r.member_id,
    stakes: Number(r.stakes),
    payouts: Number(r.payouts),
    countedBets: Number(r.counted_bets),
    countedStakes: Number(r.counted_stakes),
    countedPayouts: Number(r.counted_payouts),
  }));
};

/** The moment after which a contract's windows get no bill: its end, or the deadline of a pending termination. */
export const settlesUntil = (row: ContractRow): Date | null => {
  if (row.ended_at) return new Date(row.ended_at);
  if (row.status === 'TERMINATION_REQUESTED' && row.answer_by) return new Date(row.answer_by);
  return null;
};

const KIND_NAMES: Record<ContractKind, string> = { DIVIDEND: 'Dividend', DAILY: 'Daily salary', HOURLY: 'Hourly salary', REALTIME: 'Real-time salary' };

/** The zero-sum movement that pays a bill: from the platform's PROMOTIONS account or the offering upline's main wallet. */
const postPay = (ctx: AppContext, trx: Transaction<Database>, contract: ContractRow, window: Window, pay: number): Promise<Posted> => {
  const from: Leg = contract.offerer_id === null ? { account: { system: 'PROMOTIONS' }, amount: -pay } : { account: { memberId: contract.offerer_id, wallet: MAIN_WALLET }, amount: -pay };
  return ledgerOf(ctx).post(trx, {
    entryType: contract.kind === 'DIVIDEND' ? 'DIVIDEND' : 'SALARY',
    idempotencyKey: `contract-pay:${contract.id}:${window.start.toISOString()}`,
    reference: `contract:${contract.id}`,
    remark: `${KIND_NAMES[contract.kind]} ${window.start.toISOString()} – ${window.end.toISOString()}`,
    legs: [from, { account: { memberId: contract.holder_id, wallet: MAIN_WALLET }, amount: pay }],
  });
};

/** `salary:settled` to the holder and, when an upline pays, to that upline. */
const announceBill = async (trx: Db, record: RecordEvent, billId: number) => {
  const bill = toBill(await billRecords(trx).where('b.id', '=', billId).executeTakeFirstOrThrow());
  const row = await trx.selectFrom('contract_bills').select(['holder_id', 'payer_id']).where('id', '=', billId).executeTakeFirstOrThrow();
  await record(memberRoom(row.holder_id), 'salary:settled', { ...bill, role: 'HOLDER' });
  if (row.payer_id !== null) await record(memberRoom(row.payer_id), 'salary:settled', { ...bill, role: 'PAYER' });
};

const detailOf = async (trx: Db, settlement: Settlement): Promise<BillDetail> => {
  if (settlement.shares.length === 0) return { members: [] };
  const accounts = await trx
    .selectFrom('members')
    .select(['id', 'account'])
    .where('id', 'in', settlement.shares.map((s) => s.memberId))
    .execute();
  const names = new Map(accounts.map((a) => [a.id, a.account]));
  return { members: settlement.shares.map((s) => ({ ...s, account: names.get(s.memberId) ?? '' })) };
};

type WindowOutcome = 'billed' | 'done' | 'not-due';

/**
 * Bills one window of one contract, once. `unpaid` writes the bill of a window whose pay the upline
 * could not cover (state INSUFFICIENT, nothing posted).
 */
const billWindow = async (ctx: AppContext, contractId: number, window: Window, unpaid: boolean): Promise<WindowOutcome> =>
  withEvents(ctx, async (trx, record) => {
    // Serialises the nodes: the second one waits here, then finds the window billed.
    const contract = await trx.selectFrom('contracts').selectAll().where('id', '=', contractId).forUpdate().executeTakeFirstOrThrow();
    if (contract.settled_until && new Date(contract.settled_until) >= window.end) return 'done';
    const until = settlesUntil(contract);
    if (!contract.valid_from || (until && window.end > until)) return 'not-due';
    const terms = termsOf(contract);
    const validFrom = new Date(contract.valid_from);
    const members = await teamWindow(trx, contract.holder_id, validFrom > window.start ? validFrom : window.start, window.end, countedFrom(terms));
    const settlement = settle(terms, members);
    const posted = settlement.pay > 0 && !unpaid ? await postPay(ctx, trx, contract, window, settlement.pay) : null;
    const bill = await trx
      .insertInto('contract_bills')
      .values({
        contract_id: contract.id,
        kind: contract.kind,
        holder_id: contract.holder_id,
        payer_id: contract.offerer_id,
        window_start: window.start,
        window_end: window.end,
        valid_bet: settlement.validBet,
        profit_loss: settlement.profitLoss,
        active_members: settlement.activeMembers,
        rate: settlement.rate,
        pay: settlement.pay,
        state: settlement.pay === 0 ? 'NOT_REACHED' : posted ? 'ISSUED' : 'INSUFFICIENT',
        detail: JSON.stringify(await detailOf(trx, settlement)),
        transaction_id: posted?.transactionId ?? null,
        paid_at: posted?.createdAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('contracts').set({ settled_until: window.end }).where('id', '=', contract.id).execute();
    if (posted) await recordBalanceEvents(trx, record, posted);
    await announceBill(trx, record, bill.id);
    return 'billed';
  });

const isShortBalance = (error: unknown) => error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE';

/** Bills one window; when the paying upline's balance is short, the whole attempt is undone and the window billed unpaid. */
export const settleWindow = async (ctx: AppContext, contractId: number, window: Window): Promise<WindowOutcome> => {
  try {
    return await billWindow(ctx, contractId, window, false);
  } catch (error) {
    if (!isShortBalance(error)) throw error;
    return billWindow(ctx, contractId, window, true);
  }
};

/**
 * Bills every window of the given kinds that has ended (SETTLEMENT_GRACE_MS ago) and is not billed
 * yet, oldest first, contract by contract. Returns the number of bills written.
 */
export const settleContracts = async (ctx: AppContext, kinds: readonly ContractKind[], now: Date): Promise<number> => {
  const clock = clockOf(ctx);
  const due = new Date(now.getTime() - SETTLEMENT_GRACE_MS);
  const contracts = await ctx.db
    .selectFrom('contracts')
    .selectAll()
    .where('kind', 'in', kinds)
    .where('valid_from', 'is not', null)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('settled_until', 'is', null), eb('settled_until', '<', eb.ref('ended_at'))]))
    .orderBy('id')
    .execute();
  let billed = 0;
  for (const contract of contracts) {
    const terms = termsOf(contract);
    let window = windowAt(terms, new Date(contract.settled_until ?? contract.valid_from!), clock);
    for (let n = 0; n < MAX_WINDOWS_PER_RUN && window.end <= due; n += 1) {
      const outcome = await settleWindow(ctx, contract.id, window);
      if (outcome === 'not-due') break;
      if (outcome === 'billed') billed += 1;
      window = nextWindow(terms, window, clock);
    }
    // An ended contract whose last window ends after its end has nothing more to bill.
    if (contract.ended_at && window.end > new Date(contract.ended_at) && window.end <= due) {
      await ctx.db
        .updateTable('contracts')
        .set({ settled_until: contract.ended_at })
        .where('id', '=', contract.id)
        .where((eb) => eb.or([eb('settled_until', 'is', null), eb('settled_until', '<', new Date(contract.ended_at!))]))
        .execute();
    }
  }
  return billed;
};

/**
 * Pays the bills an upline could not cover when their window was settled, once its balance allows,
 * until the window is UNPAID_RETRY_MS old. Returns the number paid.
 */
export const retryUnpaidBills = async (ctx: AppContext, now: Date): Promise<number> => {
  const unpaid = await ctx.db
    .selectFrom('contract_bills')
    .select('id')
    .where('state', '=', 'INSUFFICIENT')
    .where('window_end', '>', new Date(now.getTime() - UNPAID_RETRY_MS))
    .orderBy('id')
    .execute();
  let paid = 0;
  for (const { id } of unpaid) {
    const done = await withEvents(ctx, async (trx, record) => {
      const bill = await trx.selectFrom('contract_bills').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (bill.state !== 'INSUFFICIENT') return false;
      const contract = await trx.selectFrom('contracts').selectAll().where('id', '=', bill.contract_id).executeTakeFirstOrThrow();
      const posted = await postPay(ctx, trx, contract, { start: new Date(bill.window_start), end: new Date(bill.window_end) }, bill.pay);
      await trx.updateTable('contract_bills').set({ state: 'ISSUED', transaction_id: posted.transactionId, paid_at: posted.createdAt }).where('id', '=', id).execute();
      await recordBalanceEvents(trx, record, posted);
      await announceBill(trx, record, id);
      return true;
    }).catch((error: unknown) => {
      if (isShortBalance(error)) return false;
      throw error;
    });
    if (done) paid += 1;
  }
  return paid;
};
