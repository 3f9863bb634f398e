import type { CompiledQuery } from 'kysely';
import type { Db } from './create-db';

/** Statements worth preparing: the queries the code builds (DDL, transaction control and multi-statement scripts are not). */
export const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface Compiled<R> {
  compiled: CompiledQuery<R>;
  /** For each parameter of the compiled query: which argument fills it, or -1 for a constant of the query. */
  slots: number[];
}

/**
 * A query on a hot path (every signed-in call resolves its session), built and compiled once per database handle:
 * each call only fills in its arguments. Building and compiling a Kysely query costs about as much as running it
 * on PostgreSQL; on PostgreSQL the connection also prepares the statement once (create-db.ts).
 * `build` must use each argument as a parameter value only, never to choose the query's shape.
 */
export const preparedQuery = <A extends unknown[], R>(build: (db: Db, ...args: A) => { compile(): CompiledQuery<R> }) => {
  const cache = new WeakMap<Db, Compiled<R>>();
  return async (db: Db, ...args: A): Promise<R[]> => {
    let entry = cache.get(db);
    if (!entry) {
      // Unique stand-ins for the arguments: where each lands among the parameters tells its slot.
      const standIns = args.map((_, index) => ({ preparedArgument: index })) as unknown as A;
      const compiled = build(db, ...standIns).compile();
      entry = { compiled, slots: compiled.parameters.map((p) => standIns.indexOf(p)) };
      cache.set(db, entry);
    }
    const { compiled, slots } = entry;
    const parameters = slots.map((slot, i) => (slot >= 0 ? args[slot] : compiled.parameters[i]));
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
};
