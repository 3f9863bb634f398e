import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_OPERATOR } from '@server/seed/seed';
import type { TestApp } from '../../helpers/test-app';
import { Caller, DEMO_PASSWORD, freshIp, freshUsername, startAccountsApp } from '../../helpers/accounts-kit';
import { operatorCode } from '../../helpers/operator-code';

/** The cost written in an argon2 hash (PHC string): `$argon2id$v=19$m=19456,p=1,t=2$salt$hash`, parameters in any order. */
const costOf = (hash: string) => {
  const [, algorithm, , params] = hash.split('$');
  const values = Object.fromEntries((params ?? '').split(',').map((kv) => kv.split('=') as [string, string]));
  return { algorithm, memoryCost: Number(values.m), timeCost: Number(values.t), parallelism: Number(values.p) };
};
const OWASP_MINIMUM = { algorithm: 'argon2id', memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const LIBRARY_DEFAULTS = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };

describe('password hashing: argon2id at OWASP’s minimum, older hashes redone at sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp();
  });
  afterAll(async () => t.close());

  const storedHash = async (account: string) =>
    (await t.ctx.db.selectFrom('members').select('password_hash').where('account', '=', account).executeTakeFirstOrThrow()).password_hash;

  /** A member whose password was hashed the way the platform did before: argon2id at the library's defaults. */
  const insertOldMember = async (password: string) => {
    const account = freshUsername();
    const hash = await argon2.hash(password, { type: argon2.argon2id, ...LIBRARY_DEFAULTS });
    await t.ctx.db.insertInto('members').values({ account, nickname: account, type: 0, password_hash: hash }).execute();
    return { account, hash };
  };

  it('hashes new passwords at m=19 MiB, t=2, p=1', async () => {
    expect(costOf(await storedHash('demo'))).toEqual(OWASP_MINIMUM);
    const operator = await t.ctx.db.selectFrom('operators').select('password_hash').where('username', '=', SEED_OPERATOR).executeTakeFirstOrThrow();
    expect(costOf(operator.password_hash)).toEqual(OWASP_MINIMUM);
  });

  it('replaces a hash of the old cost at the next successful sign-in, and the password still works', async () => {
    const { account, hash } = await insertOldMember(DEMO_PASSWORD);
    const ip = freshIp();
    const wrong = await new Caller(t, ip).login(account, 'Not#thePassword1');
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect(await storedHash(account)).toBe(hash);

    const first = await new Caller(t, ip).login(account, DEMO_PASSWORD);
    expect(first.status).toBe(200);
    const upgraded = await storedHash(account);
    expect(upgraded).not.toBe(hash);
    expect(costOf(upgraded)).toEqual(OWASP_MINIMUM);
    expect(await argon2.verify(upgraded, DEMO_PASSWORD)).toBe(true);

    const again = await new Caller(t, ip).login(account, DEMO_PASSWORD);
    expect(again.status).toBe(200);
    expect(await storedHash(account)).toBe(upgraded);
  });

  it('replaces the operator’s old hash at its next sign-in too', async () => {
    const hash = await argon2.hash(t.ctx.config.OPERATOR_PASSWORD, { type: argon2.argon2id, ...LIBRARY_DEFAULTS });
    await t.ctx.db.updateTable('operators').set({ password_hash: hash }).where('username', '=', SEED_OPERATOR).execute();
    const res = await t.app.inject({ method: 'POST', url: '/ops/session', payload: { username: SEED_OPERATOR, password: t.ctx.config.OPERATOR_PASSWORD, code: await operatorCode() } });
    expect(res.statusCode).toBe(200);
    const after = await t.ctx.db.selectFrom('operators').select('password_hash').where('username', '=', SEED_OPERATOR).executeTakeFirstOrThrow();
    expect(costOf(after.password_hash)).toEqual(OWASP_MINIMUM);
  });
});

describe('password hashing cost from the configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startAccountsApp({ PASSWORD_HASH_MEMORY_KIB: '32768', PASSWORD_HASH_TIME_COST: '3', PASSWORD_HASH_PARALLELISM: '2' });
  });
  afterAll(async () => t.close());

  it('hashes at the configured cost and raises OWASP-minimum hashes to it at sign-in', async () => {
    const demo = await t.ctx.db.selectFrom('members').select('password_hash').where('account', '=', 'demo').executeTakeFirstOrThrow();
    expect(costOf(demo.password_hash)).toEqual({ algorithm: 'argon2id', memoryCost: 32_768, timeCost: 3, parallelism: 2 });

    const account = freshUsername();
    const hash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await t.ctx.db.insertInto('members').values({ account, nickname: account, type: 0, password_hash: hash }).execute();
    expect((await new Caller(t, freshIp()).login(account, DEMO_PASSWORD)).status).toBe(200);
    const after = await t.ctx.db.selectFrom('members').select('password_hash').where('account', '=', account).executeTakeFirstOrThrow();
    expect(costOf(after.password_hash)).toEqual({ algorithm: 'argon2id', memoryCost: 32_768, timeCost: 3, parallelism: 2 });
  });
});
