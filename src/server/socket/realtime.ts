import type { Transaction } from 'kysely';
import type { CachedMemberRead, EventMeta, ServerEventName, ServerEventPayload, SessionRevoked } from '@shared/contract/socket';
import type { z } from 'zod';
import type { Db } from '../db/create-db';
import type { Database } from '../db/database';
import type { Metrics } from '../operations/metrics';

/** What the server supplies for an event; the gateway adds `eventId` and `at`. */
export type EventBody<E extends ServerEventName> = Omit<ServerEventPayload<E>, keyof EventMeta>;

export type RevokeReason = z.infer<typeof SessionRevoked>['reason'];

/**
 * The server side of the event bus. `record` writes an event to the outbox inside the caller's
 * transaction; `flush`, once that transaction has committed, numbers the committed events in commit
 * order and emits them. Prefer `withEvents`, which does both in the right order.
 */
export interface Realtime {
  record<E extends ServerEventName>(trx: Db, room: string, name: E, payload: EventBody<E>): Promise<RecordedEvent>;
  /** Never throws: events it cannot number now are numbered and sent by the next flush or sweep. */
  flush(events: RecordedEvent[]): Promise<void>;
  /** Emits a transient event (id 0) to every socket on every node; nothing recovers it later. */
  broadcast<E extends ServerEventName>(name: E, payload: EventBody<E>): void;
  /**
   * Tells a member's sockets (only those of one session when `sessionTokenHash` is given) that the
   * session is over, then disconnects them, on every node. Call it after the revocation commits.
   */
  revokeSockets(memberId: number, reason: RevokeReason, sessionTokenHash?: string): void;
  /**
   * Every node drops what it keeps of the member's `read` (services/member-read-cache.ts): this one at once, the
   * others through Redis when it is set. Call it once a change to it has committed (forgetOnCommit in withEvents).
   */
  forgetCached(read: CachedMemberRead, memberId: number): void;
}

export interface RecordedEvent {
  /** The outbox row. */
  outboxId: number;
  /** The event id clients see, its place in commit order: 0 until `flush` has numbered it. */
  id: number;
  room: string;
  name: ServerEventName;
  payload: unknown;
  at: string;
}

const notAttached = (): never => {
  throw new Error('the socket gateway is not attached yet');
};

/** The context's realtime before the gateway is attached (seeding runs first); any use is a bug. */
export const detachedRealtime: Realtime = {
  record: async () => notAttached(),
  flush: async (events) => {
    if (events.length > 0) notAttached();
  },
  broadcast: () => notAttached(),
  revokeSockets: () => notAttached(),
  forgetCached: () => notAttached(),
};

export type RecordEvent = <E extends ServerEventName>(room: string, name: E, payload: EventBody<E>) => Promise<RecordedEvent>;

interface CommitWork {
  /**
   * Member reads every node forgets at once after the commit, before the events leave (their receivers may read again):
   * by read, the members, each once however often the transaction posted for them (each forget is a Redis message).
   */
  forgets: Map<CachedMemberRead, Set<number>>;
  hooks: (() => void)[];
}

/** What runs once a withEvents transaction has committed, by transaction. */
const commitWork = new WeakMap<Transaction<Database>, CommitWork>();

const commitWorkOf = (trx: Transaction<Database>, caller: string): CommitWork => {
  const work = commitWork.get(trx);
  if (!work) throw new Error(`${caller} needs a transaction of withEvents`);
  return work;
};

/**
 * Runs `hook` once the withEvents transaction `trx` belongs to has committed and its events are
 * out; a rollback runs nothing. For work that must see the change (a read in its own transaction).
 */
export const afterCommit = (trx: Transaction<Database>, hook: () => void): void => {
  commitWorkOf(trx, 'afterCommit').hooks.push(hook);
};

/** Once the withEvents transaction `trx` has committed, and before its events leave, every node forgets the member's `read`. */
export const forgetOnCommit = (trx: Transaction<Database>, read: CachedMemberRead, memberId: number): void => {
  const { forgets } = commitWorkOf(trx, 'forgetOnCommit');
  const members = forgets.get(read) ?? new Set<number>();
  members.add(memberId);
  forgets.set(read, members);
};

/**
 * Runs `work` in one database transaction with a `record` function for socket events. The events
 * are written to the outbox in that transaction and numbered and emitted only after it commits: a
 * rollback (a thrown error) emits nothing, and a client never hears of a change that did not happen.
 */
export const withEvents = async <T>(
  ctx: { db: Db; realtime: Realtime; metrics: Pick<Metrics, 'countCommittedLedger'> },
  work: (trx: Transaction<Database>, record: RecordEvent) => Promise<T>,
): Promise<T> => {
  const events: RecordedEvent[] = [];
  const committed: CommitWork = { forgets: new Map(), hooks: [] };
  const result = await ctx.db.transaction().execute((trx) => {
    commitWork.set(trx, committed);
    return work(trx, async (room, name, payload) => {
      const event = await ctx.realtime.record(trx, room, name, payload);
      events.push(event);
      return event;
    });
  });
  for (const [read, members] of committed.forgets) for (const memberId of members) ctx.realtime.forgetCached(read, memberId);
  ctx.metrics.countCommittedLedger(events);
  await ctx.realtime.flush(events);
  for (const hook of committed.hooks) hook();
  return result;
};
