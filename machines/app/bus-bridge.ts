import { map, type Observable } from 'rxjs';
import { fromCallback, fromEventObservable, type EventObject } from 'xstate';
import type { ServerEventName, ServerEventPayload } from '@shared/contract/socket';

export type ConnectionState = 'connecting' | 'online' | 'offline';

/**
 * What machines need of the client's event bus. The client's `createEventBus` returns a superset;
 * tests pass Subjects (tests/helpers/fake-bus.ts).
 */
export interface BusStreams {
  /** Validated, de-duplicated payloads of one server event, replayed ones included, in order. */
  on$<E extends ServerEventName>(name: E): Observable<ServerEventPayload<E>>;
  readonly connection$: Observable<ConnectionState>;
  /** Fires after every connect (the first too), once missed events are replayed: the time to re-fetch balance and counts. */
  readonly resynced$: Observable<void>;
}

export interface BusInput {
  bus: BusStreams;
}

/**
 * The bus as the live machine drives it while a session is online: the streams, plus opening and
 * closing the socket and the server's refusal of the socket's token. The client's `createEventBus`
 * is one; tests use tests/helpers/fake-bus.ts.
 */
export interface LiveBus extends BusStreams {
  /** The server refused the socket's token (revoked or expired while the socket was away). */
  readonly unauthorized$: Observable<void>;
  connect(): void;
  disconnect(): void;
}

export interface LiveBusInput {
  bus: LiveBus;
}

/** `balance:updated` → `server.balanceUpdated` (STYLE.md C2). */
export type ServerMachineEventType<E extends ServerEventName> = E extends `${infer Noun}:${infer Verb}`
  ? `server.${Noun}${Capitalize<Verb>}`
  : never;

export type ServerMachineEvent<E extends ServerEventName> = {
  type: ServerMachineEventType<E>;
  payload: ServerEventPayload<E>;
};

export const serverMachineEventType = <E extends ServerEventName>(name: E): ServerMachineEventType<E> => {
  const [noun = '', verb = ''] = name.split(':');
  return `server.${noun}${verb.charAt(0).toUpperCase()}${verb.slice(1)}` as ServerMachineEventType<E>;
};

/** An invokable actor that sends the parent one `server.<noun><Verb>` event per bus event `noun:verb`. */
export const busEvents = <E extends ServerEventName>(name: E) =>
  fromEventObservable<ServerMachineEvent<E>, BusInput>(({ input }) =>
    input.bus.on$(name).pipe(map((payload) => ({ type: serverMachineEventType(name), payload }))),
  );

export const systemStatusEvents = busEvents('system:status');
export const sessionRevokedEvents = busEvents('session:revoked');

export type ConnectionChangedEvent = { type: 'server.connectionChanged'; state: ConnectionState };
export const connectionEvents = fromEventObservable<ConnectionChangedEvent, BusInput>(({ input }) =>
  input.bus.connection$.pipe(map((state) => ({ type: 'server.connectionChanged' as const, state }))),
);

export type BusResyncedEvent = { type: 'server.busResynced' };
export const resyncEvents = fromEventObservable<BusResyncedEvent, BusInput>(({ input }) =>
  input.bus.resynced$.pipe(map(() => ({ type: 'server.busResynced' as const }))),
);

/**
 * The socket's life as an actor: connects when started, reports every change of the connection to
 * its parent as `server.connectionChanged`, and disconnects when stopped. The live machine runs it
 * exactly while a session is online, so the socket follows the session, not the screen.
 */
export const connectionLogic = fromCallback<EventObject, LiveBusInput>(({ input, sendBack }) => {
  const subscription = input.bus.connection$.subscribe((state) => sendBack({ type: 'server.connectionChanged', state } satisfies ConnectionChangedEvent));
  input.bus.connect();
  return () => {
    subscription.unsubscribe();
    input.bus.disconnect();
  };
});

/** Sends the parent one `server.<noun><Verb>` event per bus event `noun:verb` (an alias of busEvents, named for what the live machine does with it). */
export const forwardEvents = busEvents;

/**
 * A refused token at (re)connection ends the session as a revocation would, with reason `expired`:
 * sends the parent `server.sessionRevoked`.
 */
export const forwardRefusals = fromEventObservable<ServerMachineEvent<'session:revoked'>, LiveBusInput>(({ input }) =>
  input.bus.unauthorized$.pipe(
    map(() => ({ type: 'server.sessionRevoked' as const, payload: { reason: 'expired' as const, eventId: 0, at: new Date().toISOString() } })),
  ),
);
