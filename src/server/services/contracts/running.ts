import type { RunningWindow } from '@shared/contract/contracts';
import { isAgentType, memberRoom } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { withEvents } from '../../socket/realtime';
import { toMoney } from '../ledger/money';
import { contractRecords, IN_FORCE, termsOf, type ContractRecord } from './contract-rows';
import { countedFrom, settle } from './formulas';
import { clockOf, settlesUntil, teamWindow } from './settlement';
import { realtimeWindowAt } from './windows';

/**
 * The real-time salary window still running (docs/contracts.md, The running window): the figures the
 * settlement will bill for it, read so far, with the same base query and formula, so the running
 * row and the bill that replaces it never disagree. A settled bet of a member of an agreement's team
 * pushes the new figures (`salary:running`, through the outbox) to those who watch that agreement,
 * at most once per PUSH_INTERVAL_MS per agreement.
 */

/** At most one `salary:running` per agreement in this time, on each node: a burst of bets is one push with its last figures. */
export const PUSH_INTERVAL_MS = 1_000;

/** The running window of a real-time agreement at `now`, or null when its window will get no bill (not in force, or ending before the window does). */
export const runningWindowOf = async (ctx: Pick<AppContext, 'db' | 'config'>, contract: ContractRecord, now: Date): Promise<RunningWindow | null> => {
  if (contract.kind !== 'REALTIME' || !contract.valid_from || !IN_FORCE.includes(contract.status)) return null;
  const window = realtimeWindowAt(now, clockOf(ctx).realtimeSeconds);
  const until = settlesUntil(contract);
  if (until && window.end > until) return null;
  const validFrom = new Date(contract.valid_from);
  const terms = termsOf(contract);
  const settlement = settle(terms, await teamWindow(ctx.db, contract.holder_id, validFrom > window.start ? validFrom : window.start, window.end, countedFrom(terms)));
  return {
    contractId: String(contract.id),
    downlineAccount: contract.holder_account,
    payer: contract.offerer_id === null ? 'PLATFORM' : 'UPLINE',
    payerAccount: contract.offerer_account,
    windowStart: window.start.toISOString(),
    windowEnd: window.end.toISOString(),
    validBet: toMoney(settlement.validBet),
    profitLoss: toMoney(settlement.profitLoss),
    activeMembers: settlement.activeMembers,
    pay: toMoney(settlement.pay),
    asOf: now.toISOString(),
  };
};

/** The real-time agreements in force whose team the member is in: its own and those of its uplines. */
const agreementsOver = (db: Db, memberId: number) =>
  contractRecords(db)
    .where('c.kind', '=', 'REALTIME')
    .where('c.status', 'in', IN_FORCE)
    .where((eb) =>
      eb.or([eb('c.holder_id', '=', memberId), eb('c.holder_id', 'in', db.selectFrom('member_tree').select('ancestor_id').where('descendant_id', '=', memberId))]),
    )
    .execute();

/** Pushes one agreement's running window to its paying upline and, when the holder is an agent, to the holder. */
const pushRunning = (ctx: AppContext, contractId: number) =>
  withEvents(ctx, async (trx, record) => {
    const contract = await contractRecords(trx).where('c.id', '=', contractId).executeTakeFirst();
    const running = contract && (await runningWindowOf({ ...ctx, db: trx }, contract, new Date()));
    if (!contract || !running) return;
    if (contract.offerer_id !== null) await record(memberRoom(contract.offerer_id), 'salary:running', { ...running, role: 'PAYER' });
    const holder = await trx.selectFrom('members').select('type').where('id', '=', contract.holder_id).executeTakeFirstOrThrow();
    if (isAgentType(holder.type)) await record(memberRoom(contract.holder_id), 'salary:running', { ...running, role: 'HOLDER' });
  });

interface Throttle {
  lastAt: number;
  timer: NodeJS.Timeout | null;
}

/** Per database handle, so apps that share a process (tests) never throttle each other. */
const throttles = new WeakMap<Db, Map<number, Throttle>>();

const throttleOf = (db: Db, contractId: number): Throttle => {
  let byContract = throttles.get(db);
  if (!byContract) throttles.set(db, (byContract = new Map()));
  let throttle = byContract.get(contractId);
  if (!throttle) byContract.set(contractId, (throttle = { lastAt: 0, timer: null }));
  return throttle;
};

/** Pushes now when the agreement's last push is PUSH_INTERVAL_MS old; otherwise once, when it is (a push already waiting covers this bet too). */
const schedulePush = (ctx: AppContext, contractId: number) => {
  const throttle = throttleOf(ctx.db, contractId);
  if (throttle.timer) return;
  const push = () => {
    throttle.timer = null;
    throttle.lastAt = Date.now();
    pushRunning(ctx, contractId).catch((err: unknown) => ctx.log.warn({ err, contractId }, 'salary:running push failed'));
  };
  const wait = throttle.lastAt + PUSH_INTERVAL_MS - Date.now();
  if (wait <= 0) push();
  else throttle.timer = setTimeout(push, wait);
};

/**
 * A bet of the member settled at `settledAt` and has committed: every real-time agreement whose team
 * it is in gets its running window pushed (throttled). A bet settled in an earlier window (history
 * written after the fact) changes no running window.
 */
export const betSettled = async (ctx: AppContext, memberId: number, settledAt: Date, now = new Date()): Promise<void> => {
  if (settledAt < realtimeWindowAt(now, clockOf(ctx).realtimeSeconds).start) return;
  for (const contract of await agreementsOver(ctx.db, memberId)) schedulePush(ctx, contract.id);
};

/** Drops the pushes still waiting (the app is closing and its database goes away). */
export const stopRunningPushes = (db: Db): void => {
  for (const throttle of throttles.get(db)?.values() ?? []) if (throttle.timer) clearTimeout(throttle.timer);
  throttles.delete(db);
};
