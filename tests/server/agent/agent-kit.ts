import { randomBytes } from 'node:crypto';
import type { AppContext } from '@server/app-context';
import { createToken, hashToken } from '@server/auth/tokens';
import { hashPassword } from '@server/services/auth/passwords';
import { ACCOUNTS_TEST_ENV, Caller } from '../../helpers/accounts-kit';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { testCredit } from '../../helpers/test-credit';

/** A member of a test tree: its id, account, bearer token, and (when it has one) its upline. */
export interface TreeMember {
  id: number;
  account: string;
  token: string;
  uplineId: number | null;
  type: number;
}

export const AGENT = 1;
export const PLAYER = 0;
export const TRIAL = 4;

let paymentPasswordHash: Promise<string> | null = null;
export const TEST_PAYMENT_PASSWORD = '135790';

/**
 * A member with a profile naming its upline (the trigger places it in the tree, as registration
 * does) and a live session; optionally with the test payment password.
 */
export const addMember = async (
  ctx: AppContext,
  options: { type?: number; uplineId?: number | null; paymentPassword?: boolean; account?: string } = {},
): Promise<TreeMember> => {
  const type = options.type ?? PLAYER;
  const account = options.account ?? `t${randomBytes(5).toString('hex')}`;
  const hash = options.paymentPassword ? await (paymentPasswordHash ??= hashPassword(TEST_PAYMENT_PASSWORD)) : null;
  const { id } = await ctx.db
    .insertInto('members')
    .values({ account, nickname: `Nick ${account}`, type, password_hash: 'not-a-login-account' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('member_profiles')
    .values({
      member_id: id,
      upline_id: options.uplineId ?? null,
      payment_password_hash: hash,
      register_method: 'TEST',
      register_ip: '',
      details: '{}',
    })
    .execute();
  const token = createToken();
  await ctx.db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), member_id: id, ip: '127.0.0.1', expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return { id, account, token, uplineId: options.uplineId ?? null, type };
};

/** Every (ancestor, descendant, depth) a parent map implies: the closure the tree table must hold. */
export const closureOf = (parents: Map<number, number | null>): Set<string> => {
  const rows = new Set<string>();
  for (const member of parents.keys()) {
    let depth = 1;
    const seen = new Set<number>([member]);
    for (let up = parents.get(member) ?? null; up !== null; up = parents.get(up) ?? null) {
      if (seen.has(up)) throw new Error('cycle in the model');
      seen.add(up);
      rows.add(`${up}>${member}@${depth}`);
      depth += 1;
    }
  }
  return rows;
};

/** The closure rows the database holds for these members. */
export const storedClosure = async (ctx: AppContext, members: number[]): Promise<Set<string>> => {
  if (members.length === 0) return new Set();
  const rows = await ctx.db.selectFrom('member_tree').selectAll().where('descendant_id', 'in', members).execute();
  return new Set(rows.map((r) => `${r.ancestor_id}>${r.descendant_id}@${r.depth}`));
};

/** Credits a member's main wallet through the ledger (an operator adjustment, announced as the server's are), in cents. */
export const credit = (ctx: AppContext, memberId: number, cents: number): Promise<void> => testCredit(ctx, memberId, cents);

export const mainBalanceOf = async (ctx: AppContext, memberId: number): Promise<number> => {
  const row = await ctx.db.selectFrom('ledger_accounts').select('balance').where('member_id', '=', memberId).where('code', '=', 'MAIN').executeTakeFirst();
  return row?.balance ?? 0;
};

/**
 * A server with the demo team and its thirty days of activity seeded, and the demo agent signed in
 * at the agent site.
 */
export const startDemoTeamApp = async (): Promise<{ t: TestApp; agent: Caller }> => {
  const t = await createTestApp({ SEED_DEMO_ACTIVITY: true }, { ...ACCOUNTS_TEST_ENV, TWO_FACTOR_NEW_IP: 'false' });
  const agent = new Caller(t);
  const login = await agent.login('agent', 'Agent#2026pass', { site: 'agent' });
  if (login.status !== 200) throw new Error(`demo agent login failed: ${JSON.stringify(login.body)}`);
  return { t, agent };
};
