import { sql } from 'kysely';
import {
  CONTRACT_MENU_MARKERS,
  type Contract,
  type ContractBill,
  type ContractKind,
  type ContractSettings,
  type ContractStatus,
  type ContractMenuMarker,
  type ContractOfKind,
} from '@shared/contract/contracts';
import { isAgentType } from '@shared/contract/socket';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import { ApiError } from '../../http/api-error';
import { downlineDepth, downlineOf } from '../agent/scope';
import { toMoney } from '../ledger/money';
import { offsetOf, pageOf, type Paging } from '../records/records';
import { billRecords, toBill, toBillDetail } from './bills';
import { contractRecords, dbStatusOf, IN_FORCE, toContract } from './contract-rows';
import { runningWindowOf } from './running';
import { realtimeWindowAt } from './windows';

/**
 * What the contract calls read. A member reads its own contracts; an agent also reads those of its
 * downline (every level), and a holder it names outside that downline is FORBIDDEN whether or not
 * it exists (services/agent/scope.ts).
 */

/** The holder a read is about: the caller itself, or a member of its downline. */
export const holderInScope = async (db: Db, agentId: number, memberId: number | undefined): Promise<number> => {
  if (memberId === undefined || memberId === agentId) return agentId;
  await downlineDepth(db, agentId, memberId);
  return memberId;
};

/** The caller's contracts of a kind waiting for its answer (the contract popup), oldest first; expired ones are left to the expiry job. */
export const pendingFor = async (db: Db, memberId: number, kind: ContractKind, now = new Date()): Promise<Contract[]> => {
  const rows = await contractRecords(db)
    .where('c.kind', '=', kind)
    .where('c.answer_by', '>', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('c.holder_id', '=', memberId), eb('c.status', '=', 'REQUESTED')]),
        eb.and([eb('c.holder_id', '=', memberId), eb('c.status', '=', 'TERMINATION_REQUESTED'), eb('c.termination_requested_by', '=', 'UPLINE')]),
        eb.and([eb('c.offerer_id', '=', memberId), eb('c.status', '=', 'TERMINATION_REQUESTED'), eb('c.termination_requested_by', '=', 'DOWNLINE')]),
      ]),
    )
    .orderBy('c.id')
    .execute();
  return rows.map((r) => toContract(r, { memberId }));
};

const PENDING_FIELDS = { DAILY: 'dailysalreqtype', DIVIDEND: 'divtypereq', HOURLY: 'contracthoursalreq', REALTIME: 'realtimesalreqtype' } as const;

/** API-48: what awaits the caller per kind, its own contracts offered or in force, and the agent menu entries (AGENT-06). */
export const consolidatedInfo = async (db: Db, member: { id: number; type: number }, settings: ContractSettings, now = new Date()) => {
  const kinds = Object.keys(PENDING_FIELDS) as ContractKind[];
  const pending = await Promise.all(kinds.map(async (kind) => [kind, (await pendingFor(db, member.id, kind, now)).length] as const));
  const own = await contractRecords(db).where('c.holder_id', '=', member.id).where('c.status', 'in', ['REQUESTED', ...IN_FORCE]).orderBy('c.id').execute();
  const billed = new Set(
    (await db.selectFrom('contract_bills').select('kind').distinct().where('holder_id', '=', member.id).execute()).map((r) => r.kind as ContractKind),
  );
  const held = new Set(own.map((r) => r.kind));
  const shows = (marker: ContractMenuMarker): boolean => {
    if (!isAgentType(member.type)) return false;
    const rule = settings.menu[marker];
    const kind = CONTRACT_MENU_MARKERS[marker];
    return rule === 'ALWAYS' || (rule === 'WITH_CONTRACT' && (held.has(kind) || billed.has(kind)));
  };
  return {
    ...(Object.fromEntries(pending.map(([kind, count]) => [PENDING_FIELDS[kind], count])) as Record<(typeof PENDING_FIELDS)[ContractKind], number>),
    contracts: own.map((r) => toContract(r, { memberId: member.id })),
    menu: { enableCt: shows('enableCt'), salary: shows('salary'), hourSalary: shows('hourSalary'), agentRealtimeSalary: shows('agentRealtimeSalary') },
  };
};

interface ContractFilters extends Paging {
  kind?: ContractKind | undefined;
  status?: ContractStatus | undefined;
}

const filtered = <Q extends ReturnType<typeof contractRecords>>(query: Q, filters: ContractFilters): Q => {
  let q = query;
  if (filters.kind) q = q.where('c.kind', '=', filters.kind) as Q;
  if (filters.status) q = q.where('c.status', '=', dbStatusOf(filters.status)) as Q;
  return q;
};

const pageOfContracts = async (query: ReturnType<typeof contractRecords>, filters: ContractFilters, toApi: (row: Awaited<ReturnType<typeof query.execute>>[number]) => Contract) => {
  const base = filtered(query, filters);
  const [rows, count] = await Promise.all([
    base.orderBy('c.id', 'desc').limit(filters.pageSize).offset(offsetOf(filters)).execute(),
    base.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toApi), Number(count.n), filters);
};

/** Contracts held by the agent or its downline (or by one holder of them), newest first. */
export const agentContracts = async (db: Db, agentId: number, query: ContractFilters & { memberId?: number | undefined }) => {
  const base =
    query.memberId === undefined
      ? contractRecords(db).where((eb) => eb.or([eb('c.holder_id', '=', agentId), eb('c.holder_id', 'in', downlineOf(db, agentId))]))
      : contractRecords(db).where('c.holder_id', '=', await holderInScope(db, agentId, query.memberId));
  return pageOfContracts(base, query, (row) => toContract(row, { memberId: agentId }));
};

/** Every contract, for the operator; `account` is the holder's. */
export const operatorContracts = async (db: Db, query: ContractFilters & { account?: string | undefined }) => {
  const base = query.account === undefined ? contractRecords(db) : contractRecords(db).where('h.account', '=', query.account);
  return pageOfContracts(base, query, (row) => toContract(row, 'PLATFORM'));
};

/** The holder's contract of a kind to show on its page: the one in force, else the newest. */
const currentRecord = (db: Db, holderId: number, kind: ContractKind) =>
  contractRecords(db)
    .where('c.holder_id', '=', holderId)
    .where('c.kind', '=', kind)
    .orderBy(sql`c.status in ('VALID', 'TERMINATION_REQUESTED')`, 'desc')
    .orderBy('c.id', 'desc')
    .executeTakeFirst();

const currentContract = async (db: Db, holderId: number, kind: ContractKind, viewerId: number): Promise<Contract | null> => {
  const row = await currentRecord(db, holderId, kind);
  return row ? toContract(row, { memberId: viewerId }) : null;
};

const totalsOf = (bills: { valid_bet: number | string; profit_loss: number | string; pay: number | string }) => ({
  totalValidBet: toMoney(Number(bills.valid_bet)),
  totalProfitLoss: toMoney(Number(bills.profit_loss)),
  totalPay: toMoney(Number(bills.pay)),
});

/** A records page (dividend records, daily wages, hourly salary): the contract and its bills in the range, newest first, with totals. */
export const billRecordsPage = async (
  db: Db,
  agentId: number,
  kind: ContractKind,
  query: Paging & { memberId?: number | undefined; startTime?: string | undefined; endTime?: string | undefined },
) => {
  if (query.startTime && query.endTime && new Date(query.startTime) > new Date(query.endTime)) throw new ApiError('VALIDATION', 'startTime must not be after endTime');
  const holderId = await holderInScope(db, agentId, query.memberId);
  let base = billRecords(db).where('b.holder_id', '=', holderId).where('b.kind', '=', kind);
  if (query.startTime) base = base.where('b.window_start', '>=', new Date(query.startTime));
  if (query.endTime) base = base.where('b.window_start', '<', new Date(query.endTime));
  const [rows, totals, contract] = await Promise.all([
    base.orderBy('b.window_start', 'desc').limit(query.pageSize).offset(offsetOf(query)).execute(),
    base
      .clearSelect()
      .select([
        sql<string>`count(*)`.as('n'),
        sql<string>`coalesce(sum(b.valid_bet), 0)`.as('valid_bet'),
        sql<string>`coalesce(sum(b.profit_loss), 0)`.as('profit_loss'),
        sql<string>`coalesce(sum(b.pay), 0)`.as('pay'),
      ])
      .executeTakeFirstOrThrow(),
    currentContract(db, holderId, kind, agentId),
  ]);
  return { ...pageOf(rows.map(toBill), Number(totals.n), query), ...totalsOf(totals), contract };
};

/** The real-time salary page: the agreement, when the running window settles, and the last windows. */
export const realtimeSalaryView = async (ctx: AppContext, agentId: number, query: { memberId?: number | undefined; windows: number }, now = new Date()) => {
  const holderId = await holderInScope(ctx.db, agentId, query.memberId);
  const rows = await billRecords(ctx.db)
    .where('b.holder_id', '=', holderId)
    .where('b.kind', '=', 'REALTIME')
    .orderBy('b.window_start', 'desc')
    .limit(query.windows)
    .execute();
  const windows: ContractBill[] = rows.map(toBill);
  const record = await currentRecord(ctx.db, holderId, 'REALTIME');
  const windowSeconds = ctx.config.REALTIME_SALARY_WINDOW_SECONDS;
  return {
    contract: record ? (toContract(record, { memberId: agentId }) as ContractOfKind<'REALTIME'>) : null,
    windowSeconds,
    nextSettlementAt: realtimeWindowAt(now, windowSeconds).end.toISOString(),
    running: record ? await runningWindowOf(ctx, record, now) : null,
    windows,
    ...totalsOf({
      valid_bet: rows.reduce((s, r) => s + r.valid_bet, 0),
      profit_loss: rows.reduce((s, r) => s + r.profit_loss, 0),
      pay: rows.reduce((s, r) => s + r.pay, 0),
    }),
  };
};

/** One bill with its detail; a bill of anyone outside the agent and its downline is FORBIDDEN, as is an id nobody has. */
export const billDetail = async (db: Db, agentId: number, billId: number) => {
  const row = await billRecords(db).where('b.id', '=', billId).executeTakeFirst();
  if (!row) throw new ApiError('FORBIDDEN', 'This bill is not in your downline');
  await holderInScope(db, agentId, row.holder_id).catch(() => {
    throw new ApiError('FORBIDDEN', 'This bill is not in your downline');
  });
  return toBillDetail(row);
};
