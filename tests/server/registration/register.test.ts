import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AFFILIATE_CODE } from '@server/seed/seed-accounts';
import { flushSettingsCache, writeSetting } from '@server/services/system/site-settings';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshMobile, freshUsername, lastSmsCode, registerPlayer, setFlag, startAccountsApp } from '../../helpers/accounts-kit';

const registerMobile = async (c: Caller, mobileNum: string, fields: Record<string, unknown> = {}) => {
  await c.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: '84', mobileNo: mobileNum, botCheck: await c.botCheck() } });
  const verificationCode = await lastSmsCode(c.t.ctx, `84${mobileNum}`);
  return c.call('PUT', '/wps/member/register/mobile', {
    encrypted: true,
    body: {
      mobileNum,
      countryDialingCode: '84',
      verificationCode,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      termsAccepted: true,
      ageConfirmed: true,
      login: true,
      botCheck: await c.botCheck(),
      ...fields,
    },
  });
};

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  it('[API-08][API-10][AUTH-29] a player registers by username and is logged in; the profile keeps what the form sent', async () => {
    const c = new Caller(t);
    const username = freshUsername();
    const { reply, mobileNum } = await registerPlayer(c, {
      username: username.toUpperCase(),
      email: 'Player@Example.com',
      payeeName: 'Nguyen Van A',
      nickname: 'Lucky',
      referralCode: 'FRIEND42',
      birthday: '1990-05-17',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value.account).toBe(username);
    expect(reply.body.value.session).toMatchObject({ firstTimeLogin: true, mustChangePassword: false, userInfo: { account: username, nickname: 'Lucky', type: 0 } });
    const info = await c.call('GET', '/wps/member/info');
    expect(info.body.value).toMatchObject({ account: username, mobileNum, countryDialingCode: '84', email: 'Player@Example.com', payeeName: 'Nguyen Van A' });
    const profile = await t.ctx.db
      .selectFrom('member_profiles')
      .innerJoin('members', 'members.id', 'member_profiles.member_id')
      .select(['register_method', 'register_domain', 'register_url', 'referral_code', 'details', 'register_ip'])
      .where('members.account', '=', username)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      register_method: 'WEB',
      register_domain: 'demo.example',
      register_url: 'http://demo.example/register',
      referral_code: 'FRIEND42',
      register_ip: c.ip,
      details: { nickname: 'Lucky', birthday: '1990-05-17' },
    });
  });

  it('[API-10] with login false the account is created and no session is opened', async () => {
    const { reply } = await registerPlayer(new Caller(t), { login: false });
    expect(reply.status).toBe(200);
    expect(reply.body.value.session).toBeNull();
  });

  it('[API-09][AUTH-27] registration by mobile: the mobile number becomes the username', async () => {
    const mobileNum = freshMobile();
    const c = new Caller(t);
    const res = await registerMobile(c, mobileNum);
    expect(res.status).toBe(200);
    expect(res.body.value.account).toBe(mobileNum);
    const again = await new Caller(t, c.ip).login(mobileNum, DEMO_PASSWORD);
    expect(again.status).toBe(200);
  });

  it('[API-09] without MOBILENUMPASSREG3 a mobile registration sets no password: the player signs in by SMS', async () => {
    await setFlag(t.ctx, 'MOBILENUMPASSREG3', false);
    try {
      const mobileNum = freshMobile();
      const c = new Caller(t);
      const res = await registerMobile(c, mobileNum, { password: '', confirmPassword: '' });
      expect(res.status).toBe(200);
      const attempt = await new Caller(t, c.ip).login(mobileNum, '');
      expect(attempt.body.code).toBe('VALIDATION');
      const guessed = await new Caller(t, c.ip).login(mobileNum, DEMO_PASSWORD);
      expect(guessed.body.code).toBe('INVALID_CREDENTIALS');
    } finally {
      await setFlag(t.ctx, 'MOBILENUMPASSREG3', true);
    }
  });

  it('[AUTH-25] with the terms box unticked nothing is registered', async () => {
    const username = freshUsername();
    const { reply } = await registerPlayer(new Caller(t), { username, termsAccepted: false });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('TERMS_NOT_ACCEPTED');
    expect(await t.ctx.db.selectFrom('members').select('id').where('account', '=', username).executeTakeFirst()).toBeUndefined();
  });

  it('[API-12][AUTH-26] the affiliate call accepts the agent\'s code and refuses any other with INVITATION_CODE_ERROR', async () => {
    const c = new Caller(t);
    const ok = await c.call('GET', '/wps/agent/affiliate', { query: { code: DEMO_AFFILIATE_CODE, domain: 'demo.example' } });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toEqual({ code: DEMO_AFFILIATE_CODE, valid: true });
    for (const code of ['NOPE1234', '']) {
      const bad = await c.call('GET', '/wps/agent/affiliate', { query: { code } });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVITATION_CODE_ERROR');
    }
  });

  it('[AUTH-26] a registration with the agent\'s code joins the agent\'s downline; an unknown code registers nothing', async () => {
    const { reply, username } = await registerPlayer(new Caller(t), { affiliateCode: DEMO_AFFILIATE_CODE });
    expect(reply.status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('member_profiles')
      .innerJoin('members as m', 'm.id', 'member_profiles.member_id')
      .innerJoin('members as upline', 'upline.id', 'member_profiles.upline_id')
      .select(['upline.account as upline', 'member_profiles.affiliate_code'])
      .where('m.account', '=', username)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ upline: 'agent', affiliate_code: DEMO_AFFILIATE_CODE });
    const other = freshUsername();
    const bad = await registerPlayer(new Caller(t), { username: other, affiliateCode: 'NOPE1234' });
    expect(bad.reply.body.code).toBe('INVITATION_CODE_ERROR');
    expect(await t.ctx.db.selectFrom('members').select('id').where('account', '=', other).executeTakeFirst()).toBeUndefined();
  });

  it('[VAL-29][VAL-31][VAL-52][VAL-53] field rules are enforced on the server with message keys per field', async () => {
    const c = new Caller(t);
    const res = await c.call('PUT', '/wps/member/register', {
      encrypted: true,
      body: {
        username: '9starts-with-digit',
        password: 'weak',
        confirmPassword: 'other',
        mobileNum: freshMobile(),
        countryDialingCode: '84',
        verificationCode: '12',
        email: 'not-an-email',
        birthday: '17-05-1990',
        termsAccepted: true,
        ageConfirmed: true,
        botCheck: await c.botCheck(),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    const byField = Object.fromEntries((res.body.details as { field: string; key: string }[]).map((d) => [d.field, d.key]));
    expect(byField).toEqual({
      username: 'validation:tooLong',
      password: 'validation:tooShort',
      confirmPassword: 'validation:checkPassMismatch',
      verificationCode: 'validation:tooShort',
      email: 'validation:formatIncorrect',
      birthday: 'validation:formatIncorrect',
    });
  });

  it('[VAL-31] a field the operator makes required must be sent; a disabled field is not stored', async () => {
    await t.ctx.db.updateTable('field_rules').set({ required: true }).where('field', '=', 'payeeName').execute();
    await t.ctx.db.updateTable('field_rules').set({ enabled: false }).where('field', '=', 'email').execute();
    flushSettingsCache(t.ctx.db);
    try {
      const missing = await registerPlayer(new Caller(t));
      expect(missing.reply.body.code).toBe('VALIDATION');
      expect(missing.reply.body.details).toEqual([{ field: 'payeeName', key: 'validation:required' }]);
      const { reply, username } = await registerPlayer(new Caller(t), { payeeName: 'Tran Thi B', email: 'ignored@example.com' });
      expect(reply.status).toBe(200);
      const profile = await t.ctx.db
        .selectFrom('member_profiles')
        .innerJoin('members', 'members.id', 'member_profiles.member_id')
        .select(['payee_name', 'email'])
        .where('members.account', '=', username)
        .executeTakeFirstOrThrow();
      expect(profile).toEqual({ payee_name: 'Tran Thi B', email: null });
    } finally {
      await t.ctx.db.updateTable('field_rules').set({ required: false }).where('field', '=', 'payeeName').execute();
      await t.ctx.db.updateTable('field_rules').set({ enabled: true }).where('field', '=', 'email').execute();
      flushSettingsCache(t.ctx.db);
    }
  });

  it('[VAL-32][ERR-11] with SMS verification on, a wrong code registers nothing and the right code still works after', async () => {
    const c = new Caller(t);
    const mobileNum = freshMobile();
    const username = freshUsername();
    await c.call('POST', '/wps/verification/sms/register', { body: { countryDialingCode: '84', mobileNo: mobileNum, botCheck: await c.botCheck() } });
    const code = await lastSmsCode(t.ctx, `84${mobileNum}`);
    const body = { username, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, mobileNum, countryDialingCode: '84', termsAccepted: true, ageConfirmed: true };
    const wrong = await c.call('PUT', '/wps/member/register', {
      encrypted: true,
      body: { ...body, verificationCode: code === '000000' ? '111111' : '000000', botCheck: await c.botCheck() },
    });
    expect(wrong.body.code).toBe('SMS_CODE_INVALID');
    const right = await c.call('PUT', '/wps/member/register', { encrypted: true, body: { ...body, verificationCode: code, botCheck: await c.botCheck() } });
    expect(right.status).toBe(200);
  });

  it('a taken username is USERNAME_TAKEN in any letter case, and a taken number MOBILE_TAKEN', async () => {
    const first = await registerPlayer(new Caller(t));
    const sameName = await registerPlayer(new Caller(t), { username: first.username.toUpperCase() });
    expect(sameName.reply.status).toBe(409);
    expect(sameName.reply.body.code).toBe('USERNAME_TAKEN');
    const c = new Caller(t);
    const sameNumber = await c.call('PUT', '/wps/member/register', {
      encrypted: true,
      body: {
        username: freshUsername(),
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        mobileNum: first.mobileNum,
        countryDialingCode: '84',
        verificationCode: '123456',
        termsAccepted: true,
        ageConfirmed: true,
        botCheck: await c.botCheck(),
      },
    });
    expect(sameNumber.status).toBe(409);
    expect(sameNumber.body.code).toBe('MOBILE_TAKEN');
  });

  it('[AUTH-21][AUTH-50] each registration type is refused while its flag is off', async () => {
    await setFlag(t.ctx, 'USERNAMEREG3', false);
    await setFlag(t.ctx, 'MOBILENUMREG3', false);
    try {
      const byName = await registerPlayer(new Caller(t));
      expect(byName.reply.status).toBe(403);
      expect(byName.reply.body.code).toBe('FEATURE_DISABLED');
      const byMobile = await registerMobile(new Caller(t), freshMobile());
      expect(byMobile.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlag(t.ctx, 'USERNAMEREG3', true);
      await setFlag(t.ctx, 'MOBILENUMREG3', true);
    }
  });

  it('[VAL-44] [CONST-07] while the birthday field shows, registering needs the birthday check confirmed at the configured age', async () => {
    const c = new Caller(t);
    const permission = await c.call('GET', '/wps/system/permission');
    expect(permission.body.value).toMatchObject({ birthdayCheckAge: 21, registrationReward: '131K' });
    const unconfirmed = await registerPlayer(c, { ageConfirmed: false });
    expect(unconfirmed.reply.status).toBe(400);
    expect(unconfirmed.reply.body.code).toBe('VALIDATION');
    expect(unconfirmed.reply.body.details).toEqual([{ field: 'ageConfirmed', key: 'registration:birthdayCheck.required', params: { age: 21 } }]);
    expect(await t.ctx.db.selectFrom('members').select('id').where('account', '=', unconfirmed.username).executeTakeFirst()).toBeUndefined();

    await writeSetting(t.ctx.db, 'birthdayCheckAge', 25);
    try {
      expect((await c.call('GET', '/wps/system/permission')).body.value.birthdayCheckAge).toBe(25);
      const missing = await registerPlayer(new Caller(t), { ageConfirmed: undefined });
      expect(missing.reply.body.details).toEqual([{ field: 'ageConfirmed', key: 'registration:birthdayCheck.required', params: { age: 25 } }]);
      expect((await registerPlayer(new Caller(t), { birthday: '1990-05-17' })).reply.status).toBe(200);
    } finally {
      await writeSetting(t.ctx.db, 'birthdayCheckAge', 21);
    }

    await t.ctx.db.updateTable('field_rules').set({ enabled: false }).where('field', '=', 'birthday').execute();

    flushSettingsCache(t.ctx.db);
    try {
      expect((await registerPlayer(new Caller(t), { ageConfirmed: undefined })).reply.status).toBe(200);
    } finally {
      await t.ctx.db.updateTable('field_rules').set({ enabled: true }).where('field', '=', 'birthday').execute();
      flushSettingsCache(t.ctx.db);
    }
  });
});
