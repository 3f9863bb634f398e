import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Generated } from 'kysely';
import { createDb, type Db } from '@server/db/create-db';

/**
 * The embedded database runs every query as a named prepared statement (src/server/db/pglite-dialect.ts): what a
 * caller gets back must be what PGlite's own query gave, values of every kind in and out, errors included.
 */
describe('PGlite prepared statements', () => {
  let db: Db;
  beforeAll(async () => {
    db = createDb({ dataDir: 'memory://' }).db;
    await sql`create table things (id bigserial primary key, name text not null unique, tags text[], doc jsonb, at timestamptz, ok boolean)`.execute(db);
  });
  afterAll(async () => db.destroy());

  interface Thing {
    id: Generated<number>;
    name: string;
    tags?: string[] | null;
    doc?: unknown;
    at?: Date | null;
    ok?: boolean | null;
  }
  const things = () => db.withTables<{ things: Thing }>();

  it('passes and returns numbers, text, arrays, JSON, times, booleans and nulls, and counts the rows a write touched', async () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    const inserted = await things()
      .insertInto('things')
      .values({ name: 'first', tags: ['a', 'b,c'], doc: JSON.stringify({ n: 1, s: 'x' }), at, ok: true })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: 1, name: 'first', tags: ['a', 'b,c'], doc: { n: 1, s: 'x' }, at, ok: true });
    await things().insertInto('things').values({ name: 'second', tags: null, doc: null, at: null, ok: null }).execute();
    expect(await things().selectFrom('things').select(['name', 'tags', 'ok']).where('name', '=', 'second').execute()).toEqual([
      { name: 'second', tags: null, ok: null },
    ]);
    const updated = await things().updateTable('things').set({ ok: false }).where('id', 'in', [1, 2]).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    expect(await things().selectFrom('things').select('id').where('ok', '=', true).execute()).toEqual([]);
  });

  it('refuses a duplicate with the database error code, and the same statement works again afterwards', async () => {
    const insert = () => things().insertInto('things').values({ name: 'dup' }).returning('id').executeTakeFirstOrThrow();
    await insert();
    await expect(insert()).rejects.toMatchObject({ code: '23505' });
    await expect(things().insertInto('things').values({ name: 'dup2' }).returning('id').executeTakeFirstOrThrow()).resolves.toMatchObject({
      id: expect.any(Number),
    });
  });

  it('rolls a failed transaction back and answers the next caller', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.withTables<{ things: { name: string } }>().insertInto('things').values({ name: 'in-rolled-back' }).execute();
        throw new Error('give up');
      }),
    ).rejects.toThrow('give up');
    expect(await things().selectFrom('things').select('name').where('name', '=', 'in-rolled-back').execute()).toEqual([]);
  });

  it('keeps answering when a table changes shape under a prepared statement, and past the number kept prepared', async () => {
    const all = () => things().selectFrom('things').selectAll().where('name', '=', 'first').executeTakeFirstOrThrow();
    await all();
    await sql`alter table things add column extra text default 'more'`.execute(db);
    // PostgreSQL refuses, once, a prepared plan whose result changed shape; the next call prepares it again.
    await all().catch((error: unknown) => expect(error).toMatchObject({ code: '0A000' }));
    expect(await all()).toMatchObject({ name: 'first', extra: 'more' });
    // A list of each length is a query text of its own: more of them than are kept prepared at once.
    for (let length = 1; length <= 520; length += 1) {
      const ids = Array.from({ length }, (_, i) => i + 1);
      const rows = await things().selectFrom('things').select('id').where('id', 'in', ids).orderBy('id').execute();
      expect(rows.length).toBeGreaterThan(0);
    }
    expect(await all()).toMatchObject({ name: 'first' });
  });
});
