import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshIp, freshUsername, registerPlayer, startAccountsApp } from './accounts-kit';

/**
 * Arbitrary input at every account endpoint: whatever arrives, the answer is an envelope with a 4xx
 * or a 2xx, never a 500, and no member row ever exists without its complete state.
 */
const nasty = fc.constantFrom('', ' ', '{secret}', 'demo', 'agent', '84', '+84', '901234567', '\u0000', 'a\u0000b', '\ud800', '😀'.repeat(50), "'; drop table members; --", '9'.repeat(40), 'x'.repeat(5000));
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 80 }), nasty);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const json = fc.oneof(fc.anything(), fc.dictionary(fc.string(), scalar), fc.array(scalar));

/** Mostly strings, so most inputs get past the schema and into the handlers' own checks. */
const fieldValue = fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: scalar, weight: 1 });
const fieldsOf = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((n) => [n, fc.option(fieldValue, { nil: undefined })])), { requiredKeys: [] });

interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  encrypted?: boolean;
  form?: boolean;
  /** Which session the call carries: none, a live member's, or a random string. */
  body: fc.Arbitrary<unknown>;
}

const REGISTER_FIELDS = [
  'username', 'password', 'confirmPassword', 'mobileNum', 'countryDialingCode', 'verificationCode', 'captcha', 'captchaId', 'payeeName',
  'email', 'affiliateCode', 'paymentPassword', 'nickname', 'birthday', 'telegram', 'zalo', 'referralCode', 'registerUrl', 'domain',
  'registerMethod', 'termsAccepted', 'login',
];

const targets: Target[] = [
  { method: 'POST', url: '/wps/session/login', encrypted: true, body: fc.oneof(json, fc.record({ type: fc.constantFrom('username', 'sms', 'remember', 'x'), username: text, password: text, mobileNum: text, countryDialingCode: text, verificationCode: text, captcha: text, captchaId: text, rememberToken: text, site: fc.constantFrom('player', 'agent', 'x') }, { requiredKeys: ['type'] })) },
  { method: 'POST', url: '/wps/session/login/twoFactor', encrypted: true, body: fc.oneof(json, fieldsOf(['challengeId', 'method', 'code'])) },
  { method: 'POST', url: '/wps/session/login/twoFactor/code', body: fc.oneof(json, fieldsOf(['challengeId', 'method'])) },
  { method: 'POST', url: '/wps/session/login/freeplay', body: fc.oneof(json, fieldsOf(['os', 'platform', 'gatewayVersion'])) },
  { method: 'DELETE', url: '/wps/session/logout', body: fc.constant(undefined) },
  { method: 'POST', url: '/wps/session/oidc/start', body: fc.oneof(json, fieldsOf(['provider'])) },
  { method: 'POST', url: '/wps/session/oidc/callback', body: fc.oneof(json, fc.record({ search: fc.oneof(text, fc.webQueryParameters().map((q) => `?${q}`)) })) },
  { method: 'GET', url: '/wps/member/info', body: fc.constant(undefined) },
  { method: 'PUT', url: '/wps/member/info/icon', body: fc.oneof(json, fieldsOf(['iconId'])) },
  { method: 'PUT', url: '/wps/member/register', encrypted: true, body: fc.oneof(json, fieldsOf(REGISTER_FIELDS)) },
  { method: 'PUT', url: '/wps/member/register/mobile', encrypted: true, body: fc.oneof(json, fieldsOf(REGISTER_FIELDS)) },
  { method: 'POST', url: '/wps/member/password', encrypted: true, body: fc.oneof(json, fieldsOf(['oldPassword', 'newPassword', 'confirmNewPassword'])) },
  { method: 'POST', url: '/wps/member/password/email', form: true, body: fc.record({ username: text, email: text }, { requiredKeys: [] }) },
  { method: 'POST', url: '/wps/member/password/reset', encrypted: true, body: fc.oneof(json, fieldsOf(['resetToken', 'newPassword', 'confirmNewPassword'])) },
  { method: 'POST', url: '/wps/member/password/verification', encrypted: true, body: fc.oneof(json, fieldsOf(['newPassword', 'mobileNum', 'verificationCode', 'countryDialingCode'])) },
  { method: 'POST', url: '/wps/member/totp/enable', body: fc.oneof(json, fieldsOf(['code'])) },
  { method: 'POST', url: '/wps/member/totp/disable', body: fc.oneof(json, fieldsOf(['code'])) },
  { method: 'POST', url: '/wps/verification/sms/noLogin', body: fc.oneof(json, fieldsOf(['mobileNum', 'countryDialingCode'])) },
  { method: 'POST', url: '/wps/verification/sms/register', body: fc.oneof(json, fieldsOf(['mobileNo', 'countryDialingCode'])) },
  { method: 'GET', url: '/wps/agent/affiliate', body: fc.constant(undefined) },
];

describe('account endpoints under arbitrary input', () => {
  let t: TestApp;
  let memberToken: string;
  let firstNewMemberId: number;
  beforeAll(async () => {
    t = await startAccountsApp();
    const before = await t.ctx.db.selectFrom('members').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    firstNewMemberId = Number(before.max ?? 0) + 1;
    const c = new Caller(t);
    await registerPlayer(c);
    memberToken = c.token!;
  });
  afterAll(async () => t.close());

  for (const target of targets) {
    it(`never answers ${target.method} ${target.url} with a 500, whatever the input`, async () => {
      await fc.assert(
        fc.asyncProperty(
          target.body,
          fc.constantFrom<'none' | 'member' | 'random'>('none', 'member', 'random'),
          fc.boolean(),
          fc.dictionary(fc.constantFrom('code', 'domain', 'x'), text, { maxKeys: 2 }),
          async (body, session, withBotCheck, query) => {
            const c = new Caller(t, freshIp());
            c.token = session === 'member' ? memberToken : session === 'random' ? `${'r'.repeat(30)}${Math.random().toString(36).slice(2)}` : null;
            // Half the time the payload carries a solved bot-check, so the fuzzing reaches past it.
            const payload =
              withBotCheck && body && typeof body === 'object' && !Array.isArray(body) ? { ...body, botCheck: await c.botCheck() } : body;
            const res = await c.call(target.method, target.url, {
              body: payload,
              encrypted: target.encrypted,
              form: target.form && payload !== undefined,
              query: target.method === 'GET' ? query : undefined,
            });
            expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
            expect(res.body).toMatchObject({ success: expect.any(Boolean), code: expect.any(String), message: expect.any(String) });
          },
        ),
        { numRuns: 40 },
      );
    });
  }

  it('never answers raw garbage on the encrypted calls with a 500: bad JSON, bad envelopes, bad keys', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/wps/session/login', '/wps/member/register', '/wps/member/password/verification'),
        fc.oneof(fc.string(), fc.json(), fc.record({ value: fc.base64String(), mac: fc.stringMatching(/^[0-9a-f]{64}$/) }).map((b) => JSON.stringify(b))),
        fc.option(fc.base64String(), { nil: undefined }),
        async (url, raw, encryption) => {
          const res = await t.app.inject({
            method: url.includes('register') ? 'PUT' : 'POST',
            url,
            payload: raw,
            headers: { 'content-type': 'application/json', ...(encryption ? { encryption } : {}) },
            remoteAddress: freshIp(),
          });
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json()).toMatchObject({ success: false });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a registration with a valid SMS code and arbitrary profile fields creates the whole account or nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fieldsOf(['email', 'payeeName', 'nickname', 'birthday', 'telegram', 'zalo', 'paymentPassword', 'affiliateCode', 'referralCode']), async (fields) => {
        const username = freshUsername();
        const { reply } = await registerPlayer(new Caller(t), { ...fields, username });
        expect(reply.status).toBeLessThan(500);
        const member = await t.ctx.db
          .selectFrom('members')
          .leftJoin('member_profiles', 'member_profiles.member_id', 'members.id')
          .select(['members.id', 'member_profiles.member_id as profile'])
          .where('members.account', '=', username)
          .executeTakeFirst();
        if (reply.status === 200) expect(member?.profile).toBe(member?.id);
        else expect(member).toBeUndefined();
      }),
      { numRuns: 15 },
    );
  });

  it('leaves no partial account: every member it created has its profile, a password hash and a registered IP', async () => {
    const incomplete = await t.ctx.db
      .selectFrom('members')
      .leftJoin('member_profiles', 'member_profiles.member_id', 'members.id')
      .leftJoin('member_ips', 'member_ips.member_id', 'members.id')
      .select(['members.id', 'members.account', 'members.password_hash', 'member_profiles.member_id as profile', 'member_ips.ip'])
      .where('members.id', '>=', firstNewMemberId)
      .where((eb) => eb.or([eb('member_profiles.member_id', 'is', null), eb('member_ips.ip', 'is', null), eb('members.password_hash', '=', '')]))
      .execute();
    expect(incomplete).toEqual([]);
    const created = await t.ctx.db.selectFrom('members').select('id').where('id', '>=', firstNewMemberId).execute();
    expect(created.length).toBeGreaterThan(0);
    expect((await new Caller(t).login('demo', DEMO_PASSWORD)).status).toBeLessThan(500);
  });
});
