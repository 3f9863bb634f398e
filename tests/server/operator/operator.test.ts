import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '@shared/contract/http';
import type { ClientToServerEvents, ServerEventPayload, ServerToClientEvents } from '@shared/contract/socket';
import { hashToken } from '@server/auth/tokens';
import { SEED_OPERATOR } from '@server/seed/seed';
import { hashPassword } from '@server/services/auth/passwords';
import { OPERATOR_LOGIN_RULES } from '@server/services/operator/operator-login';
import { insertMemberWithSession } from '../../helpers/direct-member';
import { forgetOperatorCode, operatorCode, waitForCodePeriod } from '../../helpers/operator-code';
import { createTestApp, type TestApp } from '../../helpers/test-app';

const OPERATOR_PASSWORD = 'Test-operator#Pass1';
const IDLE_MINUTES = 20;

describe('operator system controls', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ authorization: `Bearer ${token}` });

  // Each sign-in from its own address, so the per-address limit on sign-ins (10 in 15 minutes) stays out of the way.
  let addresses = 0;
  const nextAddress = () => `198.51.100.${(addresses += 1)}`;
  // The tests sign in many times within one 30 s code: each sign-in here first forgets the code used before.
  const login = async (password: string, username = SEED_OPERATOR, code?: string) => {
    await forgetOperatorCode(t.ctx.db, username);
    return t.app.inject({ method: 'POST', url: '/ops/session', payload: { username, password, code: code ?? (await operatorCode()) }, remoteAddress: nextAddress() });
  };
  const ops = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth(), ...(payload ? { payload } : {}) });
  const status = async () => (await t.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value;
  const auditActions = async () =>
    (await t.ctx.db.selectFrom('audit_log').select('action').orderBy('id').execute()).map((r) => r.action);

  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_PASSWORD, OPERATOR_IDLE_MINUTES: IDLE_MINUTES });
    const res = await login(OPERATOR_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    token = http.operatorLogin.response.parse(res.json().value).token;
  });
  afterAll(async () => t.close());

  describe('sign-in', () => {
    it('signs the seeded operator in with the configured password for 12 hours', async () => {
      const started = Date.now();
      const res = await login(OPERATOR_PASSWORD);
      expect(res.statusCode).toBe(200);
      const session = http.operatorLogin.response.parse(res.json().value);
      expect(session.operator).toMatchObject({ username: SEED_OPERATOR, role: 'admin' });
      expect(session.token.length).toBeGreaterThanOrEqual(22);
      const hours = (Date.parse(session.expiresAt) - started) / 3_600_000;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThan(12.1);
      const stored = await t.ctx.db.selectFrom('operators').select('password_hash').where('username', '=', SEED_OPERATOR).executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a wrong password, a wrong authenticator code and an unknown operator alike, with a 401 envelope', async () => {
      const right = await operatorCode();
      const wrongCode = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
      for (const res of [await login('wrong-password'), await login(OPERATOR_PASSWORD, SEED_OPERATOR, wrongCode), await login(OPERATOR_PASSWORD, 'nobody')]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'INVALID_CREDENTIALS', message: expect.any(String), value: null });
      }
    });

    it('refuses a sign-in without the authenticator code, or with one that is not 6 digits, as bad input', async () => {
      for (const payload of [
        { username: SEED_OPERATOR, password: OPERATOR_PASSWORD },
        { username: SEED_OPERATOR, password: OPERATOR_PASSWORD, code: '12345' },
        { username: SEED_OPERATOR, password: OPERATOR_PASSWORD, code: 'abcdef' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/ops/session', payload, remoteAddress: nextAddress() });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', value: null });
      }
    });

    it('takes each authenticator code once: the same code again, or an older one, is refused as a wrong code', async () => {
      const secret = generateSecret();
      await t.ctx.db.insertInto('operators').values({ username: 'day-shift', password_hash: await hashPassword(OPERATOR_PASSWORD), role: 'admin', totp_secret: secret }).execute();
      const signIn = async (code: string) =>
        t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: 'day-shift', password: OPERATOR_PASSWORD, code }, remoteAddress: nextAddress() });
      await waitForCodePeriod();
      const now = await operatorCode(secret);
      expect((await signIn(now)).statusCode).toBe(200);
      const again = await signIn(now);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS', value: null });
      // The next period's code (a phone clock a little ahead) is newer, so it signs in once too; after it, the current code is older.
      expect((await signIn(await operatorCode(secret, 1))).statusCode).toBe(200);
      expect((await signIn(await operatorCode(secret, 1))).statusCode).toBe(401);
      expect((await signIn(now)).statusCode).toBe(401);
      const sessions = await t.ctx.db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select('token_hash')
        .where('operators.username', '=', 'day-shift')
        .execute();
      expect(sessions).toHaveLength(2);
    });

    it('refuses an operator with no authenticator enrolled, even with the right password', async () => {
      await t.ctx.db.insertInto('operators').values({ username: 'unenrolled', password_hash: await hashPassword(OPERATOR_PASSWORD), role: 'admin', totp_secret: null }).execute();
      const res = await login(OPERATOR_PASSWORD, 'unenrolled');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    });

    it('locks an operator name after 5 failures, refuses the right password and code while locked, and another operator lifts the lock', async () => {
      const secret = generateSecret();
      await t.ctx.db.insertInto('operators').values({ username: 'night-shift', password_hash: await hashPassword(OPERATOR_PASSWORD), role: 'admin', totp_secret: secret }).execute();
      const replies = [];
      for (let i = 0; i < OPERATOR_LOGIN_RULES.lockAfterFailures; i += 1) replies.push(await login('wrong-password', 'night-shift'));
      expect(replies.map((r) => `${r.statusCode} ${r.json().code}`)).toEqual([
        ...Array.from({ length: OPERATOR_LOGIN_RULES.lockAfterFailures - 1 }, () => '401 INVALID_CREDENTIALS'),
        '423 ACCOUNT_LOCKED',
      ]);
      const refused = await login(OPERATOR_PASSWORD, 'night-shift', await operatorCode(secret));
      expect(refused.statusCode).toBe(423);
      expect(refused.json()).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED', value: null });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(25 * 60);

      const locks = http.opsAccessLocks.response.parse((await ops('GET', '/ops/access-locks')).json().value);
      expect(locks.map((l) => l.subject)).toContain('operator:night-shift');
      expect(await auditActions()).toContain('operator.locked');
      expect((await ops('DELETE', `/ops/access-locks?subject=${encodeURIComponent('operator:night-shift')}`)).statusCode).toBe(200);
      const after = await login(OPERATOR_PASSWORD, 'night-shift', await operatorCode(secret));
      expect(after.statusCode, after.body).toBe(200);
      expect(after.json().value.operator).toMatchObject({ username: 'night-shift' });
    });

    it('answers every operator call without a token with 401', async () => {
      const calls = Object.values(http).filter((def) => def.token === 'operator');
      expect(calls.length).toBeGreaterThanOrEqual(7);
      for (const def of calls) {
        const res = await t.app.inject({ method: def.method, url: def.path });
        expect(res.statusCode, `${def.method} ${def.path}`).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
      }
    });

    it("refuses a player's token on operator calls", async () => {
      const member = await insertMemberWithSession(t.ctx);
      const res = await t.app.inject({ method: 'GET', url: '/ops/system/status', headers: { authorization: `Bearer ${member.token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('ends the session at logout, and refuses an expired session', async () => {
      const session = http.operatorLogin.response.parse((await login(OPERATOR_PASSWORD)).json().value);
      const headers = { authorization: `Bearer ${session.token}` };
      expect((await t.app.inject({ method: 'DELETE', url: '/ops/session', headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/ops/system/status', headers })).statusCode).toBe(401);

      const other = http.operatorLogin.response.parse((await login(OPERATOR_PASSWORD)).json().value);
      await t.ctx.db.updateTable('operator_sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(other.token)).execute();
      expect((await t.app.inject({ method: 'GET', url: '/ops/system/status', headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(401);
    });

    it(`ends a session left idle for OPERATOR_IDLE_MINUTES (${IDLE_MINUTES}), while each call keeps a used one alive`, async () => {
      const session = http.operatorLogin.response.parse((await login(OPERATOR_PASSWORD)).json().value);
      const headers = { authorization: `Bearer ${session.token}` };
      const idleFor = (minutes: number) =>
        t.ctx.db
          .updateTable('operator_sessions')
          .set({ last_seen_at: new Date(Date.now() - minutes * 60_000) })
          .where('token_hash', '=', hashToken(session.token))
          .execute();
      await idleFor(IDLE_MINUTES - 1);
      expect((await t.app.inject({ method: 'GET', url: '/ops/system/status', headers })).statusCode).toBe(200);
      // That call counted as use: the session is fresh again.
      const seen = await t.ctx.db.selectFrom('operator_sessions').select('last_seen_at').where('token_hash', '=', hashToken(session.token)).executeTakeFirstOrThrow();
      expect(Date.now() - new Date(seen.last_seen_at).getTime()).toBeLessThan(60_000);
      await idleFor(IDLE_MINUTES + 1);
      const ended = await t.app.inject({ method: 'GET', url: '/ops/system/status', headers });
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    });
    it('records a used session at most once a minute: two calls within a minute write its row once', async () => {
      const session = http.operatorLogin.response.parse((await login(OPERATOR_PASSWORD)).json().value);
      const headers = { authorization: `Bearer ${session.token}` };
      const row = t.ctx.db.selectFrom('operator_sessions').where('token_hash', '=', hashToken(session.token));
      // xmin is the id of the transaction that last wrote the row: it moves with every UPDATE, and only then.
      const version = async () => (await row.select(sql<string>`xmin::text`.as('xmin')).executeTakeFirstOrThrow()).xmin;
      const lastSeen = async () => new Date((await row.select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at).getTime();
      await t.ctx.db.updateTable('operator_sessions').set({ last_seen_at: new Date(Date.now() - 2 * 60_000) }).where('token_hash', '=', hashToken(session.token)).execute();
      const stale = await version();

      expect((await t.app.inject({ method: 'GET', url: '/ops/system/status', headers })).statusCode).toBe(200);
      const afterFirst = await version();
      expect(afterFirst).not.toBe(stale);
      expect(Date.now() - (await lastSeen())).toBeLessThan(60_000);
      const recorded = await lastSeen();

      expect((await t.app.inject({ method: 'GET', url: '/ops/system/status', headers })).statusCode).toBe(200);
      expect(await version()).toBe(afterFirst);
      expect(await lastSeen()).toBe(recorded);
    });
  });

  describe('maintenance and region blocks', () => {
    it('[SHELL-46] [SHELL-47] status moves 0 → 2 → 1 → 1 → 0 as the operator changes blocks and maintenance, without a restart', async () => {
      expect(await status()).toMatchObject({ status: 0, maintenance: false, regionRestriction: false, ip: '127.0.0.1' });

      const added = await ops('POST', '/ops/region-blocks', { kind: 'cidr', value: '127.0.0.1/32', note: 'test block' });
      expect(added.statusCode, added.body).toBe(200);
      const block = http.opsAddRegionBlock.response.parse(added.json().value);
      expect(await status()).toMatchObject({ status: 2, maintenance: false, regionRestriction: true });
      const permission = (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value;
      expect(permission).toMatchObject({ regionRestriction: true, maintenance: false, location: { ip: '127.0.0.1' } });

      expect((await ops('PUT', '/ops/system/maintenance', { on: true })).json().value).toEqual({ maintenance: true, regionBlockCount: 1 });
      // Maintenance wins over region restriction.
      expect(await status()).toMatchObject({ status: 1, maintenance: true, regionRestriction: true });

      const removed = await ops('DELETE', `/ops/region-blocks?id=${block.id}`);
      expect(removed.json().value).toMatchObject({ id: block.id, kind: 'cidr', value: '127.0.0.1/32' });
      expect(await status()).toMatchObject({ status: 1, maintenance: true, regionRestriction: false });

      await ops('PUT', '/ops/system/maintenance', { on: false });
      expect(await status()).toMatchObject({ status: 0, maintenance: false, regionRestriction: false });
      expect((await ops('GET', '/ops/system/status')).json().value).toEqual({ maintenance: false, regionBlockCount: 0 });
    });

    it('lists region blocks, normalises country codes and refuses a duplicate with 409 and no audit row', async () => {
      const res = await ops('POST', '/ops/region-blocks', { kind: 'country', value: 'us' });
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toMatchObject({ kind: 'country', value: 'US', note: '' });
      const auditBefore = (await auditActions()).length;
      const again = await ops('POST', '/ops/region-blocks', { kind: 'country', value: 'US' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT' });
      expect((await auditActions()).length).toBe(auditBefore);
      const list = http.opsRegionBlocks.response.parse((await ops('GET', '/ops/region-blocks')).json().value);
      expect(list.map((b) => `${b.kind}:${b.value}`)).toEqual(['country:US']);
      await ops('DELETE', `/ops/region-blocks?id=${list[0]!.id}`);
    });

    it('validates region blocks: a CIDR range or a 2-letter country, nothing else', async () => {
      for (const payload of [
        { kind: 'cidr', value: '127.0.0.1' },
        { kind: 'cidr', value: '300.1.1.1/24' },
        { kind: 'cidr', value: '10.0.0.0/33' },
        { kind: 'country', value: 'USA' },
        { kind: 'country', value: '1A' },
        { kind: 'asn', value: 'AS13335' },
        { kind: 'country', value: 'VN', note: 'n'.repeat(201) },
      ]) {
        const res = await ops('POST', '/ops/region-blocks', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', value: null });
      }
      const v6 = await ops('POST', '/ops/region-blocks', { kind: 'cidr', value: '2001:DB8::/32' });
      expect(v6.json().value).toMatchObject({ kind: 'cidr', value: '2001:db8::/32' });
      await ops('DELETE', `/ops/region-blocks?id=${v6.json().value.id}`);
    });

    it('answers removing an unknown block with 404', async () => {
      const res = await ops('DELETE', '/ops/region-blocks?id=999999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });
  });

  describe('audit log', () => {
    it('records each operator action, newest first, in pages', async () => {
      const actions = await auditActions();
      expect(actions).toEqual(expect.arrayContaining(['operator.login', 'operator.logout', 'system.maintenance', 'region.block.add', 'region.block.remove']));
      const page1 = http.opsAuditLog.response.parse((await ops('GET', '/ops/audit-log?pageNo=1&pageSize=3')).json().value);
      expect(page1.total).toBe(actions.length);
      expect(page1.totalPages).toBe(Math.ceil(actions.length / 3));
      expect(page1.list).toHaveLength(3);
      expect(page1.list.map((e) => e.id)).toEqual([...page1.list.map((e) => e.id)].sort((a, b) => b - a));
      const page2 = http.opsAuditLog.response.parse((await ops('GET', '/ops/audit-log?pageNo=2&pageSize=3')).json().value);
      expect(page2.list[0]!.id).toBeLessThan(page1.list[2]!.id);
    });

    it('stores who did what from where', async () => {
      const row = await t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'region.block.add').orderBy('id').executeTakeFirstOrThrow();
      const operator = await t.ctx.db.selectFrom('operators').select('id').where('username', '=', SEED_OPERATOR).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ actor_kind: 'operator', actor_id: String(operator.id), ip: '127.0.0.1' });
      expect(row.detail).toMatchObject({ kind: 'cidr', value: '127.0.0.1/32', note: 'test block' });
    });

    it('refuses UPDATE and DELETE on the audit table', async () => {
      await expect(t.ctx.db.updateTable('audit_log').set({ action: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
      await expect(t.ctx.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
      expect(await auditActions()).not.toContain('rewritten');
    });
  });

  it('[SHELL-46] pushes the new maintenance flag to connected sockets', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const member = await insertMemberWithSession(t.ctx);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(`http://127.0.0.1:${port}`, {
      auth: { token: member.token },
      transports: ['websocket'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const pushes: ServerEventPayload<'system:status'>[] = [];
      socket.on('system:status', (p) => pushes.push(p));
      const received = new Promise<void>((resolve) => socket.on('system:status', () => pushes.length === 2 && resolve()));
      await ops('PUT', '/ops/system/maintenance', { on: true });
      await ops('PUT', '/ops/system/maintenance', { on: false });
      await received;
      expect(pushes.map((p) => p.maintenance)).toEqual([true, false]);
      expect(pushes[0]).toMatchObject({ eventId: expect.any(Number), at: expect.any(String) });
    } finally {
      socket.close();
    }
  });
});

describe('operator sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After once one address tries too often, other addresses unaffected', async () => {
    // A new name each time, so the operator-name lock (5 failures) does not answer first.
    let tries = 0;
    const attempt = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: `guess${(tries += 1)}`, password: 'guess', code: '123456' }, remoteAddress });
    for (let i = 0; i < 10; i += 1) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
    const limited = await attempt('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', value: null });
    expect((await attempt('203.0.113.8')).statusCode).toBe(401);
  });
});

describe('country blocks', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ GEO_COUNTRY_HEADER: 'CF-IPCountry' }); });
  afterAll(async () => t.close());

  it('[SHELL-46] a blocked country, read from the configured CDN header, gets status 2', async () => {
    const { token } = http.operatorLogin.response.parse(
      (await t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: SEED_OPERATOR, password: t.ctx.config.OPERATOR_PASSWORD, code: await operatorCode() } })).json().value,
    );
    await t.app.inject({ method: 'POST', url: '/ops/region-blocks', headers: { authorization: `Bearer ${token}` }, payload: { kind: 'country', value: 'fr' } });
    const from = async (country: string) =>
      (await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'cf-ipcountry': country } })).json().value.status;
    expect(await from('FR')).toBe(2);
    expect(await from('VN')).toBe(0);
  });
});
