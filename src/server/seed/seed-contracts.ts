import type { ContractOffer } from '@shared/contract/contracts';
import type { AppContext } from '../app-context';
import { answerContract, offerContract, type ContractActor } from '../services/contracts/lifecycle';
import { findMemberByAccount } from '../services/member/members';
import { DEMO_ACCOUNTS } from './seed-accounts';
import { quietRealtime } from './seed-team';

/**
 * DEMO CONTRACTS: the demo agent holds one contract of each kind from the platform, and has given
 * its direct member `demo` a real-time salary agreement, which `demo` accepted; so every contract
 * page of the agent center has something, and a bet by `demo` shows up on the agent's real-time
 * salary page at the next window (REALTIME_SALARY_WINDOW_SECONDS). Written once per database
 * (a marker row), through the same offer and answer as the API, in force from the moment they are seeded.
 */
const MARKER = 'demo-contracts-v1';

export const DEMO_AGENT_CONTRACTS: readonly ContractOffer[] = [
  {
    kind: 'DIVIDEND',
    period: 'M',
    tiers: [
      { periodValidBet: 10_000, periodProfitLoss: 1_000, activeMemberCount: 2, rate: 10 },
      { periodValidBet: 50_000, periodProfitLoss: 5_000, activeMemberCount: 3, rate: 15 },
      { periodValidBet: 200_000, periodProfitLoss: 20_000, activeMemberCount: 5, rate: 20 },
    ],
  },
  {
    kind: 'DAILY',
    tiers: [
      { dailyBetAmount: 1_000, rate: 0.5 },
      { dailyBetAmount: 5_000, rate: 0.8 },
      { dailyBetAmount: 20_000, rate: 1.2 },
    ],
  },
  {
    kind: 'HOURLY',
    tiers: [
      { hourlyBetAmount: 200, rate: 0.3 },
      { hourlyBetAmount: 1_000, rate: 0.5 },
    ],
    activeMemberCount: 2,
  },
  { kind: 'REALTIME', profitRate: 0.5, lossRate: 1, singleBetAmount: 1 },
];

/** What the demo agent gives `demo`: within its own agreement. */
export const DEMO_MEMBER_AGREEMENT: ContractOffer = { kind: 'REALTIME', profitRate: 0.3, lossRate: 0.6, singleBetAmount: 1 };

/** `operatorUsername`: the seeded operator, who offers the platform's contracts. */
export const seedDemoContracts = async (ctx: AppContext, operatorUsername: string): Promise<void> => {
  const [agent, demo, operator] = await Promise.all([
    findMemberByAccount(ctx.db, DEMO_ACCOUNTS.agent.account),
    findMemberByAccount(ctx.db, DEMO_ACCOUNTS.player.account),
    ctx.db.selectFrom('operators').select('id').where('username', '=', operatorUsername).executeTakeFirst(),
  ]);
  if (!agent || !demo || !operator) return;
  const claimed = await ctx.db
    .insertInto('seed_applied')
    .values({ name: MARKER })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!claimed) return;
  // Nobody listens while the seed runs; the messages are kept in the inboxes.
  const quiet: AppContext = { ...ctx, realtime: quietRealtime };
  const platform: ContractActor = { kind: 'operator', operatorId: operator.id, ip: '127.0.0.1' };
  const asAgent: ContractActor = { kind: 'member', memberId: agent.id, ip: '127.0.0.1' };
  const asDemo: ContractActor = { kind: 'member', memberId: demo.id, ip: '127.0.0.1' };
  for (const offer of DEMO_AGENT_CONTRACTS) {
    const offered = await offerContract(quiet, platform, { account: agent.account }, offer);
    await answerContract(quiet, asAgent, offer.kind, Number(offered.contractId), 'A');
  }
  const agreement = await offerContract(quiet, asAgent, { memberId: demo.id }, DEMO_MEMBER_AGREEMENT);
  await answerContract(quiet, asDemo, 'REALTIME', Number(agreement.contractId), 'A');
};
