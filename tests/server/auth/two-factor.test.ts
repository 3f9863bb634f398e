import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, lastEmail, lastSmsCode, registerPlayer, startAccountsApp } from '../../helpers/accounts-kit';

const verify = (c: Caller, challengeId: string, method: string, code: string) =>
  c.call('POST', '/wps/session/login/twoFactor', { encrypted: true, body: { challengeId, method, code } });

describe('two-factor login from an IP outside the registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  /** A player registered (and so registered its IP) from `home`, with a mobile, an email and a real name. */
  const player = async () => {
    const home = new Caller(t);
    const registered = await registerPlayer(home, { email: `p${Date.now()}@example.com`, payeeName: 'Nguyen Van A' });
    return { home, ...registered, email: (await home.call('GET', '/wps/member/info')).body.value.email as string };
  };

  it('[AUTH-40] the registering IP logs in directly; another IP gets TWO_FACTOR_REQUIRED with the methods the member has', async () => {
    const { home, username, mobileNum } = await player();
    expect((await new Caller(t, home.ip).login(username, DEMO_PASSWORD)).status).toBe(200);
    const away = await new Caller(t).login(username, DEMO_PASSWORD);
    expect(away.status).toBe(401);
    expect(away.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(away.body.details).toMatchObject({
      challengeId: expect.any(String),
      methods: ['sms', 'email', 'bankAccountName'],
      maskedMobile: `+84 ${'•'.repeat(mobileNum.length - 3)}${mobileNum.slice(-3)}`,
      expiresInSeconds: 600,
    });
    expect(JSON.stringify(away.body)).not.toContain(mobileNum);
  });

  it('[AUTH-41] by SMS code: the session opens and the IP joins the registry', async () => {
    const { username, mobileNum } = await player();
    // The registration code was just sent to this number: let its cooldown pass.
    await t.ctx.db.updateTable('sms_codes').set({ created_at: new Date(Date.now() - 3_600_000) }).where('mobile_num', '=', mobileNum).execute();
    const c = new Caller(t);
    const { challengeId } = (await c.login(username, DEMO_PASSWORD)).body.details as { challengeId: string };
    const sent = await c.call('POST', '/wps/session/login/twoFactor/code', { body: { challengeId, method: 'sms' } });
    expect(sent.body.value.expiredMinutes).toBeGreaterThan(0);
    const res = await verify(c, challengeId, 'sms', await lastSmsCode(t.ctx, `84${mobileNum}`));
    expect(res.status).toBe(200);
    expect(res.body.value.userInfo.account).toBe(username);
    expect((await new Caller(t, c.ip).login(username, DEMO_PASSWORD)).status).toBe(200);
  });

  it('[AUTH-41] by a code sent to the bound email', async () => {
    const { username, email } = await player();
    const c = new Caller(t);
    const { challengeId } = (await c.login(username, DEMO_PASSWORD)).body.details as { challengeId: string };
    await c.call('POST', '/wps/session/login/twoFactor/code', { body: { challengeId, method: 'email' } });
    const code = (await lastEmail(t.ctx, email)).body.match(/\b(\d{6})\b/)![1]!;
    expect((await verify(c, challengeId, 'email', code)).status).toBe(200);
  });

  it('[AUTH-41] by the bank account name, regardless of case and spacing; a challenge is used once', async () => {
    const { username } = await player();
    const c = new Caller(t);
    const { challengeId } = (await c.login(username, DEMO_PASSWORD)).body.details as { challengeId: string };
    expect((await verify(c, challengeId, 'bankAccountName', '  nguyen   VAN a ')).status).toBe(200);
    expect((await verify(c, challengeId, 'bankAccountName', 'Nguyen Van A')).body.code).toBe('TWO_FACTOR_INVALID');
  });

  it('[AUTH-41] a wrong factor is TWO_FACTOR_INVALID; five wrong tries end the challenge; another IP cannot use it', async () => {
    const { username } = await player();
    const c = new Caller(t);
    const { challengeId } = (await c.login(username, DEMO_PASSWORD)).body.details as { challengeId: string };
    expect((await verify(new Caller(t), challengeId, 'bankAccountName', 'Nguyen Van A')).body.code).toBe('TWO_FACTOR_INVALID');
    expect((await verify(c, challengeId, 'totp', '123456')).body.code).toBe('TWO_FACTOR_INVALID');
    for (let i = 0; i < 4; i += 1) {
      const res = await verify(c, challengeId, 'bankAccountName', 'Someone Else');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('TWO_FACTOR_INVALID');
    }
    expect((await verify(c, challengeId, 'bankAccountName', 'Nguyen Van A')).body.code).toBe('TWO_FACTOR_INVALID');
  });

  it('[AUTH-41] authenticator enrolment: setup gives a secret and QR code, a right code enables it, then it works as a second factor', async () => {
    const { home, username } = await player();
    const setup = await home.call('POST', '/wps/member/totp/setup');
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.body.value as { secret: string; otpauthUrl: string; qrCode: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await home.call('POST', '/wps/member/totp/enable', { body: { code: '000000' } })).body.code).toBe('TWO_FACTOR_INVALID');
    // Three consecutive 30-second periods, all inside the server's one-period tolerance; kept clear of a period edge.
    if (Date.now() % 30_000 > 25_000) await new Promise((resolve) => setTimeout(resolve, 5_000));
    const now = Math.floor(Date.now() / 1000);
    const codeAt = (offset: number) => generate({ secret, epoch: now + offset });
    expect((await home.call('POST', '/wps/member/totp/enable', { body: { code: await codeAt(-30) } })).body.value).toEqual({ enabled: true });
    expect((await home.call('GET', '/wps/member/totp')).body.value).toEqual({ enabled: true });
    expect((await home.call('GET', '/wps/member/info')).body.value.totpEnabled).toBe(true);

    const c = new Caller(t);
    const challenge = (await c.login(username, DEMO_PASSWORD)).body.details as { challengeId: string; methods: string[] };
    expect(challenge.methods).toContain('totp');
    // The code already used to enrol is refused (replay); the next period's code is accepted.
    expect((await verify(c, challenge.challengeId, 'totp', await codeAt(-30))).body.code).toBe('TWO_FACTOR_INVALID');
    const res = await verify(c, challenge.challengeId, 'totp', await codeAt(0));
    expect(res.status).toBe(200);

    expect((await home.call('POST', '/wps/member/totp/disable', { body: { code: await codeAt(30) } })).body.value).toEqual({ enabled: false });
    expect((await home.call('GET', '/wps/member/totp')).body.value).toEqual({ enabled: false });
  });
});
