import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, type EventObject } from 'xstate';
import type { ResponseOf } from '@shared/contract/http';
import type { LiveBusInput } from '@machines/app/bus-bridge';
import { CONTRACT_READS } from '@client/state/contract-reads';
import { withRunningWindow, withSettledWindow } from '@client/state/contract-reads';

/** The cached agent reads that a pushed balance change can make stale (the agent's own money and its members'). */
const BALANCE_READS = ['agentIncome', 'agentDownline', 'agentDownlineMember', 'agentTransactions', 'agentOverview'] as const;
const EVERY_AGENT_READ = [...BALANCE_READS, ...CONTRACT_READS, 'agentAnnouncements', 'agentTeamBets', 'agentUserProfitLoss', 'agentReferral'] as const;
/** The records pages a settled bill adds a row to; the real-time page takes the pushed window itself. */
const BILL_READS = ['agentDividendRecords', 'agentDailyWages', 'agentHourlySalary'] as const;

type RealtimeView = ResponseOf<'agentRealtimeSalary'>;
type RealtimeKey = ['agentRealtimeSalary', { query?: { memberId?: number; windows?: number } } | null];

/**
 * Keeps the agent pages' cached reads in step with the bus (no polling): a balance change marks
 * the reads that show money stale, an agent announcement the announcement list, a contract change
 * the contract reads (and the menu's contract info), a settled bill the records pages and, without
 * a reload, the real-time salary page's windows, and a running window that page's running row (AGENT-21), and a reconnect after missed events all of them. The live machine runs it (beside the wallet's) while a session
 * is online; an open page's stale read loads again at once, a closed one's when it next opens.
 */
export const createAgentLiveCacheLogic = (queryClient: QueryClient) =>
  fromCallback<EventObject, LiveBusInput>(({ input: { bus } }) => {
    const stale = (keys: readonly string[]) => {
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
    };
    /** Every cached real-time salary read, changed in place: the page shows a pushed window without a reload. */
    const updateRealtimeViews = (change: (view: RealtimeView, page: { limit: number; own: boolean }) => RealtimeView) => {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: ['agentRealtimeSalary'] })) {
        const [, input] = query.queryKey as RealtimeKey;
        const page = { own: input?.query?.memberId === undefined, limit: input?.query?.windows ?? 12 };
        queryClient.setQueryData<RealtimeView>(query.queryKey, (view) => (view ? change(view, page) : view));
      }
    };
    const subscriptions = [
      bus.on$('balance:updated').subscribe(() => stale(BALANCE_READS)),
      bus.on$('agentAnnouncement:new').subscribe(() => stale(['agentAnnouncements'])),
      bus.on$('contract:changed').subscribe(() => stale(CONTRACT_READS)),
      bus.on$('salary:settled').subscribe((bill) => {
        stale(BILL_READS);
        updateRealtimeViews((view, { limit, own }) => withSettledWindow(view, bill, { limit, own }));
      }),
      bus.on$('salary:running').subscribe((running) => updateRealtimeViews((view, { own }) => withRunningWindow(view, running, { own }))),
      bus.resynced$.subscribe(() => stale(EVERY_AGENT_READ)),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  });
