import { randomBytes } from 'node:crypto';
import type { AppContext } from '@server/app-context';
import { createToken, hashToken } from '@server/auth/tokens';

/**
 * A member and a live session written straight to the database, for tests of calls that only need
 * "some signed-in member" and not the sign-in flow itself. Returns the bearer token.
 */
export const insertMemberWithSession = async (ctx: AppContext, options: { type?: number } = {}): Promise<{ id: number; token: string }> => {
  const member = await ctx.db
    .insertInto('members')
    .values({ account: `m${randomBytes(5).toString('hex')}`, nickname: 'Test member', type: options.type ?? 0, password_hash: 'not-a-login-account' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = createToken();
  await ctx.db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), member_id: member.id, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { id: member.id, token };
};
