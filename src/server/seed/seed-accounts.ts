import type { AppContext } from '../app-context';
import { AGENT_TYPE, findMemberByAccount, insertMember, PLAYER_TYPE, type NewMember } from '../services/member/members';
import { defaultInitialPassword, hashPassword } from '../services/auth/passwords';

/**
 * DEV DEMO ACCOUNTS, listed in the README. Their passwords are public: a production database is
 * started with SEED_DEMO=false.
 */
export const DEMO_ACCOUNTS = {
  player: { account: 'demo', password: 'Demo#2026pass' },
  /** Still has the default initial password, so its first login must change it (AUTH-07). */
  defaultPasswordPlayer: { account: 'newbie', password: null },
  agent: { account: 'agent', password: 'Agent#2026pass' },
} as const;

/** The demo agent's invitation code (GET /wps/agent/affiliate, registration affiliateCode). */
export const DEMO_AFFILIATE_CODE = 'AGENT2026';

/** Idempotent: an account that exists is left as it is. */
export const seedDemoAccounts = async (ctx: AppContext): Promise<void> => {
  const accounts: (Omit<NewMember, 'passwordHash'> & { password: string })[] = [
    {
      account: DEMO_ACCOUNTS.player.account,
      password: DEMO_ACCOUNTS.player.password,
      nickname: 'Demo Player',
      type: PLAYER_TYPE,
      ip: null,
      registerMethod: 'SEED',
      phone: { dialingCode: '84', mobileNum: '901234567' },
      email: 'demo@demo.example',
      payeeName: 'Demo Player',
    },
    {
      account: DEMO_ACCOUNTS.defaultPasswordPlayer.account,
      password: defaultInitialPassword(ctx.config),
      nickname: 'New Player',
      type: PLAYER_TYPE,
      ip: null,
      registerMethod: 'SEED',
    },
    {
      account: DEMO_ACCOUNTS.agent.account,
      password: DEMO_ACCOUNTS.agent.password,
      nickname: 'Demo Agent',
      type: AGENT_TYPE,
      ip: null,
      registerMethod: 'SEED',
      phone: { dialingCode: '84', mobileNum: '901234568' },
      email: 'agent@demo.example',
      payeeName: 'Demo Agent',
    },
  ];
  for (const { password, ...account } of accounts) {
    if (await findMemberByAccount(ctx.db, account.account)) continue;
    const passwordHash = await hashPassword(password);
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        const id = await insertMember(trx, { ...account, passwordHash });
        if (account.type === AGENT_TYPE) {
          await trx.insertInto('affiliate_codes').values({ code: DEMO_AFFILIATE_CODE, member_id: id }).onConflict((oc) => oc.column('code').doNothing()).execute();
        }
      })
      // Another node seeding at the same moment created it first.
      .catch((error: unknown) => {
        if (!(error && typeof error === 'object' && 'code' in error && error.code === '23505')) throw error;
      });
  }
};
