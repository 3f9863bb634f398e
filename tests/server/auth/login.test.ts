import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_OPERATOR } from '@server/seed/seed';
import { issueCaptcha } from '@server/services/auth/captcha';
import { DEFAULT_INITIAL_PASSWORD } from '@server/services/auth/passwords';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshIp, NEW_PASSWORD, registerPlayer, setFlag, startAccountsApp } from '../../helpers/accounts-kit';
import { operatorCode } from '../../helpers/operator-code';

describe('login by username and password', () => {
  let t: TestApp;
  /** The demo accounts' own address: their first login registers it, so later ones need no second factor. */
  const home = freshIp();
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  it('[API-04][AUTH-05][AUTH-14] the demo player logs in with an encrypted payload: a token and user info, never a password', async () => {
    const c = new Caller(t, home);
    const res = await c.login('demo', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
      passwordIsDefault: false,
      mustChangePassword: false,
      userInfo: { userName: 'demo', account: 'demo', type: 0, isAgent: false, isTrial: false },
    });
    expect(res.body.value.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(JSON.stringify(res.body)).not.toContain(DEMO_PASSWORD);
    const again = await new Caller(t, c.ip).login('DEMO', `  ${DEMO_PASSWORD} `);
    expect(again.status).toBe(200);
    expect(again.body.value.firstTimeLogin).toBe(false);
  });

  it('[API-07][AUTH-09][AUTH-16] member info loads with the token', async () => {
    const c = new Caller(t, home);
    await c.login('agent', 'Agent#2026pass');
    const info = await c.call('GET', '/wps/member/info');
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ account: 'agent', nickname: 'Demo Agent', type: 1, isAgent: true, isTrial: false, iconId: 1 });
  });

  it('[ERR-01][VAL-33] a login without username or password is refused with VALIDATION', async () => {
    const c = new Caller(t);
    for (const credentials of [{ username: '', password: 'x' }, { username: 'demo', password: '   ' }]) {
      const res = await c.call('POST', '/wps/session/login', { encrypted: true, body: { type: 'username', botCheck: await c.botCheck(), ...credentials } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
  });

  it('[AUTH-33][VAL-56] a username login without a completed bot-check is refused', async () => {
    const res = await new Caller(t).call('POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username: 'demo', password: DEMO_PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BOT_CHECK_REQUIRED');
  });

  it('[ERR-12] a bot-check solution is accepted once, and a forged one never', async () => {
    const c = new Caller(t, home);
    const botCheck = await c.botCheck();
    const body = { type: 'username', username: 'demo', password: DEMO_PASSWORD, botCheck };
    expect((await c.call('POST', '/wps/session/login', { encrypted: true, body })).status).toBe(200);
    const replay = await c.call('POST', '/wps/session/login', { encrypted: true, body });
    expect(replay.body.code).toBe('BOT_CHECK_FAILED');
    const forged = JSON.parse(Buffer.from(await c.botCheck(), 'base64').toString());
    forged.solution.derivedKey = forged.solution.derivedKey.replace(/^./, (ch: string) => (ch === '0' ? '1' : '0'));
    const res = await c.call('POST', '/wps/session/login', {
      encrypted: true,
      body: { ...body, botCheck: Buffer.from(JSON.stringify(forged)).toString('base64') },
    });
    expect(res.body.code).toBe('BOT_CHECK_FAILED');
    const garbage = await c.call('POST', '/wps/session/login', { encrypted: true, body: { ...body, botCheck: 'not-a-payload' } });
    expect(garbage.body.code).toBe('BOT_CHECK_FAILED');
  });

  it('an unencrypted body on the encrypted call is BAD_ENVELOPE', async () => {
    const res = await new Caller(t).call('POST', '/wps/session/login', { body: { type: 'username', username: 'demo', password: DEMO_PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_ENVELOPE');
  });

  it('[AUTH-10][API-16] after 3 failures the failure carries the captcha flag, and the next login needs a right, single-use captcha', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, c.ip));
    const flags: unknown[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await c.login(username, 'Wrong#pass1');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
      flags.push(res.body.details);
    }
    expect(flags).toEqual([{ captchaRequired: false }, { captchaRequired: false }, { captchaRequired: true }]);

    const withoutCaptcha = await c.login(username, password);
    expect(withoutCaptcha.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', details: { captchaRequired: true } });

    const image = await c.call('GET', '/wps/captcha');
    expect(image.status).toBe(200);
    expect(Buffer.from(image.body.value.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const wrong = await c.login(username, password, { captchaId: image.body.value.captchaId, captcha: 'zzzz' });
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_INVALID', details: { captchaRequired: true } });

    const captcha = await issueCaptcha(t.ctx, c.ip);
    const ok = await c.login(username, password, { captchaId: captcha.captchaId, captcha: captcha.answer.toUpperCase() });
    expect(ok.status).toBe(200);
    const reused = await new Caller(t, c.ip).login(username, 'Wrong#pass1', { captchaId: captcha.captchaId, captcha: captcha.answer });
    expect(reused.body.code).toBe('CAPTCHA_INVALID');
  });

  it('[ERR-23] ten failures lock the account for a while: even the right password is refused, with Retry-After', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, c.ip));
    let last = await c.login(username, 'Wrong#pass1');
    for (let i = 1; i < 10; i += 1) {
      const captcha = await issueCaptcha(t.ctx, c.ip);
      last = await c.login(username, 'Wrong#pass1', { captchaId: captcha.captchaId, captcha: captcha.answer });
    }
    expect(last.status).toBe(423);
    expect(last.body.code).toBe('ACCOUNT_LOCKED');
    const blocked = await new Caller(t, c.ip).login(username, password);
    expect(blocked.body.code).toBe('ACCOUNT_LOCKED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('[ERR-23] twenty failures from one IP lock the IP until customer service unlocks it', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, c.ip));
    let last = await c.login('nobody-0', 'Wrong#pass1');
    for (let i = 1; i < 20; i += 1) {
      const captcha = await issueCaptcha(t.ctx, c.ip);
      last = await c.login(`nobody-${i}`, 'Wrong#pass1', { captchaId: captcha.captchaId, captcha: captcha.answer });
    }
    expect(last.body.code).toBe('IP_LOCKED');
    expect(last.status).toBe(423);
    expect((await new Caller(t, c.ip).login(username, password)).body.code).toBe('IP_LOCKED');
    // Customer service sees the lock and lifts it (ERR-23: unlocked via online customer service).
    const ops = new Caller(t);
    ops.token = (await ops.call('POST', '/ops/session', { body: { username: SEED_OPERATOR, password: t.ctx.config.OPERATOR_PASSWORD, code: await operatorCode() } })).body.value.token;
    const locks = await ops.call('GET', '/ops/access-locks');
    expect(locks.body.value).toContainEqual(expect.objectContaining({ subject: `ip:${c.ip}`, reason: 'failed logins' }));
    expect((await ops.call('DELETE', '/ops/access-locks', { query: { subject: `ip:${c.ip}` } })).status).toBe(200);
    expect((await new Caller(t, c.ip).login(username, password)).status).toBe(200);
  });

  it('[ERR-09] more than 30 login calls from one IP in 5 minutes get 429 with a Retry-After of at most 300 s', async () => {
    const c = new Caller(t);
    let res = await c.call('POST', '/wps/session/login', { body: {} });
    for (let i = 0; i < 30; i += 1) res = await c.call('POST', '/wps/session/login', { body: {} });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });

  it('[ERR-05][AUTH-48] the agent site admits agents only', async () => {
    const player = await new Caller(t, home).login('demo', DEMO_PASSWORD, { site: 'agent' });
    expect(player.status).toBe(403);
    expect(player.body.code).toBe('NOT_AGENT');
    const agent = await new Caller(t, home).login('agent', 'Agent#2026pass', { site: 'agent' });
    expect(agent.status).toBe(200);
    expect(agent.body.value.userInfo.isAgent).toBe(true);
  });

  it('[ERR-04][AUTH-48] an account that is no longer a member cannot log in', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(c);
    await t.ctx.db.updateTable('members').set({ status: 'closed' }).where('account', '=', username).execute();
    const res = await new Caller(t, c.ip).login(username, password);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_MEMBER');
  });

  it('[AUTH-07] the default initial password: the session may only change it, then it is a full session', async () => {
    const c = new Caller(t);
    const res = await c.login('newbie', DEFAULT_INITIAL_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ passwordIsDefault: true, mustChangePassword: true, remembered: false });
    expect(c.cookies.has('rw_remember')).toBe(false);
    const info = await c.call('GET', '/wps/member/info');
    expect(info.status).toBe(403);
    expect(info.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const change = await c.call('POST', '/wps/member/password', {
      encrypted: true,
      body: { oldPassword: DEFAULT_INITIAL_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(change.status).toBe(200);
    expect((await c.call('GET', '/wps/member/info')).status).toBe(200);
    const next = await new Caller(t, c.ip).login('newbie', NEW_PASSWORD);
    expect(next.body.value).toMatchObject({ passwordIsDefault: false, mustChangePassword: false, firstTimeLogin: false });
  });

  it('[AUTH-08] an expired password forces a change only while FORCECHNGPASS3 is on', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, c.ip));
    const longAgo = new Date(Date.now() - (t.ctx.config.PASSWORD_MAX_AGE_DAYS + 1) * 86_400_000);
    await t.ctx.db.updateTable('members').set({ password_changed_at: longAgo }).where('account', '=', username).execute();
    const enforced = await c.login(username, password);
    expect(enforced.body.value).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    await setFlag(t.ctx, 'FORCECHNGPASS3', false);
    try {
      const relaxed = await new Caller(t, c.ip).login(username, password);
      expect(relaxed.body.value).toMatchObject({ passwordExpired: true, mustChangePassword: false });
    } finally {
      await setFlag(t.ctx, 'FORCECHNGPASS3', true);
    }
  });

  const rememberLogin = (c: Caller) => c.call('POST', '/wps/session/login', { encrypted: true, body: { type: 'remember' } });

  it('[AUTH-12] remember-me sets a 1-day HttpOnly cookie, never a token in the body; it logs in once, is replaced, and dies with a password change', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, c.ip));
    const first = await c.login(username, password, { rememberMe: true });
    expect(first.body.value.remembered).toBe(true);
    expect(JSON.stringify(first.body)).not.toContain(c.cookies.get('rw_remember'));
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^rw_remember=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/wps/session');
    expect(setCookie).toContain('Max-Age=86400');
    const firstCookie = c.cookies.get('rw_remember')!;

    const byCookie = await rememberLogin(c);
    expect(byCookie.status).toBe(200);
    const replaced = c.cookies.get('rw_remember')!;
    expect(replaced).not.toBe(firstCookie);
    const stale = new Caller(t, c.ip);
    stale.cookies.set('rw_remember', firstCookie);
    expect((await rememberLogin(stale)).body.code).toBe('INVALID_CREDENTIALS');
    expect((await rememberLogin(new Caller(t, c.ip))).body.code).toBe('INVALID_CREDENTIALS');

    c.token = byCookie.body.value.token;
    await c.call('POST', '/wps/member/password', { encrypted: true, body: { oldPassword: password, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD } });
    expect((await rememberLogin(c)).body.code).toBe('INVALID_CREDENTIALS');
  });

  it('[AUTH-12][AUTH-17] logout revokes the remember-me token and clears its cookie', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, c.ip));
    await c.login(username, password, { rememberMe: true });
    const token = c.cookies.get('rw_remember')!;
    const out = await c.call('DELETE', '/wps/session/logout');
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^rw_remember=;.*Max-Age=0/);
    // Even a copy of the cookie kept elsewhere no longer logs in.
    const copy = new Caller(t, c.ip);
    copy.cookies.set('rw_remember', token);
    expect((await rememberLogin(copy)).body.code).toBe('INVALID_CREDENTIALS');
  });

  it('[AUTH-12] one remember-me token used twice at once logs in once', async () => {
    const c = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, c.ip));
    await c.login(username, password, { rememberMe: true });
    const token = c.cookies.get('rw_remember')!;
    const twins = [new Caller(t, c.ip), new Caller(t, c.ip)];
    twins.forEach((twin) => twin.cookies.set('rw_remember', token));
    const replies = await Promise.all(twins.map(rememberLogin));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('[ERR-03][API-01] a member call without a token is UNAUTHORIZED', async () => {
    const res = await new Caller(t).call('GET', '/wps/member/info');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('[API-22][AUTH-17] logout revokes the session on the server', async () => {
    const c = new Caller(t, home);
    await c.login('demo', DEMO_PASSWORD);
    expect((await c.call('GET', '/wps/member/info')).status).toBe(200);
    const out = await c.call('DELETE', '/wps/session/logout');
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ success: true, value: null });
    const after = await c.call('GET', '/wps/member/info');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_EXPIRED');
  });
});

describe('logout and the socket', () => {
  let t: TestApp;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startAccountsApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const connect = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connectSocket(base, { auth: { token }, transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  it('[API-22][AUTH-17] logout tells the session\'s own sockets and disconnects them; another session stays connected', async () => {
    const phone = new Caller(t);
    const laptop = new Caller(t, phone.ip);
    await phone.login('demo', DEMO_PASSWORD);
    await laptop.login('demo', DEMO_PASSWORD);
    const phoneSocket = await connect(phone.token!);
    const laptopSocket = await connect(laptop.token!);
    const told = new Promise<{ reason: string }>((resolve) => phoneSocket.once('session:revoked', resolve));
    const closed = new Promise<string>((resolve) => phoneSocket.once('disconnect', resolve));
    await phone.call('DELETE', '/wps/session/logout');
    expect((await told).reason).toBe('logout');
    expect(await closed).toBe('io server disconnect');
    expect(laptopSocket.connected).toBe(true);
  });

  it('[AUTH-07] a session that must change its password gets no socket until it has changed it', async () => {
    const c = new Caller(t);
    const restricted = await c.login('newbie', DEFAULT_INITIAL_PASSWORD);
    expect(restricted.body.value.mustChangePassword).toBe(true);
    await expect(connect(c.token!)).rejects.toThrow('PASSWORD_CHANGE_REQUIRED');
    const change = await c.call('POST', '/wps/member/password', {
      encrypted: true,
      body: { oldPassword: DEFAULT_INITIAL_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(change.status).toBe(200);
    expect((await connect(c.token!)).connected).toBe(true);
  });

  it('[AUTH-36] a password change disconnects the member\'s other sessions and keeps the one that changed it', async () => {
    const phone = new Caller(t);
    const { username, password } = await registerPlayer(new Caller(t, phone.ip));
    const laptop = new Caller(t, phone.ip);
    await phone.login(username, password);
    await laptop.login(username, password);
    // The laptop's session is in use (so this node has it cached) when the phone changes the password.
    expect((await laptop.call('GET', '/wps/member/info')).status).toBe(200);
    const laptopSocket = await connect(laptop.token!);
    const told = new Promise<{ reason: string }>((resolve) => laptopSocket.once('session:revoked', resolve));
    const change = await phone.call('POST', '/wps/member/password', {
      encrypted: true,
      body: { oldPassword: password, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(change.status).toBe(200);
    expect((await told).reason).toBe('password_changed');
    expect((await laptop.call('GET', '/wps/member/info')).body.code).toBe('SESSION_EXPIRED');
    expect((await phone.call('GET', '/wps/member/info')).status).toBe(200);
  });
});

describe('a fixed captcha text (tests and the path replay only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp({ CAPTCHA_FIXED_TEXT: 'AB12' });
  });
  afterAll(async () => t.close());

  it('[AUTH-10] draws every captcha with the set text, which then answers it as any captcha is answered', async () => {
    const c = new Caller(t);
    const image = await c.call('GET', '/wps/captcha');
    expect(image.status).toBe(200);
    expect(Buffer.from(image.body.value.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const captcha = await issueCaptcha(t.ctx, c.ip);
    expect(captcha.answer).toBe('AB12');
  });
});
