import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, lastEmail, lastSmsCode, NEW_PASSWORD, registerPlayer, setFlag, startAccountsApp } from '../../helpers/accounts-kit';

const change = (c: Caller, oldPassword: string, newPassword: string, confirmNewPassword = newPassword) =>
  c.call('POST', '/wps/member/password', { encrypted: true, body: { oldPassword, newPassword, confirmNewPassword } });

const resetTokenOf = (emailBody: string): string => {
  const link = emailBody.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in the email');
  return new URL(link).searchParams.get('token') ?? '';
};

describe('passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  it('[API-11][VAL-35] change password refuses a wrong old password, a weak or reused new one and a wrong confirmation', async () => {
    const c = new Caller(t);
    await registerPlayer(c);
    expect((await change(c, 'Wrong#pass1', NEW_PASSWORD)).body.code).toBe('PASSWORD_WRONG');
    const weak = await change(c, DEMO_PASSWORD, 'alllowercase');
    expect(weak.body).toMatchObject({ code: 'PASSWORD_WEAK', details: [{ field: 'newPassword', key: 'validation:formatIncorrect' }] });
    const mismatch = await change(c, DEMO_PASSWORD, NEW_PASSWORD, 'Other#2027pass');
    expect(mismatch.body).toMatchObject({ code: 'PASSWORD_MISMATCH', details: [{ field: 'confirmNewPassword', key: 'validation:confirmationWrong' }] });
    expect((await change(c, DEMO_PASSWORD, DEMO_PASSWORD)).body.code).toBe('PASSWORD_REUSED');
    const ok = await change(c, DEMO_PASSWORD, NEW_PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, code: 'OK', value: null });
  });

  it('[API-11] the new password works at the next login and the old one does not', async () => {
    const c = new Caller(t);
    const { username } = await registerPlayer(c);
    await change(c, DEMO_PASSWORD, NEW_PASSWORD);
    expect((await new Caller(t, c.ip).login(username, DEMO_PASSWORD)).body.code).toBe('INVALID_CREDENTIALS');
    expect((await new Caller(t, c.ip).login(username, NEW_PASSWORD)).status).toBe(200);
  });

  it('[API-14][AUTH-38] forgot password by email (form-encoded) sends a single-use reset link; the link sets a new password and logs in', async () => {
    const home = new Caller(t);
    const { username } = await registerPlayer(home, { email: 'reset-me@example.com' });
    const sent = await new Caller(t).call('POST', '/wps/member/password/email', { form: true, body: { username, email: 'RESET-ME@example.com' } });
    expect(sent.status).toBe(200);
    expect(sent.body.value.expiresInMinutes).toBeGreaterThan(0);
    const mail = await lastEmail(t.ctx, 'reset-me@example.com');
    expect(mail.subject).toBe('Reset your password');
    const resetToken = resetTokenOf(mail.body);
    const c = new Caller(t);
    const reset = await c.call('POST', '/wps/member/password/reset', {
      encrypted: true,
      body: { resetToken, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.value).toMatchObject({ userInfo: { account: username }, mustChangePassword: false });
    expect((await home.call('GET', '/wps/member/info')).body.code).toBe('SESSION_EXPIRED');
    const again = await c.call('POST', '/wps/member/password/reset', {
      encrypted: true,
      body: { resetToken, newPassword: 'Third#2028pass', confirmNewPassword: 'Third#2028pass' },
    });
    expect(again.body.code).toBe('RESET_LINK_INVALID');
    expect((await new Caller(t, c.ip).login(username, NEW_PASSWORD)).status).toBe(200);
  });

  it('[ERR-02][VAL-36] an email that does not belong to the username is USER_NOT_FOUND, and nothing is sent', async () => {
    const { username } = await registerPlayer(new Caller(t), { email: 'owner@example.com' });
    const before = await t.ctx.db.selectFrom('outbox').select('id').where('channel', '=', 'email').execute();
    for (const body of [{ username, email: 'someone-else@example.com' }, { username: 'no-such-user', email: 'owner@example.com' }]) {
      const res = await new Caller(t).call('POST', '/wps/member/password/email', { form: true, body });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('USER_NOT_FOUND');
    }
    const after = await t.ctx.db.selectFrom('outbox').select('id').where('channel', '=', 'email').execute();
    expect(after).toHaveLength(before.length);
  });

  it('[ERR-09] reset emails per account are capped: the fourth in an hour waits 5 minutes', async () => {
    const { username } = await registerPlayer(new Caller(t), { email: 'busy@example.com' });
    const ask = () => new Caller(t).call('POST', '/wps/member/password/email', { form: true, body: { username, email: 'busy@example.com' } });
    for (let i = 0; i < 3; i += 1) expect((await ask()).status).toBe(200);
    const fourth = await ask();
    expect(fourth.status).toBe(429);
    expect(fourth.headers['retry-after']).toBe('300');
  });

  it('[AUTH-37][ERR-14] reset by email or phone is refused while its flag is off', async () => {
    await setFlag(t.ctx, 'CHNGPASSMAIL3', false);
    await setFlag(t.ctx, 'CHNGPASSVERIF3', false);
    try {
      const email = await new Caller(t).call('POST', '/wps/member/password/email', { form: true, body: { username: 'demo', email: 'demo@demo.example' } });
      expect(email.body.code).toBe('FEATURE_DISABLED');
      const phone = await new Caller(t).call('POST', '/wps/member/password/verification', {
        encrypted: true,
        body: { newPassword: NEW_PASSWORD, mobileNum: '901234567', verificationCode: '123456' },
      });
      expect(phone.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlag(t.ctx, 'CHNGPASSMAIL3', true);
      await setFlag(t.ctx, 'CHNGPASSVERIF3', true);
    }
  });

  it('[API-19][AUTH-39][VAL-37] password by phone: the SMS code sets the new password and logs in; the old password stops working', async () => {
    const home = new Caller(t);
    const { username, mobileNum } = await registerPlayer(home);
    await t.ctx.db
      .updateTable('sms_codes')
      .set({ created_at: new Date(Date.now() - t.ctx.config.SMS_NUMBER_COOLDOWN_SECONDS * 1000) })
      .where('mobile_num', '=', mobileNum)
      .execute();
    const c = new Caller(t);
    await c.call('POST', '/wps/verification/sms/noLogin', { body: { mobileNum, countryDialingCode: '84', botCheck: await c.botCheck() } });
    const verificationCode = await lastSmsCode(t.ctx, `84${mobileNum}`);
    const weak = await c.call('POST', '/wps/member/password/verification', { encrypted: true, body: { newPassword: 'short', mobileNum, verificationCode } });
    expect(weak.body.code).toBe('PASSWORD_WEAK');
    const missing = await c.call('POST', '/wps/member/password/verification', { encrypted: true, body: { newPassword: NEW_PASSWORD, mobileNum: '', verificationCode } });
    expect(missing.body.code).toBe('PHONE_MISSING');
    const res = await c.call('POST', '/wps/member/password/verification', { encrypted: true, body: { newPassword: NEW_PASSWORD, mobileNum, verificationCode } });
    expect(res.status).toBe(200);
    expect(res.body.value.userInfo.account).toBe(username);
    expect((await home.call('GET', '/wps/member/info')).body.code).toBe('SESSION_EXPIRED');
    expect((await new Caller(t, c.ip).login(username, DEMO_PASSWORD)).body.code).toBe('INVALID_CREDENTIALS');
    expect((await new Caller(t, c.ip).login(username, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('email through SMTP (SMTP_URL)', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const delivered: { to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startAccountsApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Platform <no-reply@demo.example>' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('[API-14][AUTH-38] the reset email goes out over SMTP with the link, and nothing lands in the outbox', async () => {
    const { username } = await registerPlayer(new Caller(t), { email: 'smtp-user@example.com' });
    const res = await new Caller(t).call('POST', '/wps/member/password/email', { form: true, body: { username, email: 'smtp-user@example.com' } });
    expect(res.status).toBe(200);
    const mail = delivered.at(-1)!;
    expect(mail.to).toEqual(['smtp-user@example.com']);
    expect(mail.raw).toContain('Subject: Reset your password');
    expect(mail.raw).toMatch(/resetPassword\?token=/);
    const outbox = await t.ctx.db.selectFrom('outbox').select('id').where('channel', '=', 'email').execute();
    expect(outbox).toHaveLength(0);
  });
});
