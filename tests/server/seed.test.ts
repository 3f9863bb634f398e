import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@server/seed/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The tables the demo seed writes. */
const SEEDED_TABLES = [
  'site_settings',
  'whitelabel_modules',
  'field_rules',
  'customer_service',
  'resources',
  'banners',
  'domain_routes',
  'countries',
  'help_center',
  'chat_rooms',
  'operators',
  'seed_applied',
] as const;

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        SEEDED_TABLES.map(async (table) => {
          const row = await t.ctx.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
          return [table, row.n] as const;
        }),
      ),
    );

  it('fills every seeded table', async () => {
    const seeded = await counts();
    for (const table of SEEDED_TABLES) expect(seeded[table], table).toBeGreaterThan(0);
    expect(seeded.operators).toBe(1);
  });

  it('[LOBBY-08] seeds banners for w_home (3), w_leftmenu (1) and w_reg (1) with artwork under /static/banners/', async () => {
    const rows = await t.ctx.db.selectFrom('banners').select(['group_name', 'url']).execute();
    const perGroup = (group: string) => rows.filter((r) => r.group_name === group).length;
    expect([perGroup('w_home'), perGroup('w_leftmenu'), perGroup('w_reg')]).toEqual([3, 1, 1]);
    for (const { url } of rows) {
      expect(url).toMatch(/^\/static\/banners\/[a-z-]+\.svg$/);
      expect(fs.readFileSync(`public${url}`, 'utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });

  it('running it again changes nothing', async () => {
    const before = await counts();
    await seedDemo(t.ctx);
    await seedDemo(t.ctx);
    expect(await counts()).toEqual(before);
  });

  it('keeps operator edits, deletions included, across a re-run', async () => {
    await t.ctx.db.updateTable('site_settings').set({ value: JSON.stringify('ops.example') }).where('key', '=', 'mainDomain').execute();
    await t.ctx.db.deleteFrom('banners').where('group_name', '=', 'w_reg').execute();
    await t.ctx.db.updateTable('whitelabel_modules').set({ enabled: false }).where('mod_id', '=', 'FREEPLAY3').execute();
    const operatorBefore = await t.ctx.db.selectFrom('operators').select('password_hash').executeTakeFirstOrThrow();

    await seedDemo(t.ctx);

    const permission = (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value;
    expect(permission.mainDomain).toBe('ops.example');
    expect(permission.flags.FREEPLAY3).toBe(false);
    expect(await t.ctx.db.selectFrom('banners').where('group_name', '=', 'w_reg').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('operators').select('password_hash').executeTakeFirstOrThrow()).toEqual(operatorBefore);
  });
});
