import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_RULES } from '@server/services/auth/sms-codes';
import type { TestApp } from '../../helpers/test-app';
import { Caller, freshMobile, lastSmsCode, registerPlayer, setFlag, startAccountsApp } from '../../helpers/accounts-kit';

const smsRegister = async (c: Caller, mobileNo: string, countryDialingCode = '84') =>
  c.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode, mobileNo, botCheck: await c.botCheck() } });
const smsNoLogin = async (c: Caller, mobileNum: string, countryDialingCode = '84') =>
  c.call('POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode, mobileNum, botCheck: await c.botCheck() } });
const smsLogin = (c: Caller, mobileNum: string, verificationCode: string) =>
  c.call('POST', '/wps/session/login', { encrypted: true, body: { type: 'sms', mobileNum, countryDialingCode: '84', verificationCode } });

/** Makes the newest codes of a number look sent long ago, as if the clock had moved on. */
const ageCodes = async (t: TestApp, mobileNum: string, seconds: number) => {
  const shift = (d: Date) => new Date(new Date(d).getTime() - seconds * 1000);
  const rows = await t.ctx.db.selectFrom('sms_codes').select(['id', 'created_at', 'expires_at']).where('mobile_num', '=', mobileNum).execute();
  for (const r of rows) {
    await t.ctx.db.updateTable('sms_codes').set({ created_at: shift(r.created_at), expires_at: shift(r.expires_at) }).where('id', '=', r.id).execute();
  }
};

describe('SMS codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  it('[API-23][AUTH-30] a registration code is sent to the outbox and the reply carries expiredMinutes', async () => {
    const mobile = freshMobile();
    const res = await smsRegister(new Caller(t), mobile);
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ expiredMinutes: t.ctx.config.SMS_CODE_MINUTES });
    expect(t.ctx.config.SMS_CODE_MINUTES).toBe(5);
    expect(await lastSmsCode(t.ctx, `84${mobile}`)).toMatch(/^\d{6}$/);
  });

  it('[ERR-08] a missing phone number is PHONE_MISSING', async () => {
    const res = await smsRegister(new Caller(t), '');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PHONE_MISSING');
  });

  it('[ERR-07] a malformed number or an unknown country is PHONE_INVALID, with the field and its message key', async () => {
    const letters = await smsRegister(new Caller(t), '90abc1234');
    expect(letters.body).toMatchObject({ code: 'PHONE_INVALID', details: [{ field: 'mobileNum', key: 'validation:mobileNumInvalid' }] });
    const short = await smsRegister(new Caller(t), '123');
    expect(short.body).toMatchObject({ code: 'PHONE_INVALID', details: [{ field: 'mobileNum', key: 'validation:mobileNumLength', params: { min: 9, max: 11 } }] });
    const country = await smsRegister(new Caller(t), freshMobile(), '999');
    expect(country.body).toMatchObject({ code: 'PHONE_INVALID', details: [{ field: 'countryDialingCode' }] });
  });

  it('[ERR-09] a number waits between codes: 429 with Retry-After', async () => {
    const mobile = freshMobile();
    expect((await smsRegister(new Caller(t), mobile)).status).toBe(200);
    const again = await smsRegister(new Caller(t), mobile);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('TOO_MANY_REQUESTS');
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(t.ctx.config.SMS_NUMBER_COOLDOWN_SECONDS);
  });

  it('[ERR-09] one IP waits between codes, whatever the number', async () => {
    const c = new Caller(t);
    expect((await smsRegister(c, freshMobile())).status).toBe(200);
    const other = await smsRegister(c, freshMobile());
    expect(other.status).toBe(429);
    expect(other.body.code).toBe('TOO_MANY_REQUESTS');
  });

  it('[ERR-13] a number has a daily cap: past it, SMS_QUOTA_EXCEEDED tells the user to contact customer service', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < SMS_RULES.numberDailyCap; i += 1) {
      expect((await smsRegister(new Caller(t), mobile)).status).toBe(200);
      await ageCodes(t, mobile, t.ctx.config.SMS_NUMBER_COOLDOWN_SECONDS);
    }
    const over = await smsRegister(new Caller(t), mobile);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('SMS_QUOTA_EXCEEDED');
  });

  it('[ERR-14] with SMS verification off the registration code is FEATURE_DISABLED', async () => {
    await setFlag(t.ctx, 'REGMOBVERF3', false);
    try {
      const res = await smsRegister(new Caller(t), freshMobile());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlag(t.ctx, 'REGMOBVERF3', true);
    }
  });

  it('[API-23] a number that is already registered gets no registration code', async () => {
    const c = new Caller(t);
    const { mobileNum } = await registerPlayer(c);
    await ageCodes(t, mobileNum, t.ctx.config.SMS_NUMBER_COOLDOWN_SECONDS);
    const res = await smsRegister(new Caller(t), mobileNum);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('MOBILE_TAKEN');
  });

  it('[API-05][API-04][AUTH-32] login by SMS: the code from /sms/noLogin logs the owner of the number in, once', async () => {
    const home = new Caller(t);
    const { mobileNum, username } = await registerPlayer(home);
    await ageCodes(t, mobileNum, t.ctx.config.SMS_NUMBER_COOLDOWN_SECONDS);
    const c = new Caller(t);
    const sent = await smsNoLogin(c, mobileNum);
    expect(sent.body.value).toEqual({ expiredMinutes: t.ctx.config.SMS_CODE_MINUTES });
    const code = await lastSmsCode(t.ctx, `84${mobileNum}`);
    const res = await smsLogin(c, mobileNum, code);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ userInfo: { account: username }, mustChangePassword: false });
    const reused = await smsLogin(c, mobileNum, code);
    expect(reused.body.code).toBe('SMS_CODE_INVALID');
  });

  it('[ERR-02] /sms/noLogin sends nothing to a number no account uses', async () => {
    const res = await smsNoLogin(new Caller(t), freshMobile());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
  });

  it('[ERR-11] a wrong code is SMS_CODE_INVALID, and five wrong tries kill the code', async () => {
    const { mobileNum } = await registerPlayer(new Caller(t));
    await ageCodes(t, mobileNum, t.ctx.config.SMS_NUMBER_COOLDOWN_SECONDS);
    const c = new Caller(t);
    await smsNoLogin(c, mobileNum);
    const code = await lastSmsCode(t.ctx, `84${mobileNum}`);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_RULES.maxAttempts; i += 1) {
      const res = await smsLogin(c, mobileNum, wrong);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SMS_CODE_INVALID');
    }
    expect((await smsLogin(c, mobileNum, code)).body.code).toBe('SMS_CODE_INVALID');
    expect((await smsLogin(c, mobileNum, '')).body.code).toBe('SMS_CODE_INVALID');
  });

  it('[ERR-15] an expired code is SMS_CODE_EXPIRED: send it again', async () => {
    const { mobileNum } = await registerPlayer(new Caller(t));
    await ageCodes(t, mobileNum, t.ctx.config.SMS_NUMBER_COOLDOWN_SECONDS);
    const c = new Caller(t);
    await smsNoLogin(c, mobileNum);
    const code = await lastSmsCode(t.ctx, `84${mobileNum}`);
    await ageCodes(t, mobileNum, t.ctx.config.SMS_CODE_MINUTES * 60 + 1);
    const res = await smsLogin(c, mobileNum, code);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SMS_CODE_EXPIRED');
  });

  it('[ERR-14][AUTH-50] with SMS login off, the sms login type is FEATURE_DISABLED', async () => {
    await setFlag(t.ctx, 'SMSLOGIN3', false);
    try {
      const res = await smsLogin(new Caller(t), freshMobile(), '123456');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlag(t.ctx, 'SMSLOGIN3', true);
    }
  });
});

describe('the HTTP SMS provider (SMS_HTTP_URL)', () => {
  let t: TestApp;
  let gateway: Server;
  const received: { authorization: string | undefined; body: { to: string; message: string } }[] = [];
  /** What the gateway answers next. */
  let answer = 200;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    gateway = createServer(async (req, res) => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(await readBody(req)) });
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    t = await startAccountsApp({ SMS_HTTP_URL: url, SMS_HTTP_TOKEN: 'gateway-token' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('[API-23] sends the code to the gateway with its token, not to the outbox', async () => {
    answer = 200;
    const mobile = freshMobile();
    expect((await smsRegister(new Caller(t), mobile)).status).toBe(200);
    const last = received.at(-1)!;
    expect(last.authorization).toBe('Bearer gateway-token');
    expect(last.body.to).toBe(`+84${mobile}`);
    expect(last.body.message).toMatch(/\b\d{6}\b/);
    const outbox = await t.ctx.db.selectFrom('outbox').select('id').where('recipient', '=', `84${mobile}`).execute();
    expect(outbox).toHaveLength(0);
  });

  it('[ERR-13] a gateway out of quota gives SMS_QUOTA_EXCEEDED', async () => {
    answer = 402;
    const res = await smsRegister(new Caller(t), freshMobile());
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('SMS_QUOTA_EXCEEDED');
  });

  it('[ERR-10][ERR-17] a failing gateway gives SMS_SEND_FAILED with a message to show, and the unsent code never verifies', async () => {
    answer = 500;
    const mobile = freshMobile();
    const res = await smsRegister(new Caller(t), mobile);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('SMS_SEND_FAILED');
    expect(res.body.message).not.toBe('');
    const live = await t.ctx.db.selectFrom('sms_codes').select('id').where('mobile_num', '=', mobile).where('consumed_at', 'is', null).execute();
    expect(live).toHaveLength(0);
  });
});
