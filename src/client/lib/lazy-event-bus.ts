import { BehaviorSubject, Observable, type Subscription } from 'rxjs';
import type { ConnectionState } from '@machines/app/bus-bridge';
import type { AckArgs, AckEventName, AckReply, EventBus } from './event-bus';

/**
 * An event bus whose socket client (socket.io-client and the socket contract's schemas) is fetched
 * the first time the socket is wanted: at login, never for a guest's visit to the home page
 * (issue 15). Until then its streams are quiet and its connection `offline`; subscriptions made
 * before the load receive the loaded bus's events, so the live machine subscribes as before.
 * Its streams are made with rxjs's Observable alone: this module is in the first render, and the
 * operators that would hand over to the loaded bus (switchMap, startWith) would bring about 2.5 KB gzip.
 */
export const createLazyEventBus = (load: () => Promise<EventBus>): EventBus => {
  let loaded: EventBus | null = null;
  let loading: Promise<EventBus> | null = null;
  /** Whether the socket should be open: a disconnect while the client loads cancels the connect. */
  let wanted = false;
  /** What subscribers made before the load do with the loaded bus, called in order as soon as it has loaded. */
  const waiting = new Set<(bus: EventBus) => void>();
  /** The connection state until the loaded bus reports its own. */
  const beforeLoad$ = new BehaviorSubject<ConnectionState>('offline');

  const ensureLoaded = (): Promise<EventBus> =>
    (loading ??= load().then(
      (bus) => {
        loaded = bus;
        for (const handOver of waiting) handOver(bus);
        waiting.clear();
        return bus;
      },
      (error: unknown) => {
        // A failed chunk load: offline, and the next connect tries again.
        loading = null;
        beforeLoad$.next('offline');
        throw error;
      },
    ));

  /** Calls `handOver` with the loaded bus, now or once it has loaded; returns what cancels the wait. */
  const whenLoaded = (handOver: (bus: EventBus) => void): (() => void) => {
    if (loaded) handOver(loaded);
    else waiting.add(handOver);
    return () => waiting.delete(handOver);
  };

  const fromLoaded = <T>(pick: (bus: EventBus) => Observable<T>): Observable<T> =>
    new Observable<T>((subscriber) => {
      let inner: Subscription | undefined;
      const cancel = whenLoaded((bus) => (inner = pick(bus).subscribe(subscriber)));
      return () => {
        cancel();
        inner?.unsubscribe();
      };
    });

  return {
    on$: (name) => fromLoaded((bus) => bus.on$(name)),
    /** `beforeLoad$`'s states, then the loaded bus's, each change once. */
    connection$: new Observable<ConnectionState>((subscriber) => {
      let last: ConnectionState | null = null;
      const report = (state: ConnectionState) => {
        if (state === last) return;
        last = state;
        subscriber.next(state);
      };
      let current = loaded ? undefined : beforeLoad$.subscribe(report);
      const cancel = whenLoaded((bus) => {
        current?.unsubscribe();
        current = bus.connection$.subscribe(report);
      });
      return () => {
        cancel();
        current?.unsubscribe();
      };
    }),
    resynced$: fromLoaded((bus) => bus.resynced$),
    unauthorized$: fromLoaded((bus) => bus.unauthorized$),
    emitWithAck: async <E extends AckEventName>(name: E, ...args: AckArgs<E>): Promise<AckReply<E>> =>
      (await ensureLoaded()).emitWithAck(name, ...args),
    connect: () => {
      wanted = true;
      if (loaded) return loaded.connect();
      beforeLoad$.next('connecting');
      ensureLoaded().then(
        (bus) => {
          if (wanted) bus.connect();
        },
        (error: unknown) => console.warn('event-bus: the socket client did not load', error),
      );
    },
    disconnect: () => {
      wanted = false;
      if (loaded) loaded.disconnect();
      else beforeLoad$.next('offline');
    },
    get lastEventId() {
      return loaded?.lastEventId ?? 0;
    },
  };
};
