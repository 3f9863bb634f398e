import type { ResponseOf } from '@shared/contract/http';
import type { ServerEventPayload } from '@shared/contract/socket';

/** The cached reads an answer changes: the menu's contract info and the contract pages. */
export const CONTRACT_READS = ['consolidatedContractInfo', 'agentContracts', 'agentDividendRecords', 'agentDailyWages', 'agentHourlySalary', 'agentRealtimeSalary'] as const;

type RealtimeView = ResponseOf<'agentRealtimeSalary'>;

/** Sums of money in whole cents, so a total of many windows does not drift off the cent. */
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + Math.round(amount * 100), 0) / 100;

/**
 * A real-time salary page's read with a pushed window added (AGENT-21). The page lists its holder's
 * windows (the caller's own when `own`, else a downline member's): a bill of that holder not listed
 * yet becomes the newest row, the totals are those of the rows listed (as the server counts them),
 * and the next settlement moves to the end of the window after it. Anything else leaves the read as it is.
 */
export const withSettledWindow = (view: RealtimeView, bill: ServerEventPayload<'salary:settled'>, { limit, own }: { limit: number; own: boolean }): RealtimeView => {
  if (bill.kind !== 'REALTIME') return view;
  const holder = view.contract?.downlineAccount ?? view.windows[0]?.downlineAccount ?? null;
  const mine = holder === null ? own && bill.role === 'HOLDER' : bill.downlineAccount === holder;
  if (!mine || view.windows.some((w) => w.billId === bill.billId)) return view;
  const { role: _role, eventId: _eventId, at: _at, ...row } = bill;
  const windows = [row, ...view.windows].sort((a, b) => b.windowStart.localeCompare(a.windowStart)).slice(0, limit);
  const next = new Date(new Date(bill.windowEnd).getTime() + view.windowSeconds * 1000).toISOString();
  return {
    ...view,
    windows,
    nextSettlementAt: next > view.nextSettlementAt ? next : view.nextSettlementAt,
    totalValidBet: sum(windows.map((w) => w.validBet)),
    totalProfitLoss: sum(windows.map((w) => w.profitLoss)),
    totalPay: sum(windows.map((w) => w.pay)),
  };
};
