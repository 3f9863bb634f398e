import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database';

export type Db = Kysely<Database>;
export type DbKind = 'pglite' | 'postgres';

export interface DbOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

/** PostgreSQL BIGINT (int8) as a JS number: money in cents stays well inside 2^53. */
pg.types.setTypeParser(20, (v) => Number(v));

export const createDb = (options: DbOptions): { db: Db; kind: DbKind } => {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const pglite = new PGlite(dataDir.startsWith('memory://') ? undefined : path.join(path.resolve(dataDir), 'pglite'), {
    parsers: { 20: (v: string) => Number(v) },
  });
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(pglite) }), kind: 'pglite' };
};
