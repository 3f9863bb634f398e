import { randomUUID } from 'node:crypto';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueCaptcha } from '@server/services/auth/captcha';
import { SMS_RULES } from '@server/services/auth/sms-codes';
import { TWO_FACTOR_RULES } from '@server/services/auth/two-factor';
import { LOGIN_RULES } from '@server/services/auth/login';
import { hashPassword } from '@server/services/auth/passwords';
import { OPERATOR_LOGIN_RULES } from '@server/services/operator/operator-login';
import { createMoneyKit, PAYMENT_PASSWORD, tally, type MoneyKit } from '../../helpers/money-kit';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshMobile, lastSmsCode, registerPlayer, setFlag, startAccountsApp } from '../../helpers/accounts-kit';

/**
 * Every attempt counter and send quota, hit by parallel requests: N tries at once must count as N
 * tries one after another would. Races need real connections (PGlite has one), so these run on the
 * PostgreSQL of TEST_DATABASE_URL and are skipped without it.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!postgres)('attempt counters under parallel requests (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  it('[AUTH-10] 25 wrong passwords at once: 3 are weighed, the other 22 are asked for the captcha, and so is the right password next', async () => {
    const { username, password } = await registerPlayer(new Caller(t));
    // Each from its own address, so only the account's counter can stop them.
    const callers = Array.from({ length: 25 }, () => new Caller(t));
    const botChecks = await Promise.all(callers.map((c) => c.botCheck()));
    const replies = await Promise.all(
      callers.map((c, i) => c.call('POST', '/wps/session/login', { encrypted: true, body: { type: 'username', username, password: 'Wrong#pass1', botCheck: botChecks[i] } })),
    );
    expect(tally(replies)).toEqual({ '401 INVALID_CREDENTIALS': LOGIN_RULES.captchaAfterFailures, '400 CAPTCHA_REQUIRED': 25 - LOGIN_RULES.captchaAfterFailures });
    expect((await new Caller(t).login(username, password)).body.code).toBe('CAPTCHA_REQUIRED');
  });

  it('[ERR-23] 25 wrong passwords at once, each with a right captcha: 10 are weighed, the 10th locks the account, the right password is then refused', async () => {
    const { username, password } = await registerPlayer(new Caller(t));
    const callers = Array.from({ length: 25 }, () => new Caller(t));
    const prepared = await Promise.all(callers.map(async (c) => ({ botCheck: await c.botCheck(), captcha: await issueCaptcha(t.ctx, c.ip) })));
    const replies = await Promise.all(
      callers.map((c, i) => {
        const { botCheck, captcha } = prepared[i]!;
        return c.call('POST', '/wps/session/login', {
          encrypted: true,
          body: { type: 'username', username, password: 'Wrong#pass1', botCheck, captchaId: captcha.captchaId, captcha: captcha.answer },
        });
      }),
    );
    expect(tally(replies)).toEqual({ '401 INVALID_CREDENTIALS': LOGIN_RULES.lockAccountAfterFailures - 1, '423 ACCOUNT_LOCKED': 25 - LOGIN_RULES.lockAccountAfterFailures + 1 });
    const right = await new Caller(t).login(username, password);
    expect(right.status).toBe(423);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('[AUTH-41] 18 wrong second factors at once against a limit of 5: 5 are weighed, and the right one then finds the challenge ended', async () => {
    const { username } = await registerPlayer(new Caller(t), { payeeName: 'Nguyen Van A' });
    const away = new Caller(t);
    const { challengeId } = (await away.login(username, DEMO_PASSWORD)).body.details as { challengeId: string };
    const verify = (code: string) => away.call('POST', '/wps/session/login/twoFactor', { encrypted: true, body: { challengeId, method: 'bankAccountName', code } });
    const replies = await Promise.all(Array.from({ length: 18 }, () => verify('Someone Else')));
    const messages = replies.map((r) => `${r.body.code}: ${r.body.message}`);
    expect(messages.filter((m) => m === 'TWO_FACTOR_INVALID: The verification is not right')).toHaveLength(TWO_FACTOR_RULES.maxAttempts);
    expect(messages.filter((m) => m === 'TWO_FACTOR_INVALID: The verification has expired; log in again')).toHaveLength(18 - TWO_FACTOR_RULES.maxAttempts);
    const row = await t.ctx.db.selectFrom('two_factor_challenges').select('attempts').where('id', '=', challengeId).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(TWO_FACTOR_RULES.maxAttempts);
    expect((await verify('Nguyen Van A')).body.code).toBe('TWO_FACTOR_INVALID');
  });

  it('[AUTH-41] one authenticator code, given at once to 4 sign-ins from new addresses: exactly one signs in, the other 3 are refused', async () => {
    const home = new Caller(t);
    const { username } = await registerPlayer(home);
    const { secret } = (await home.call('POST', '/wps/member/totp/setup')).body.value as { secret: string };
    // Enrolled with the last period's code, kept clear of a period edge, so the current code is still unused.
    if (Date.now() % 30_000 > 25_000) await new Promise((resolve) => setTimeout(resolve, 5_000));
    const now = Math.floor(Date.now() / 1000);
    expect((await home.call('POST', '/wps/member/totp/enable', { body: { code: await generate({ secret, epoch: now - 30 }) } })).status).toBe(200);
    const devices = Array.from({ length: 4 }, () => new Caller(t));
    // The sign-ins one after another (what races here is the code, not the password).
    const challenges: string[] = [];
    for (const c of devices) {
      const login = await c.login(username, DEMO_PASSWORD);
      expect(login.body.code, JSON.stringify(login.body)).toBe('TWO_FACTOR_REQUIRED');
      challenges.push((login.body.details as { challengeId: string }).challengeId);
    }
    const code = await generate({ secret, epoch: now });
    const replies = await Promise.all(
      devices.map((c, i) => c.call('POST', '/wps/session/login/twoFactor', { encrypted: true, body: { challengeId: challenges[i], method: 'totp', code } })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual(['TWO_FACTOR_INVALID', 'TWO_FACTOR_INVALID', 'TWO_FACTOR_INVALID']);
  });

  it('[ERR-11] 20 wrong SMS codes at once: 5 are compared, the code dies, and the right code then fails', async () => {
    await setFlag(t.ctx, 'SMSLOGIN3', true);
    const { mobileNum } = await registerPlayer(new Caller(t));
    await t.ctx.db.updateTable('sms_codes').set({ created_at: new Date(Date.now() - 3_600_000) }).where('mobile_num', '=', mobileNum).execute();
    const c = new Caller(t);
    expect((await c.call('POST', '/wps/verification/sms/noLogin', { body: { countryDialingCode: '84', mobileNum, botCheck: await c.botCheck() } })).status).toBe(200);
    const code = await lastSmsCode(t.ctx, `84${mobileNum}`);
    const wrong = code === '000000' ? '000001' : '000000';
    const smsLogin = (verificationCode: string) =>
      new Caller(t).call('POST', '/wps/session/login', { encrypted: true, body: { type: 'sms', mobileNum, countryDialingCode: '84', verificationCode } });
    const replies = await Promise.all(Array.from({ length: 20 }, () => smsLogin(wrong)));
    expect(tally(replies)).toEqual({ '400 SMS_CODE_INVALID': 20 });
    const row = await t.ctx.db.selectFrom('sms_codes').select(['attempts', 'consumed_at']).where('mobile_num', '=', mobileNum).where('purpose', '=', 'noLogin').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(SMS_RULES.maxAttempts);
    expect(row.consumed_at).not.toBeNull();
    expect((await smsLogin(code)).body.code).toBe('SMS_CODE_INVALID');
  });

  it('[ERR-09] 10 sends to one number at once, from 10 addresses, send one SMS; 10 sends from one address to 10 numbers send one', async () => {
    const mobile = freshMobile();
    const send = async (c: Caller, mobileNo: string) => {
      const botCheck = await c.botCheck();
      return () => c.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: '84', mobileNo, botCheck } });
    };
    const toOneNumber = await Promise.all(Array.from({ length: 10 }, async () => send(new Caller(t), mobile)));
    expect(tally(await Promise.all(toOneNumber.map((go) => go())))).toEqual({ '200 OK': 1, '429 TOO_MANY_REQUESTS': 9 });
    const sent = await t.ctx.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').where('recipient', '=', `84${mobile}`).execute();
    expect(sent).toHaveLength(1);

    const oneAddress = new Caller(t);
    const toTenNumbers = await Promise.all(Array.from({ length: 10 }, async () => send(oneAddress, freshMobile())));
    expect(tally(await Promise.all(toTenNumbers.map((go) => go())))).toEqual({ '200 OK': 1, '429 TOO_MANY_REQUESTS': 9 });
  });

  it('[ERR-09] 10 reset emails for one account at once send 3, the hourly cap', async () => {
    const email = `race${Date.now()}@example.com`;
    const { username } = await registerPlayer(new Caller(t), { email });
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => new Caller(t).call('POST', '/wps/member/password/email', { form: true, body: { username, email } })),
    );
    expect(tally(replies)).toEqual({ '200 OK': 3, '429 TOO_MANY_REQUESTS': 7 });
    const mails = await t.ctx.db.selectFrom('outbox').select('id').where('channel', '=', 'email').where('recipient', '=', email).execute();
    expect(mails).toHaveLength(3);
  });

  it('10 free-play accounts asked for at once from one address open 5, the hourly cap', async () => {
    await setFlag(t.ctx, 'FREEPLAY3', true);
    const c = new Caller(t);
    const botChecks = await Promise.all(Array.from({ length: 10 }, () => c.botCheck()));
    const replies = await Promise.all(
      botChecks.map((botCheck) => c.call('POST', '/wps/session/login/freeplay', { body: { os: 'web', platform: 'W', gatewayVersion: 3, botCheck } })),
    );
    expect(tally(replies)).toEqual({ '200 OK': 5, '429 TOO_MANY_REQUESTS': 5 });
  });
});

describe.skipIf(!postgres)('operator sign-in under parallel requests (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  it('30 wrong passwords at once from 30 addresses: 5 are weighed, the 5th locks the operator, and the right password and code are then refused', async () => {
    const password = 'Race-operator#Pass1';
    const secret = generateSecret();
    await t.ctx.db.insertInto('operators').values({ username: 'race-operator', password_hash: await hashPassword(password), role: 'admin', totp_secret: secret }).execute();
    const signIn = (c: Caller, tryPassword: string, code: string) => c.call('POST', '/ops/session', { body: { username: 'race-operator', password: tryPassword, code } });
    const code = await generate({ secret });
    // Each from its own address, so only the operator's own counter can stop them.
    const replies = await Promise.all(Array.from({ length: 30 }, () => signIn(new Caller(t), 'Wrong#pass1', code)));
    expect(tally(replies)).toEqual({
      '401 INVALID_CREDENTIALS': OPERATOR_LOGIN_RULES.lockAfterFailures - 1,
      '423 ACCOUNT_LOCKED': 30 - OPERATOR_LOGIN_RULES.lockAfterFailures + 1,
    });
    const right = await signIn(new Caller(t), password, code);
    expect(right.status).toBe(423);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');
    const sessions = await t.ctx.db
      .selectFrom('operator_sessions')
      .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
      .select('token_hash')
      .where('operators.username', '=', 'race-operator')
      .execute();
    expect(sessions).toEqual([]);
  });

  it('one authenticator code, 4 right sign-ins at once from 4 addresses: exactly one signs in, the other 3 are refused as a wrong code', async () => {
    const password = 'Race-operator#Pass2';
    const secret = generateSecret();
    await t.ctx.db.insertInto('operators').values({ username: 'race-operator-2', password_hash: await hashPassword(password), role: 'admin', totp_secret: secret }).execute();
    const code = await generate({ secret });
    // As many as stay under the lock (lockAfterFailures), so every one of them is weighed.
    const parallel = OPERATOR_LOGIN_RULES.lockAfterFailures - 1;
    const replies = await Promise.all(Array.from({ length: parallel }, () => new Caller(t).call('POST', '/ops/session', { body: { username: 'race-operator-2', password, code } })));
    expect(tally(replies)).toEqual({ '200 OK': 1, '401 INVALID_CREDENTIALS': parallel - 1 });
    const sessions = await t.ctx.db
      .selectFrom('operator_sessions')
      .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
      .select('token_hash')
      .where('operators.username', '=', 'race-operator-2')
      .execute();
    expect(sessions).toHaveLength(1);
  });
});

describe.skipIf(!postgres)('payment password under parallel requests (real PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  let kit: MoneyKit;
  beforeAll(async () => {
    kit = await createMoneyKit();
  });
  afterAll(async () => kit.close());

  it('29 wrong payment passwords at once: 5 are weighed, the 5th locks it, 24 are refused as locked, and the right one then too', async () => {
    const m = await kit.member();
    await kit.credit(m.id, 1_000_00);
    await kit.setPaymentPassword(m);
    const bankAccountId = await kit.bindBank(m);
    const withdraw = (paymentPassword: string) =>
      kit.call('POST', '/wps/relay/PAY_withdraw', { token: m.token, body: { bankAccountId, amount: 100, paymentPassword, requestId: randomUUID() } });
    const replies = await Promise.all(Array.from({ length: 29 }, () => withdraw('000000')));
    expect(tally(replies)).toEqual({ '400 PAYMENT_PASSWORD_WRONG': 5, '423 PAYMENT_PASSWORD_LOCKED': 24 });
    expect((await withdraw(PAYMENT_PASSWORD)).body.code).toBe('PAYMENT_PASSWORD_LOCKED');
  });
});
