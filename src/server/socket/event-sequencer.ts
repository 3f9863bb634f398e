import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/create-db';

/** The one-key advisory lock only the event sequencer takes, on every node. */
const SEQUENCER_LOCK = 7_130_013;

/** How often a node looks for committed events that nobody numbered (a flush cut off after its commit). */
const SWEEP_INTERVAL_MS = 1_000;

export interface SequencedEvent {
  outboxId: number;
  seq: number;
  room: string;
  name: string;
  payload: unknown;
  at: string;
}

/**
 * Numbers committed outbox rows in commit order and emits them. An outbox row's serial id is taken
 * when it is written, so two overlapping transactions can commit out of id order; a client holding
 * the later id would then never be replayed the earlier event. Here one sequencer at a time, on any
 * node (a session advisory lock), gives every row that has become visible the next numbers, in id
 * order, and emits them before it lets the next one in: event ids grow in commit order, and
 * `events:since(n)` is every event committed after the one numbered n.
 */
export const createEventSequencer = (db: Db, emit: (event: SequencedEvent) => void, log: FastifyBaseLogger) => {
  const numberAndEmit = (): Promise<SequencedEvent[]> =>
    db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${SEQUENCER_LOCK}::bigint)`.execute(conn);
      try {
        const { rows } = await sql<{ id: number; seq: number; room: string; name: string; payload: unknown; created_at: Date | string }>`
          with top as (select coalesce(max(seq), 0) as seq from events),
               pending as (select id, row_number() over (order by id) as n from events where seq is null)
          update events set seq = top.seq + pending.n
            from top, pending
           where events.id = pending.id
          returning events.id, events.seq, events.room, events.name, events.payload, events.created_at`.execute(conn);
        const sequenced = rows
          .map((r) => ({ outboxId: Number(r.id), seq: Number(r.seq), room: r.room, name: r.name, payload: r.payload, at: new Date(r.created_at).toISOString() }))
          .sort((a, b) => a.seq - b.seq);
        // Still under the lock: the next sequencer's events leave after these, on every node.
        sequenced.forEach(emit);
        return sequenced;
      } finally {
        await sql`select pg_advisory_unlock(${SEQUENCER_LOCK}::bigint)`.execute(conn);
      }
    });

  /**
   * After a commit: numbers and emits what has committed (these events, and any another flush has
   * not taken yet), and returns the numbers of `outboxIds`. A failure is logged, never thrown: the
   * change is committed, and the sweep numbers and sends its events shortly.
   */
  const flush = async (outboxIds: readonly number[]): Promise<Map<number, number>> => {
    const numbers = new Map<number, number>();
    if (outboxIds.length === 0) return numbers;
    try {
      for (const e of await numberAndEmit()) numbers.set(e.outboxId, e.seq);
      const missing = outboxIds.filter((id) => !numbers.has(id));
      if (missing.length > 0) {
        // Another flush (or the sweep) numbered and sent these first.
        const rows = await db.selectFrom('events').select(['id', 'seq']).where('id', 'in', missing).execute();
        for (const r of rows) if (r.seq !== null) numbers.set(r.id, r.seq);
      }
    } catch (err) {
      log.warn({ err }, 'committed events not numbered yet; the sweep sends them');
    }
    return numbers;
  };

  let sweeping: Promise<void> | null = null;
  const sweep = async () => {
    const pending = await db.selectFrom('events').select('id').where('seq', 'is', null).limit(1).executeTakeFirst();
    if (pending) await numberAndEmit();
  };
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = sweep()
      .catch((err: unknown) => log.debug({ err }, 'event sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();

  return {
    flush,
    /** Stops the sweep and waits for a running one (the database is about to close). */
    stop: async () => {
      clearInterval(timer);
      await sweeping;
    },
  };
};
