import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createDb } from '@server/db/create-db';
import { DEMO_ACCOUNTS } from '@server/seed/seed-accounts';
import { SEED_OPERATOR, seedDemo, seedPlatform } from '@server/seed/seed';
import { writeSetting } from '@server/services/system/site-settings';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { operatorCode } from '../helpers/operator-code';
import { PRODUCTION_ENV } from '../helpers/production-env';

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
    await seedPlatform(t.ctx);
    await seedDemo(t.ctx);
    await seedPlatform(t.ctx);
    await seedDemo(t.ctx);
    expect(await counts()).toEqual(before);
  });

  it('keeps operator edits, deletions included, across a re-run', async () => {
    await writeSetting(t.ctx.db, 'mainDomain', 'ops.example');
    await t.ctx.db.deleteFrom('banners').where('group_name', '=', 'w_reg').execute();
    await t.ctx.db.updateTable('whitelabel_modules').set({ enabled: false }).where('mod_id', '=', 'FREEPLAY3').execute();
    const operatorBefore = await t.ctx.db.selectFrom('operators').select('password_hash').executeTakeFirstOrThrow();

    await seedPlatform(t.ctx);
    await seedDemo(t.ctx);

    const permission = (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value;
    expect(permission.mainDomain).toBe('ops.example');
    expect(permission.flags.FREEPLAY3).toBe(false);
    expect(await t.ctx.db.selectFrom('banners').where('group_name', '=', 'w_reg').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('operators').select('password_hash').executeTakeFirstOrThrow()).toEqual(operatorBefore);
  });

  it('gives the seeded operator the OPERATOR_TOTP_SECRET once: an operator seeded before authenticators gets it, a later change is kept', async () => {
    const secretOf = async () => (await t.ctx.db.selectFrom('operators').select('totp_secret').where('username', '=', SEED_OPERATOR).executeTakeFirstOrThrow()).totp_secret;
    expect(await secretOf()).toBe(t.ctx.config.OPERATOR_TOTP_SECRET);
    await t.ctx.db.updateTable('operators').set({ totp_secret: null }).where('username', '=', SEED_OPERATOR).execute();
    await seedPlatform(t.ctx);
    expect(await secretOf()).toBe(t.ctx.config.OPERATOR_TOTP_SECRET);
    await t.ctx.db.updateTable('operators').set({ totp_secret: 'REENROLLEDSECRETREENROLLEDSECRET' }).where('username', '=', SEED_OPERATOR).execute();
    await seedPlatform(t.ctx);
    expect(await secretOf()).toBe('REENROLLEDSECRETREENROLLEDSECRET');
  });
});

describe('demo seed in production', () => {
  const demoAccounts = async (db: TestApp['ctx']['db']) =>
    db.selectFrom('members').select('account').where('account', 'in', Object.values(DEMO_ACCOUNTS).map((a) => a.account)).execute();
  const heldMoney = async (db: TestApp['ctx']['db']) =>
    (await db.selectFrom('ledger_postings').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;

  it('seeds no demo people or money unless SEED_DEMO=true, but still the site settings and the operator', async () => {
    const t = await createTestApp({}, PRODUCTION_ENV);
    try {
      expect(await demoAccounts(t.ctx.db)).toEqual([]);
      expect(await heldMoney(t.ctx.db)).toBe(0);
      const login = await t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: SEED_OPERATOR, password: PRODUCTION_ENV.OPERATOR_PASSWORD, code: await operatorCode(PRODUCTION_ENV.OPERATOR_TOTP_SECRET) } });
      expect(login.statusCode).toBe(200);
      const permission = (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json();
      expect(permission.success).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('with SEED_DEMO=true explicitly, seeds them and logs a loud warning', async () => {
    const lines: string[] = [];
    const logStream = new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done(); } });
    const config = loadConfig({ ...PRODUCTION_ENV, SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
    const { app, ctx } = await buildApp({ config, database: createDb({ dataDir: 'memory://' }), logStream });
    try {
      expect((await demoAccounts(ctx.db)).length).toBe(Object.keys(DEMO_ACCOUNTS).length);
      expect(await heldMoney(ctx.db)).toBeGreaterThan(0);
      expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string })).toContainEqual(
        expect.objectContaining({ level: 40, msg: expect.stringMatching(/SEED_DEMO=true in production.*PUBLISHED passwords/) }),
      );
    } finally {
      await app.close();
      await ctx.db.destroy();
    }
  });
});
