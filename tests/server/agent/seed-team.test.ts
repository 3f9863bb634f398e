import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@server/db/create-db';
import { migrateToLatest } from '@server/db/migrate';
import { migrations } from '@server/db/migrations';
import { seedDemo } from '@server/seed/seed';
import { DEMO_TEAM } from '@server/seed/seed-team';
import type { TestApp } from '../../helpers/test-app';
import { Caller } from '../../helpers/accounts-kit';
import { startDemoTeamApp } from './agent-kit';

const TABLES = ['members', 'member_tree', 'affiliate_codes', 'ledger_transactions', 'bets', 'house_rounds', 'deposit_orders', 'withdrawal_orders', 'messages'] as const;

describe('the demo team seed (SEED_DEMO)', () => {
  let t: TestApp;
  let agent: Caller;
  beforeAll(async () => {
    ({ t, agent } = await startDemoTeamApp());
  });
  afterAll(async () => t.close());

  const downline = async (caller: Caller) =>
    (await caller.call('GET', '/wps/agent/downline', { query: { pageSize: '100' } })).body.value.list as { account: string; level: number; kind: string; uplineAccount: string }[];

  it('[AGENT-09] the player demo is a direct member of agent, whose downline is three levels deep with a sub-agent at two levels', async () => {
    const rows = await downline(agent);
    const byAccount = new Map(rows.map((r) => [r.account, r]));
    expect(byAccount.get('demo')).toMatchObject({ level: 1, kind: 'MEMBER', uplineAccount: 'agent' });
    expect(new Set(rows.map((r) => r.level))).toEqual(new Set([1, 2, 3]));
    expect(byAccount.get('hoaagent')).toMatchObject({ level: 1, kind: 'AGENT' });
    expect(byAccount.get('khoaagent')).toMatchObject({ level: 2, kind: 'AGENT', uplineAccount: 'hoaagent' });
    expect(rows.filter((r) => r.level === 3).map((r) => r.uplineAccount)).toEqual(['khoaagent', 'khoaagent']);
    expect(rows).toHaveLength(DEMO_TEAM.length + 1);
  });

  it('[AGENT-09] [AGENT-13] the team signs in with the README password, and each sub-agent has its own invitation link', async () => {
    const sub = new Caller(t);
    expect((await sub.login('hoaagent', 'Team#2026pass', { site: 'agent' })).status).toBe(200);
    const referral = (await sub.call('GET', '/wps/agent/referral')).body.value;
    expect(referral.link).toBe(`http://localhost:8080/register?affiliateCode=${referral.affiliateCode}`);
    expect(referral.directMembers).toBe(3);
    expect((await downline(sub)).map((r) => r.account).sort()).toEqual(['ducvo', 'khoaagent', 'maipham', 'tuanle', 'vyhoang']);
  });

  it('[AGENT-10] every player of the team deposited and played house games over the last 30 days, through the real services', async () => {
    const players = DEMO_TEAM.filter((m) => m.playsEvery > 0).map((m) => m.account);
    const since = new Date(Date.now() - 30 * 86_400_000);
    const rows = await t.ctx.db
      .selectFrom('bets')
      .innerJoin('members', 'members.id', 'bets.member_id')
      .innerJoin('house_rounds', 'house_rounds.bet_id', 'bets.bet_id')
      .select(['members.account', sql<number>`count(*)`.as('n'), sql<string>`min(bets.placed_at)`.as('first')])
      .where('members.account', 'in', players)
      .groupBy('members.account')
      .execute();
    expect(rows.map((r) => r.account).sort()).toEqual([...players].sort());
    for (const r of rows) expect(new Date(r.first) >= since).toBe(true);
    const oldest = await t.ctx.db.selectFrom('bets').select(sql<string>`min(placed_at)`.as('first')).executeTakeFirstOrThrow();
    expect(new Date(oldest.first).getTime()).toBeLessThan(Date.now() - 25 * 86_400_000);
    const deposits = await t.ctx.db.selectFrom('deposit_orders').select(['status']).where('resolved_by', '=', 'seed').execute();
    expect(deposits).toHaveLength(DEMO_TEAM.length);
    expect(new Set(deposits.map((d) => d.status))).toEqual(new Set(['CREDITED']));
    const ledger = await t.ctx.db.selectFrom('ledger_postings').select(sql<number>`coalesce(sum(amount), 0)`.as('sum')).executeTakeFirstOrThrow();
    expect(Number(ledger.sum)).toBe(0);
  });

  it('running the demo seed again changes nothing', async () => {
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(TABLES.map(async (table) => [table, Number((await t.ctx.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n)])),
      );
    const before = await counts();
    await seedDemo(t.ctx);
    await seedDemo(t.ctx);
    expect(await counts()).toEqual(before);
  });
});

describe('the tree migration', () => {
  it('[AGENT-09] members registered with an agent\'s code before the tree existed are placed in its downline', async () => {
    const { db } = createDb({ dataDir: 'memory://' });
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_24_01_00_00_agent_tree')) as Record<string, Migration>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => before } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const ids: number[] = [];
      for (const [i, upline] of [null, 0, 1, 1, 2].entries()) {
        const { id } = await db
          .insertInto('members')
          .values({ account: `old${i}`, nickname: `Old ${i}`, type: upline === null || i === 1 ? 1 : 0, password_hash: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('member_profiles')
          .values({ member_id: id, upline_id: upline === null ? null : ids[upline]!, register_method: 'WEB', register_ip: '', details: '{}' })
          .execute();
        ids.push(id);
      }
      await migrateToLatest(db);
      const rows = await db.selectFrom('member_tree').select(['ancestor_id', 'descendant_id', 'depth']).orderBy('ancestor_id').orderBy('descendant_id').execute();
      const [a, b, c, d, e] = ids as [number, number, number, number, number];
      expect(rows).toEqual(
        [
          [a, b, 1],
          [a, c, 2],
          [a, d, 2],
          [a, e, 3],
          [b, c, 1],
          [b, d, 1],
          [b, e, 2],
          [c, e, 1],
        ].map(([ancestor_id, descendant_id, depth]) => ({ ancestor_id, descendant_id, depth })),
      );
    } finally {
      await db.destroy();
    }
  });
});
