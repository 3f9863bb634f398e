import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, type EventObject } from 'xstate';
import type { ServerEventName } from '@shared/contract/socket';
import type { LiveBusInput } from '@machines/app/bus-bridge';

/**
 * A live cache (no polling): marks the cached `reads` stale whenever one of `events` arrives on the bus,
 * or a reconnect may have missed one. An open screen's stale read loads again at once, a closed one's when it next opens.
 */
export const staleOnEvents = (queryClient: QueryClient, events: readonly ServerEventName[], reads: readonly string[]) =>
  fromCallback<EventObject, LiveBusInput>(({ input: { bus } }) => {
    const stale = () => {
      for (const key of reads) void queryClient.invalidateQueries({ queryKey: [key] });
    };
    const subscriptions = [...events.map((name) => bus.on$(name).subscribe(stale)), bus.resynced$.subscribe(stale)];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  });
