import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedMemberSession, forgetCachedSessions } from '@server/auth/member-sessions';
import { createToken, hashToken } from '@server/auth/tokens';
import { findMemberByAccount } from '@server/services/member/members';
import type { TestApp } from '../../helpers/test-app';
import { startAccountsApp } from '../../helpers/accounts-kit';

/**
 * The per-node session cache in front of every signed-in HTTP call. Here the database is changed behind the
 * cache's back (as another node without Redis would), so what each call answers shows what the cache kept.
 */
describe('member session cache', () => {
  let t: TestApp;
  let memberId: number;
  const TTL = 60_000;
  beforeAll(async () => {
    t = await startAccountsApp();
    memberId = (await findMemberByAccount(t.ctx.db, 'demo'))!.id;
  });
  afterAll(async () => t.close());

  const newSession = async (expiresInMs = 3_600_000) => {
    const token = createToken();
    await t.ctx.db
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), member_id: memberId, ip: '127.0.0.1', expires_at: new Date(Date.now() + expiresInMs) })
      .execute();
    return token;
  };
  const revokeBehindTheCache = (token: string) =>
    t.ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(token)).execute();

  it('[AUTH-17] a session revoked elsewhere is refused once the cache time has passed, and at once after a forget', async () => {
    const token = await newSession();
    const now = Date.now();
    expect((await cachedMemberSession(t.ctx.db, token, TTL, now))?.id).toBe(memberId);
    await revokeBehindTheCache(token);
    // Within the cache time this node still answers from memory: the documented bound for a node without Redis.
    expect((await cachedMemberSession(t.ctx.db, token, TTL, now + TTL - 1))?.id).toBe(memberId);
    expect(await cachedMemberSession(t.ctx.db, token, TTL, now + TTL)).toBeNull();

    const other = await newSession();
    expect((await cachedMemberSession(t.ctx.db, other, TTL))?.id).toBe(memberId);
    await revokeBehindTheCache(other);
    forgetCachedSessions(t.ctx.db, memberId);
    expect(await cachedMemberSession(t.ctx.db, other, TTL)).toBeNull();
  });

  it('[AUTH-17] a read under way when the member\'s sessions are forgotten is not kept: the next call reads again', async () => {
    const token = await newSession();
    const reading = cachedMemberSession(t.ctx.db, token, TTL);
    forgetCachedSessions(t.ctx.db, memberId);
    expect((await reading)?.id).toBe(memberId);
    await revokeBehindTheCache(token);
    expect(await cachedMemberSession(t.ctx.db, token, TTL)).toBeNull();
  });

  it('a cached session ends at its expiry, not at the end of the cache time', async () => {
    const token = await newSession(1_000);
    const now = Date.now();
    expect((await cachedMemberSession(t.ctx.db, token, TTL, now))?.id).toBe(memberId);
    expect(await cachedMemberSession(t.ctx.db, token, TTL, now + 1_500)).toBeNull();
  });

  it('with a cache time of 0 every call reads the database', async () => {
    const token = await newSession();
    expect((await cachedMemberSession(t.ctx.db, token, 0))?.id).toBe(memberId);
    await revokeBehindTheCache(token);
    expect(await cachedMemberSession(t.ctx.db, token, 0)).toBeNull();
  });
});
