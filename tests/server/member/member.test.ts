import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_OPERATOR } from '@server/seed/seed';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshMobile, NEW_PASSWORD, setFlag, startAccountsApp } from '../../helpers/accounts-kit';
import { operatorCode } from '../../helpers/operator-code';

const freePlay = async (c: Caller) =>
  c.call('POST', '/wps/session/login/freeplay', { body: { os: 'web', platform: 'W', gatewayVersion: 3, botCheck: await c.botCheck() } });

describe('free play, member info and icon, captcha, bot-check and the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  it('[API-15][AUTH-42][AUTH-43][AUTH-16] free play creates a trial account (type 4) and logs it in', async () => {
    const c = new Caller(t);
    const res = await freePlay(c);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ mustChangePassword: false, userInfo: { type: 4, isTrial: true, isAgent: false } });
    c.token = res.body.value.token;
    const info = await c.call('GET', '/wps/member/info');
    expect(info.body.value).toMatchObject({ type: 4, isTrial: true, account: res.body.value.userInfo.account });
    const other = await freePlay(new Caller(t));
    expect(other.body.value.userInfo.account).not.toBe(res.body.value.userInfo.account);
  });

  it('[ERR-06][AUTH-47] a trial account is refused real-account actions with TRIAL_ACCOUNT', async () => {
    const c = new Caller(t);
    c.token = (await freePlay(c)).body.value.token;
    const attempts = [
      await c.call('POST', '/wps/member/password', { encrypted: true, body: { oldPassword: 'x', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD } }),
      await c.call('PUT', '/wps/member/info/icon', { body: { iconId: 3 } }),
      await c.call('POST', '/wps/member/totp/setup'),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('TRIAL_ACCOUNT');
    }
  });

  it('[AUTH-33] free play needs a bot-check, and one IP opens at most 5 trial accounts an hour', async () => {
    const c = new Caller(t);
    const noCheck = await c.call('POST', '/wps/session/login/freeplay', { body: { os: 'web' } });
    expect(noCheck.body.code).toBe('BOT_CHECK_REQUIRED');
    for (let i = 0; i < 5; i += 1) expect((await freePlay(c)).status).toBe(200);
    const sixth = await freePlay(c);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBe('300');
  });

  it('[AUTH-42][ERR-14] free play is refused while FREEPLAY3 is off', async () => {
    await setFlag(t.ctx, 'FREEPLAY3', false);
    try {
      const res = await freePlay(new Caller(t));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlag(t.ctx, 'FREEPLAY3', true);
    }
  });

  it('[API-17] the avatar icon is read and chosen; an icon outside 1..12 is VALIDATION', async () => {
    const c = new Caller(t);
    await c.login('demo', DEMO_PASSWORD);
    expect((await c.call('GET', '/wps/member/info/icon')).body.value).toEqual({ iconId: 1 });
    expect((await c.call('PUT', '/wps/member/info/icon', { body: { iconId: 7 } })).body.value).toEqual({ iconId: 7 });
    expect((await c.call('GET', '/wps/member/info/icon')).body.value).toEqual({ iconId: 7 });
    expect((await c.call('GET', '/wps/member/info')).body.value.iconId).toBe(7);
    const bad = await c.call('PUT', '/wps/member/info/icon', { body: { iconId: 13 } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
  });

  it('[API-16] the captcha is a base64 PNG with an id; only a hash of its answer is stored', async () => {
    const res = await new Caller(t).call('GET', '/wps/captcha');
    expect(res.status).toBe(200);
    const png = Buffer.from(res.body.value.image, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const row = await t.ctx.db.selectFrom('captchas').selectAll().where('id', '=', res.body.value.captchaId).executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('[AUTH-33] the bot-check challenge is a signed altcha challenge that expires', async () => {
    const res = await new Caller(t).call('GET', '/wps/verification/challenge');
    expect(res.status).toBe(200);
    expect(res.body.value.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.value.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it('the operator reads the dev outbox, and the read is audited; a member token is not enough', async () => {
    const mobile = freshMobile();
    const c = new Caller(t);
    await c.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: '84', mobileNo: mobile, botCheck: await c.botCheck() } });
    const login = await c.call('POST', '/ops/session', { body: { username: SEED_OPERATOR, password: t.ctx.config.OPERATOR_PASSWORD, code: await operatorCode() } });
    const operatorToken = login.body.value.token as string;
    const outbox = await c.call('GET', '/ops/outbox', { token: operatorToken, query: { channel: 'sms', recipient: `84${mobile}` } });
    expect(outbox.status).toBe(200);
    expect(outbox.body.value).toHaveLength(1);
    expect(outbox.body.value[0]).toMatchObject({ channel: 'sms', recipient: `84${mobile}`, body: expect.stringMatching(/\b\d{6}\b/) });
    const audit = await t.ctx.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'outbox.read').execute();
    expect(audit.at(-1)?.detail).toMatchObject({ channel: 'sms', recipient: `84${mobile}`, count: 1 });
    const member = new Caller(t);
    await member.login('demo', DEMO_PASSWORD);
    expect((await member.call('GET', '/ops/outbox')).status).toBe(401);
  });
});
