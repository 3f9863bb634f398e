import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshUsername, registerPlayer, startAccountsApp } from '../../helpers/accounts-kit';

/**
 * Arbitrary profile fields on a registration that passes its SMS check: the account is created whole
 * or not at all. (Hostile input at every endpoint, encrypted ones included, is tests/server/contract-fuzz.test.ts.)
 */
const nasty = fc.constantFrom('', ' ', '{secret}', 'demo', 'agent', '84', '+84', '901234567', '\u0000', 'a\u0000b', '\ud800', '😀'.repeat(50), "'; drop table members; --", '9'.repeat(40), 'x'.repeat(5000));
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 80 }), nasty);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

/** Mostly strings, so most inputs get past the schema and into the handlers' own checks. */
const fieldValue = fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: scalar, weight: 1 });
const fieldsOf = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((n) => [n, fc.option(fieldValue, { nil: undefined })])), { requiredKeys: [] });

describe('registration under arbitrary profile fields', () => {
  let t: TestApp;
  let firstNewMemberId: number;
  beforeAll(async () => {
    t = await startAccountsApp();
    const before = await t.ctx.db.selectFrom('members').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    firstNewMemberId = Number(before.max ?? 0) + 1;
    await registerPlayer(new Caller(t));
  });
  afterAll(async () => t.close());

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
