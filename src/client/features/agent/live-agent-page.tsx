import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromCallback, type EventObject } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import type { BusStreams } from '@machines/app/bus-bridge';

/** The cached agent reads that a pushed balance change can make stale (the agent's own money and its members'). */
const BALANCE_READS = ['agentIncome', 'agentDownline', 'agentDownlineMember', 'agentTransactions', 'agentOverview'] as const;
const EVERY_AGENT_READ = [...BALANCE_READS, 'agentAnnouncements', 'agentTeamBets', 'agentUserProfitLoss', 'agentReferral'] as const;

/**
 * Keeps the agent pages' cached reads in step with the bus (no polling): a balance change marks
 * the reads that show money stale, an agent announcement the announcement list, and a reconnect
 * after missed events all of them.
 */
export const agentLiveCacheLogic = fromCallback<EventObject, { bus: BusStreams; queryClient: QueryClient }>(({ input: { bus, queryClient } }) => {
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

/** An agent page whose cached reads follow the bus while it is open. */
export function LiveAgentPage({ bus, children }: { bus: BusStreams; children: ReactNode }) {
  const queryClient = useQueryClient();
  useActorRef(agentLiveCacheLogic, { input: { bus, queryClient } });
  return <>{children}</>;
}
