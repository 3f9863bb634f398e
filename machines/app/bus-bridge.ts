import { map, type Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
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
  /** Fires after a reconnect once missed events are replayed: the time to re-fetch balance and counts. */
  readonly resynced$: Observable<void>;
}

export interface BusInput {
  bus: BusStreams;
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
