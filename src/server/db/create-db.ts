import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import { PreparedPGliteDialect } from './pglite-dialect';
import { PREPARABLE } from './prepared';

export type Db = Kysely<Database>;
export type DbKind = 'pglite' | 'postgres';

export interface DbOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** Told when PostgreSQL ends a pooled connection (a restart, a failover, pg_terminate_backend); the pool replaces it. */
  onConnectionError?: (err: Error) => void;
}

/** PostgreSQL BIGINT (int8) as a JS number: money in cents stays well inside 2^53. */
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A prepared statement preceded by BEGIN in the same write and the same Sync: the transaction's first statement
 * costs no round trip of its own. Should BEGIN fail, PostgreSQL skips the statement up to the Sync.
 */
class BeginThenQuery extends pg.Query {
  #begun = false;

  prepare(connection: pg.Connection): void {
    const con = connection as unknown as { parse(m: { text: string }): void; bind(m: object): void; execute(m: object): void };
    con.parse({ text: 'begin' });
    con.bind({});
    con.execute({});
    (pg.Query.prototype as unknown as { prepare(c: pg.Connection): void }).prepare.call(this, connection);
  }

  /** BEGIN's completion is not a result of the statement. */
  handleCommandComplete(msg: unknown, connection: pg.Connection): void {
    if (!this.#begun) {
      this.#begun = true;
      return;
    }
    (pg.Query.prototype as unknown as { handleCommandComplete(m: unknown, c: pg.Connection): void }).handleCommandComplete.call(this, msg, connection);
  }
}

/**
 * Every query Kysely sends through this connection becomes a named prepared statement (its name a hash of its
 * text): PostgreSQL parses and plans each distinct query once per connection instead of on every call. The code
 * builds a bounded set of query texts, so the set of statements stays bounded too. A transaction's BEGIN waits for
 * the statement after it and goes out with it (a round trip less per transaction); nothing else can use the
 * connection in between, as Kysely holds it for the transaction.
 */
const prepareQueries = (client: pg.PoolClient): void => {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  let beginPending = false;
  (client as unknown as { query: typeof query }).query = async (config, values) => {
    if (config === 'begin' && Array.isArray(values) && values.length === 0 && !beginPending) {
      beginPending = true;
      return { command: 'BEGIN', rowCount: null, rows: [], oid: 0, fields: [] };
    }
    const preparable = typeof config === 'string' && Array.isArray(values) && PREPARABLE.test(config);
    if (beginPending) {
      beginPending = false;
      if (!preparable) {
        await query('begin');
      } else {
        return new Promise((resolve, reject) => {
          void query(
            new BeginThenQuery({ name: statementName(config), text: config, values }, (err: Error | undefined, result: unknown) =>
              err ? reject(err) : resolve(result as pg.QueryResult),
            ),
          );
        });
      }
    }
    return preparable ? query({ name: statementName(config), text: config, values }) : query(config, values);
  };
};

/** Names already worked out, shared by every connection: hashing the text on each call cost more than the lookup. */
const statementNames = new Map<string, string>();
const statementName = (text: string): string => {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    // Bounded like the set of query texts; a flood of one-off texts only costs hashing them again.
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
};

export const createDb = (options: DbOptions): { db: Db; kind: DbKind } => {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection the server ends emits 'error'. Without a listener that event stops the whole
    // process: the pool listens only while a connection is idle, so one ended between two statements
    // of an open transaction needs its own. The transaction fails (and rolls back); the pool drops
    // the dead connection when it comes back.
    pool.on('connect', (client) => {
      client.on('error', (err) => options.onConnectionError?.(err));
      prepareQueries(client);
    });
    // Idle connections: already reported by the listener above.
    pool.on('error', () => {});
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const pglite = new PGlite(dataDir.startsWith('memory://') ? undefined : path.join(path.resolve(dataDir), 'pglite'), {
    parsers: { 20: (v: string) => Number(v) },
  });
  return { db: new Kysely<Database>({ dialect: new PreparedPGliteDialect(pglite) }), kind: 'pglite' };
};
