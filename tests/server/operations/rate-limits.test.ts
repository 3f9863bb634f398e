import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_PER_MINUTE, DEFAULT_ROUTE_PER_MINUTE } from '@server/http/route-limits';
import { insertMemberWithSession } from '../../helpers/direct-member';
import { createTestApp, type TestApp } from '../../helpers/test-app';

// Many players behind one carrier NAT share one public address.
const NAT_ADDRESS = '198.51.100.20';

describe('rate limits at the production defaults: a lobby behind one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { RATE_LIMIT_ROUTE_PER_MINUTE: String(DEFAULT_ROUTE_PER_MINUTE), RATE_LIMIT_ACCOUNT_PER_MINUTE: String(DEFAULT_ACCOUNT_PER_MINUTE) });
  });
  afterAll(async () => t.close());

  it('lets one address load the lobby more than a thousand times a minute, and sign in beside it', async () => {
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // What a few hundred players opening the home page send: menus, status and permission, one after the other.
    for (let i = 0; i < 400; i += 1) {
      for (const url of ['/lgw/games/game_menus', '/wps/system/status', '/wps/system/permission']) {
        count((await t.app.inject({ method: 'GET', url, remoteAddress: NAT_ADDRESS })).statusCode);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1200 });
    // The sign-in limit is its own bucket: the lobby traffic did not use it up.
    const login = await t.app.inject({ method: 'POST', url: '/wps/session/login', payload: {}, remoteAddress: NAT_ADDRESS });
    expect(login.statusCode).not.toBe(429);
  });
});

describe('rate limits per route and per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { RATE_LIMIT_ROUTE_PER_MINUTE: '8', RATE_LIMIT_ACCOUNT_PER_MINUTE: '3' });
  });
  afterAll(async () => t.close());

  it('counts each route apart for one address: a busy route does not block the others', async () => {
    const address = '198.51.100.30';
    const status = () => t.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: address });
    for (let i = 0; i < 8; i += 1) expect((await status()).statusCode).toBe(200);
    const limited = await status();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', value: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/lgw/games/game_menus', remoteAddress: address })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress: '198.51.100.31' })).statusCode).toBe(200);
  });

  it('counts each signed-in account apart, so players behind one address do not use up each other’s calls', async () => {
    const [busy, neighbour] = [await insertMemberWithSession(t.ctx), await insertMemberWithSession(t.ctx)];
    const balance = (token: string) =>
      t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { authorization: `Bearer ${token}` }, remoteAddress: NAT_ADDRESS });
    for (let i = 0; i < 3; i += 1) expect((await balance(busy.token)).statusCode).toBe(200);
    const limited = await balance(busy.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Same address, another account: its own allowance. Same account, another route: that route's allowance.
    expect((await balance(neighbour.token)).statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: `Bearer ${busy.token}` }, remoteAddress: NAT_ADDRESS });
    expect(info.statusCode).toBe(200);
  });

  it('keeps the tight sign-in limit per address whatever the general ones are', async () => {
    // A new name each time, so the operator-name lock (5 failures) does not answer first.
    let tries = 0;
    const attempt = () => {
      tries += 1;
      return t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: `guess${tries}`, password: 'guess', code: '123456' }, remoteAddress: '198.51.100.40' });
    };
    for (let i = 0; i < 10; i += 1) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });
});
