import type { Db } from '../db/create-db';

/**
 * The server side of the event bus. `record` writes an event to the outbox inside the caller's
 * transaction; `flush` emits recorded events after that transaction commits.
 */
export interface Realtime {
  record(trx: Db, room: string, name: string, payload: unknown): Promise<RecordedEvent>;
  flush(events: RecordedEvent[]): void;
  /** Emits a transient event that nothing needs to recover (system status, for example). */
  broadcast(name: string, payload: unknown): void;
}

export interface RecordedEvent {
  id: number;
  room: string;
  name: string;
  payload: unknown;
  at: string;
}
