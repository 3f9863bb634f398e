import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@server/db/create-db';
import { createThrowawayDatabase } from '../../helpers/test-app';

/**
 * On PostgreSQL a transaction's BEGIN goes out with its first statement (create-db.ts). These show the statement is
 * still inside the transaction, whatever comes first; PGlite has no such path, so they need TEST_DATABASE_URL.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('BEGIN sent with the first statement (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase(adminUrl!);
    drop = throwaway.drop;
    db = createDb({ databaseUrl: throwaway.url, poolSize: 2 }).db;
    await sql`create table t (id int primary key)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  const ids = async () => (await db.selectFrom('t' as never).select(sql<number>`id`.as('id')).orderBy(sql`id`).execute()).map((r) => r.id);

  it('the first statement is inside the transaction: unseen by others until the commit, undone by a rollback', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into t values (${1})`.execute(trx);
      expect(await ids()).toEqual([]);
    });
    expect(await ids()).toEqual([1]);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t values (${2})`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await ids()).toEqual([1]);
  });

  it('a first statement that fails rolls the transaction back and leaves the connection usable', async () => {
    for (let i = 0; i < 3; i += 1) {
      await expect(db.transaction().execute((trx) => sql`insert into t values (${1})`.execute(trx))).rejects.toMatchObject({ code: '23505' });
    }
    await db.transaction().execute((trx) => sql`insert into t values (${3})`.execute(trx));
    expect(await ids()).toEqual([1, 3]);
  });

  it('a transaction opening with a statement that is not prepared, or with none at all, still works', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 5000`.execute(trx);
      await sql`insert into t values (${4})`.execute(trx);
      expect((await sql<{ s: string }>`select current_setting('statement_timeout') as s`.execute(trx)).rows[0]?.s).toBe('5s');
    });
    await db.transaction().execute(async () => {});
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 5000`.execute(trx);
        await sql`insert into t values (${5})`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await ids()).toEqual([1, 3, 4]);
    expect((await sql<{ s: string }>`select current_setting('statement_timeout') as s`.execute(db)).rows[0]?.s).toBe('0');
  });
});
