import { startPointsKit } from '../points/points-kit';
import { bet } from '../contracts/contracts-kit';
import type { Member, MoneyKit, Reply } from '../../helpers/money-kit';

export { bet, startPointsKit as startMissionsKit, type Member, type MoneyKit, type Reply };

export const PATHS = {
  summary: '/wps/relay/MSN_missionSummary',
  leaderboard: '/wps/relay/MSN_missionLeaderboard',
  list: '/wps/relay/MSN_missionList',
  claim: '/wps/relay/MSN_missionClaim',
  opsMissions: '/ops/missions',
  points: '/wps/relay/PTS_pointsBalance',
} as const;

export interface MissionInput {
  title?: string;
  period?: 'DAILY' | 'WEEKLY';
  goal?: 'BET_AMOUNT' | 'BET_ROUNDS' | 'DEPOSIT_AMOUNT';
  target?: number;
  rewardKind?: 'POINTS' | 'CASH';
  reward?: number;
  active?: boolean;
}

/** A mission made through the operator API; returns its id. */
export const addMission = async (kit: MoneyKit, input: MissionInput = {}): Promise<number> => {
  const res = await kit.ops('POST', PATHS.opsMissions, {
    body: {
      title: input.title ?? 'Test mission',
      description: 'A test',
      period: input.period ?? 'DAILY',
      goal: input.goal ?? 'BET_ROUNDS',
      target: input.target ?? 2,
      rewardKind: input.rewardKind ?? 'POINTS',
      reward: input.reward ?? 30,
      active: input.active ?? true,
    },
  });
  if (res.status !== 200) throw new Error(`save mission failed: ${JSON.stringify(res.body)}`);
  return res.body.value.missionId as number;
};

/** Only the missions a test makes count: every other one (the demo seed's, earlier tests') is switched off. */
export const onlyNewMissions = async (kit: MoneyKit): Promise<void> => {
  await kit.t.ctx.db.updateTable('missions').set({ active: false }).execute();
};

/** A member with `cents` in the main wallet to bet with. */
export const fundedMember = async (kit: MoneyKit, cents = 1_000_00, type?: number): Promise<Member> => {
  const m = await kit.member(type);
  await kit.credit(m.id, cents);
  return m;
};

/** `rounds` settled bets of `stake` cents each at `at`. */
export const play = async (kit: MoneyKit, m: Member, rounds: number, stake: number, at: Date = new Date()): Promise<void> => {
  for (let i = 0; i < rounds; i += 1) await bet(kit.t.ctx, m.id, stake, 0, at);
};

/** A deposit credited at `at` (the order only: progress reads the orders). */
export const deposited = async (kit: MoneyKit, m: Member, cents: number, at: Date, status: 'CREDITED' | 'PENDING' = 'CREDITED'): Promise<void> => {
  const { db } = kit.t.ctx;
  const channel = await db.selectFrom('payment_channels').select('channel_id').executeTakeFirstOrThrow();
  await db
    .insertInto('deposit_orders')
    .values({
      member_id: m.id,
      channel_id: channel.channel_id,
      amount: cents,
      status,
      request_id: crypto.randomUUID(),
      request_hash: 'test',
      created_at: at,
      resolved_at: status === 'CREDITED' ? at : null,
    })
    .execute();
};

export const claim = (kit: MoneyKit, m: Member, missionId: number): Promise<Reply> => kit.call('POST', PATHS.claim, { token: m.token, body: { missionId } });
