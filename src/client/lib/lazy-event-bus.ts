import { BehaviorSubject, distinctUntilChanged, ReplaySubject, startWith, switchMap, type Observable } from 'rxjs';
import type { ConnectionState } from '@machines/app/bus-bridge';
import type { AckArgs, AckEventName, AckReply, EventBus } from './event-bus';

/**
 * An event bus whose socket client (socket.io-client and the socket contract's schemas) is fetched
 * the first time the socket is wanted: at login, never for a guest's visit to the home page
 * (issue 15). Until then its streams are quiet and its connection `offline`; subscriptions made
 * before the load receive the loaded bus's events, so the live machine subscribes as before.
 */
export const createLazyEventBus = (load: () => Promise<EventBus>): EventBus => {
  let loaded: EventBus | null = null;
  let loading: Promise<EventBus> | null = null;
  /** Whether the socket should be open: a disconnect while the client loads cancels the connect. */
  let wanted = false;
  const ready$ = new ReplaySubject<EventBus>(1);
  /** The connection state until the loaded bus reports its own. */
  const beforeLoad$ = new BehaviorSubject<ConnectionState>('offline');

  const ensureLoaded = (): Promise<EventBus> =>
    (loading ??= load().then(
      (bus) => {
        loaded = bus;
        ready$.next(bus);
        return bus;
      },
      (error: unknown) => {
        // A failed chunk load: offline, and the next connect tries again.
        loading = null;
        beforeLoad$.next('offline');
        throw error;
      },
    ));

  const fromLoaded = <T>(pick: (bus: EventBus) => Observable<T>): Observable<T> => ready$.pipe(switchMap(pick));

  return {
    on$: (name) => fromLoaded((bus) => bus.on$(name)),
    connection$: ready$.pipe(
      startWith(null),
      switchMap((bus) => (bus ? bus.connection$ : beforeLoad$)),
      distinctUntilChanged(),
    ),
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
