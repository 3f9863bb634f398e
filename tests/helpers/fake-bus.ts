import { BehaviorSubject, filter, map, Subject, type Observable } from 'rxjs';
import type { ConnectionState, LiveBus } from '@machines/app/bus-bridge';
import type { ServerEventName, ServerEventPayload } from '@shared/contract/socket';
import type { ClientSocket } from '@client/lib/socket-client';

type Listener = (...args: unknown[]) => void;
type AckHandler = (name: string, args: unknown[]) => unknown;

/**
 * A stand-in for a socket.io-client socket with the server's side in the test's hands:
 * `serverEmit` delivers an event, `drop`/`restore` play a lost and regained connection,
 * `answerAcks` decides what an acknowledged emit gets back (a never-settling promise is a timeout).
 */
export interface FakeSocket {
  readonly socket: ClientSocket;
  serverEmit(name: string, payload: unknown): void;
  /** The connection succeeds (first connect or a reconnect). */
  restore(): void;
  /** The transport is lost; socket.io would retry on its own. */
  drop(): void;
  /** The handshake is refused by the server's middleware. */
  refuse(message: string): void;
  answerAcks(handler: AckHandler): void;
  readonly acked: { name: string; args: unknown[] }[];
  listenerCount(name: string): number;
  readonly connectCalls: number;
}

export const createFakeSocket = (): FakeSocket => {
  const listeners = new Map<string, Set<Listener>>();
  const acked: { name: string; args: unknown[] }[] = [];
  let answer: AckHandler = () => new Promise(() => {});
  let connected = false;
  let active = false;
  let connectCalls = 0;

  const fire = (name: string, ...args: unknown[]) => [...(listeners.get(name) ?? [])].forEach((fn) => fn(...args));

  const fake = {
    get connected() {
      return connected;
    },
    get active() {
      return active;
    },
    on(name: string, fn: Listener) {
      listeners.set(name, (listeners.get(name) ?? new Set()).add(fn));
      return fake;
    },
    off(name: string, fn: Listener) {
      listeners.get(name)?.delete(fn);
      return fake;
    },
    connect() {
      connectCalls++;
      active = true;
      return fake;
    },
    disconnect() {
      const wasConnected = connected;
      connected = false;
      active = false;
      if (wasConnected) fire('disconnect', 'io client disconnect');
      return fake;
    },
    timeout(_ms: number) {
      return {
        emitWithAck: async (name: string, ...args: unknown[]) => {
          acked.push({ name, args });
          return answer(name, args);
        },
      };
    },
  };

  return {
    // The fake implements only what the bus uses; socket.io-client's overloads are not worth restating.
    socket: fake as unknown as ClientSocket,
    serverEmit: (name, payload) => fire(name, payload),
    restore: () => {
      connected = true;
      active = true;
      fire('connect');
    },
    drop: () => {
      connected = false;
      fire('disconnect', 'transport close');
    },
    refuse: (message) => {
      active = false;
      fire('connect_error', new Error(message));
    },
    answerAcks: (handler) => {
      answer = handler;
    },
    acked,
    listenerCount: (name) => listeners.get(name)?.size ?? 0,
    get connectCalls() {
      return connectCalls;
    },
  };
};

/**
 * A bus for machine and view tests: Subjects the test pushes into (STYLE.md C5). `connect` and
 * `disconnect` play a server that accepts the socket at once; `connected` says whether the app
 * holds it open now, `unauthorized` plays the server refusing its token.
 */
export interface FakeBus extends LiveBus {
  push<E extends ServerEventName>(name: E, payload: ServerEventPayload<E>): void;
  readonly connection: BehaviorSubject<ConnectionState>;
  readonly resynced: Subject<void>;
  readonly unauthorized: Subject<void>;
  readonly connected: boolean;
}

export const createFakeBus = (): FakeBus => {
  const events = new Subject<{ name: ServerEventName; payload: unknown }>();
  const connection = new BehaviorSubject<ConnectionState>('offline');
  const resynced = new Subject<void>();
  const unauthorized = new Subject<void>();
  let connected = false;
  return {
    get connected() {
      return connected;
    },
    connect: () => {
      connected = true;
      connection.next('online');
    },
    disconnect: () => {
      connected = false;
      connection.next('offline');
    },
    unauthorized$: unauthorized.asObservable(),
    unauthorized,
    on$: <E extends ServerEventName>(name: E) =>
      events.pipe(
        filter((e) => e.name === name),
        map((e) => e.payload as ServerEventPayload<E>),
      ) as Observable<ServerEventPayload<E>>,
    connection$: connection.asObservable(),
    resynced$: resynced.asObservable(),
    push: (name, payload) => events.next({ name, payload }),
    connection,
    resynced,
  };
};
