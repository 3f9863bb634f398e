import type { ResponseOf } from '@shared/contract/http';
import type { ServerEventPayload } from '@shared/contract/socket';

/** The cached reads an answer changes: the menu's contract info and the contract pages. */
export const CONTRACT_READS = ['consolidatedContractInfo', 'agentContracts', 'agentDividendRecords', 'agentDailyWages', 'agentHourlySalary', 'agentRealtimeSalary'] as const;

type RealtimeView = ResponseOf<'agentRealtimeSalary'>;

/** Sums of money in whole cents, so a total of many windows does not drift off the cent. */
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + Math.round(amount * 100), 0) / 100;

type Role = ServerEventPayload<'salary:settled'>['role'];

/**
 * Whether a pushed window is of the page's holder: the holder of the page's agreement (or of its
 * windows), else, on the caller's own page with nothing to go by yet, a window the caller holds.
 */
const isViewHolder = (view: RealtimeView, pushed: { downlineAccount: string; role: Role }, own: boolean): boolean => {
  const holder = view.contract?.downlineAccount ?? view.windows[0]?.downlineAccount ?? null;
  return holder === null ? own && pushed.role === 'HOLDER' : pushed.downlineAccount === holder;
};

/** Whether the page's agreement bills a window ending at `end`: in force, and not ending before (a pending termination's deadline). */
const billsWindowEnding = (view: RealtimeView, end: string): boolean => {
  const contract = view.contract;
  if (!contract || (contract.status !== 'valid' && contract.status !== 'terminationRequested')) return false;
  return contract.status === 'valid' || contract.answerBy === null || contract.answerBy >= end;
};

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * A real-time salary page's read with a pushed running window (AGENT-21, `salary:running`): the
 * holder's window still running, shown above the settled ones. A push older than what the page
 * has (an earlier window, an earlier read of the same one, a window already settled) changes nothing.
 */
export const withRunningWindow = (view: RealtimeView, pushed: ServerEventPayload<'salary:running'>, { own }: { own: boolean }): RealtimeView => {
  if (!isViewHolder(view, pushed, own)) return view;
  if (view.windows.some((w) => w.windowStart >= pushed.windowStart)) return view;
  const shown = view.running;
  if (shown && (shown.windowStart > pushed.windowStart || (shown.windowStart === pushed.windowStart && shown.asOf > pushed.asOf))) return view;
  const { role: _role, eventId: _eventId, at: _at, ...running } = pushed;
  return { ...view, running, nextSettlementAt: later(pushed.windowEnd, view.nextSettlementAt) };
};

/**
 * A real-time salary page's read with a pushed window added (AGENT-21). The page lists its holder's
 * windows (the caller's own when `own`, else a downline member's): a bill of that holder not listed
 * yet becomes the newest row, the totals are those of the rows listed (as the server counts them),
 * and the next settlement moves to the end of the window after it. The running row of that window
 * gives way to it, and the next window's running row starts from nothing (until its first bet is
 * pushed) while the agreement bills it. Anything else leaves the read as it is.
 */
export const withSettledWindow = (view: RealtimeView, bill: ServerEventPayload<'salary:settled'>, { limit, own }: { limit: number; own: boolean }): RealtimeView => {
  if (bill.kind !== 'REALTIME') return view;
  if (!isViewHolder(view, bill, own) || view.windows.some((w) => w.billId === bill.billId)) return view;
  const { role: _role, eventId: _eventId, at, ...row } = bill;
  const windows = [row, ...view.windows].sort((a, b) => b.windowStart.localeCompare(a.windowStart)).slice(0, limit);
  const next = new Date(new Date(bill.windowEnd).getTime() + view.windowSeconds * 1000).toISOString();
  const runningAfter = view.running && view.running.windowStart > bill.windowStart ? view.running : null;
  const nextRunning: RealtimeView['running'] =
    runningAfter ??
    (billsWindowEnding(view, next)
      ? {
          contractId: bill.contractId,
          downlineAccount: bill.downlineAccount,
          payer: bill.payer,
          payerAccount: bill.payerAccount,
          windowStart: bill.windowEnd,
          windowEnd: next,
          validBet: 0,
          profitLoss: 0,
          activeMembers: 0,
          pay: 0,
          asOf: at,
        }
      : null);
  return {
    ...view,
    windows,
    running: nextRunning,
    nextSettlementAt: later(next, view.nextSettlementAt),
    totalValidBet: sum(windows.map((w) => w.validBet)),
    totalProfitLoss: sum(windows.map((w) => w.profitLoss)),
    totalPay: sum(windows.map((w) => w.pay)),
  };
};
