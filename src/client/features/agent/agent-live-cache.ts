import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, type EventObject } from 'xstate';
import type { LiveBusInput } from '@machines/app/bus-bridge';

/** The cached agent reads that a pushed balance change can make stale (the agent's own money and its members'). */
const BALANCE_READS = ['agentIncome', 'agentDownline', 'agentDownlineMember', 'agentTransactions', 'agentOverview'] as const;
const EVERY_AGENT_READ = [...BALANCE_READS, 'agentAnnouncements', 'agentTeamBets', 'agentUserProfitLoss', 'agentReferral'] as const;

/**
 * Keeps the agent pages' cached reads in step with the bus (no polling): a balance change marks
 * the reads that show money stale, an agent announcement the announcement list, and a reconnect
 * after missed events all of them. The live machine runs it (beside the wallet's) while a session
 * is online; an open page's stale read loads again at once, a closed one's when it next opens.
 */
export const createAgentLiveCacheLogic = (queryClient: QueryClient) =>
  fromCallback<EventObject, LiveBusInput>(({ input: { bus } }) => {
    const stale = (keys: readonly string[]) => {
      for (const key of keys) void queryClient.invalidateQueries({ queryKey: [key] });
    };
    const subscriptions = [
      bus.on$('balance:updated').subscribe(() => stale(BALANCE_READS)),
      bus.on$('agentAnnouncement:new').subscribe(() => stale(['agentAnnouncements'])),
      bus.resynced$.subscribe(() => stale(EVERY_AGENT_READ)),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  });
