import { BehaviorSubject, distinctUntilChanged, filter, map, Observable, share, Subject } from 'rxjs';
import type { BusStreams, ConnectionState } from '@machines/app/bus-bridge';
import {
  EventMeta,
  serverEvents,
  type Ack,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
} from '@shared/contract/socket';
import type { ClientSocket } from './socket-client';

// `never` accepts every acknowledgement callback whatever its reply type.
type AckCallback = (reply: never) => void;
/** Client→server events whose last argument is an acknowledgement callback. */
export type AckEventName = {
  [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]> extends [...unknown[], AckCallback] ? E : never;
}[keyof ClientToServerEvents];
export type AckArgs<E extends AckEventName> = Parameters<ClientToServerEvents[E]> extends [...infer A, AckCallback] ? A : never;
export type AckReply<E extends AckEventName> = Parameters<ClientToServerEvents[E]> extends [...unknown[], (reply: infer R) => void]
  ? R & Ack<unknown>
  : never;

export interface EventBus extends BusStreams {
  /** The server refused the socket's token (revoked or expired while offline): the session is over. */
  readonly unauthorized$: Observable<void>;
  /** Emits with an acknowledgement; no reply within the timeout is `{ ok: false, code: 'TIMEOUT' }`. */
  emitWithAck<E extends AckEventName>(name: E, ...args: AckArgs<E>): Promise<AckReply<E>>;
  /** Opens the connection for a new session (forgets the previous session's event cursor). */
  connect(): void;
  disconnect(): void;
  /** Highest event id seen; recovery after a reconnect asks for what came after it. */
  readonly lastEventId: number;
}

export interface EventBusOptions {
  ackTimeoutMs?: number;
  /** Called for a payload that does not match its contract schema; it is dropped either way. */
  onInvalidEvent?: (name: ServerEventName, issues: unknown) => void;
}

/** How many event ids are remembered for de-duplication; replays never reach further back. */
const SEEN_IDS_KEPT = 1_000;
/** Recovery pages through `events:since` until a page is empty, at most this many pages. */
const MAX_RECOVERY_PAGES = 20;

type Delivered = { name: ServerEventName; payload: unknown };

/**
 * The client's event bus over a typed socket (STYLE.md C5): one stream per server event, each
 * payload checked against the contract, de-duplicated by event id, and after a reconnect the missed
 * events replayed in order through the same streams, followed by `resynced$` (which the first connect
 * fires too).
 */
export const createEventBus = (socket: ClientSocket, options: EventBusOptions = {}): EventBus => {
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const onInvalidEvent =
    options.onInvalidEvent ?? ((name, issues) => console.warn(`event-bus: dropped an invalid "${name}" payload`, issues));

  const delivered$ = new Subject<Delivered>();
  const connectionState$ = new BehaviorSubject<ConnectionState>(socket.connected ? 'online' : 'offline');
  const resynced$ = new Subject<void>();
  const unauthorized$ = new Subject<void>();

  let lastEventId = 0;
  const seenIds = new Set<number>();
  /** Live events that arrive while a recovery is running wait here, so the replay stays in order. */
  let held: Delivered[] | null = null;
  let connectedBefore = false;
  let recovery: Promise<void> = Promise.resolve();

  const rememberId = (id: number) => {
    seenIds.add(id);
    if (seenIds.size > SEEN_IDS_KEPT) seenIds.delete(seenIds.values().next().value as number);
    lastEventId = Math.max(lastEventId, id);
  };

  const deliver = ({ name, payload }: Delivered) => {
    // A replayed event's name comes off the wire: only the contract's own keys count.
    if (!Object.hasOwn(serverEvents, name)) return;
    const parsed = serverEvents[name].safeParse(payload);
    if (!parsed.success) return onInvalidEvent(name, parsed.error.issues);
    const { eventId } = parsed.data;
    if (eventId > 0) {
      if (seenIds.has(eventId)) return;
      rememberId(eventId);
    }
    delivered$.next({ name, payload: parsed.data });
  };

  const receive = (event: Delivered) => (held ? held.push(event) : deliver(event));

  const emitWithAck = async <E extends AckEventName>(name: E, ...args: AckArgs<E>): Promise<AckReply<E>> => {
    // The typed overloads of emitWithAck cannot be called with a generic event name.
    const timed = socket.timeout(ackTimeoutMs) as unknown as { emitWithAck: (ev: E, ...rest: unknown[]) => Promise<AckReply<E>> };
    try {
      return await timed.emitWithAck(name, ...args);
    } catch {
      return { ok: false, code: 'TIMEOUT' } as AckReply<E>;
    }
  };

  const recoverMissedEvents = async () => {
    held ??= [];
    try {
      let cursor = lastEventId;
      // Cursor 0 means nothing was received in this session: the re-fetch after resynced$ covers it.
      for (let page = 0; cursor > 0 && page < MAX_RECOVERY_PAGES; page++) {
        const reply = await emitWithAck('events:since', cursor);
        if (!reply.ok || reply.data.length === 0) break;
        const pageStart = cursor;
        for (const event of reply.data) {
          const meta = EventMeta.safeParse(event.payload);
          if (meta.success) cursor = Math.max(cursor, meta.data.eventId);
          deliver(event);
        }
        if (cursor === pageStart) break;
      }
    } finally {
      const waiting = held ?? [];
      held = null;
      waiting.forEach(deliver);
      resynced$.next();
    }
  };

  socket.on('connect', () => {
    connectionState$.next('online');
    if (connectedBefore) {
      held ??= [];
      recovery = recovery.then(recoverMissedEvents);
    } else {
      // Nothing to ask for yet, but the reads the session made before its socket joined the member's rooms may have
      // missed pushes sent in between (a round settled, a contract offered): resynced$ has them read again.
      recovery = recovery.then(() => resynced$.next());
    }
    connectedBefore = true;
  });
  socket.on('disconnect', () => connectionState$.next(socket.active ? 'connecting' : 'offline'));
  socket.on('connect_error', (error) => {
    connectionState$.next(socket.active ? 'connecting' : 'offline');
    if (error.message === 'UNAUTHORIZED') unauthorized$.next();
  });

  const streams = new Map<ServerEventName, Observable<unknown>>();
  const on$ = <E extends ServerEventName>(name: E): Observable<ServerEventPayload<E>> => {
    let stream = streams.get(name);
    if (!stream) {
      // Not rxjs fromEvent: it cannot remove socket.io listeners reliably (socket.io-client#1461).
      stream = new Observable<unknown>((subscriber) => {
        const inner = delivered$
          .pipe(
            filter((event) => event.name === name),
            map((event) => event.payload),
          )
          .subscribe(subscriber);
        const listener = (payload: unknown) => receive({ name, payload });
        const untyped = socket as unknown as { on(ev: string, fn: (p: unknown) => void): void; off(ev: string, fn: (p: unknown) => void): void };
        untyped.on(name, listener);
        return () => {
          untyped.off(name, listener);
          inner.unsubscribe();
        };
      }).pipe(share());
      streams.set(name, stream);
    }
    return stream as Observable<ServerEventPayload<E>>;
  };

  return {
    on$,
    connection$: connectionState$.pipe(distinctUntilChanged()),
    resynced$: resynced$.asObservable(),
    unauthorized$: unauthorized$.asObservable(),
    emitWithAck,
    connect: () => {
      lastEventId = 0;
      connectedBefore = false;
      connectionState$.next('connecting');
      socket.connect();
    },
    disconnect: () => {
      socket.disconnect();
      connectionState$.next('offline');
    },
    get lastEventId() {
      return lastEventId;
    },
  };
};
