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
 * Every query Kysely sends through this connection becomes a named prepared statement (its name a hash of its
 * text): PostgreSQL parses and plans each distinct query once per connection instead of on every call. The code
 * builds a bounded set of query texts, so the set of statements stays bounded too.
 */
const prepareQueries = (client: pg.PoolClient): void => {
  const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
  (client as unknown as { query: typeof query }).query = (config, values) =>
    typeof config === 'string' && Array.isArray(values) && PREPARABLE.test(config)
      ? query({ name: statementName(config), text: config, values })
      : query(config, values);
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
