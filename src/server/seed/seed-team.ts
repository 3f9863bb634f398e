import { randomUUID } from 'node:crypto';
import type { HousePlayParams } from '@shared/contract/games-house';
import type { z } from 'zod';
import type { AppContext } from '../app-context';
import { playRound } from '../providers/house/rounds';
import { houseSessionById, openSession, type HouseSession } from '../providers/house/sessions';
import { AGENT_TYPE, findMemberByAccount, insertMember, PLAYER_TYPE } from '../services/member/members';
import { hashPassword } from '../services/auth/passwords';
import { DEMO_ACCOUNTS } from './seed-accounts';
import { affiliateCodeOf } from '../services/agent/referral';
import { transferToDownline, transferToUpline } from '../services/agent/transfers';
import { ledgerOf } from '../services/ledger/ledger';
import { requestDeposit, resolveDeposit } from '../services/wallet/deposits';
import { operateWithdrawal, requestWithdrawal } from '../services/wallet/withdrawals';
import { withEvents, type Realtime } from '../socket/realtime';
import type { Db } from '../db/create-db';

/**
 * DEMO TEAM: the demo agent's downline, three levels deep, with thirty days of real activity, so
 * every agent page shows figures. Only with SEED_DEMO. Accounts are created once (by name); the
 * activity is written once per database (a marker row), through the platform's own services
 * (deposits, house game rounds, withdrawals, transfers), dated over the last 30 days.
 */

/** The team's shared password and payment password (development data, listed in the README). */
export const DEMO_TEAM_PASSWORD = 'Team#2026pass';
export const DEMO_PAYMENT_PASSWORD = '246810';

interface TeamSeed {
  account: string;
  nickname: string;
  upline: string;
  type: number;
  /** Registered this many days ago. */
  joinedDaysAgo: number;
  /** Plays every this many days from joining (0: does not play). */
  playsEvery: number;
  /** Deposits on joining, in cents. */
  deposit: number;
  /** A withdrawal paid out this many days ago, in cents. */
  withdrawal?: { amount: number; daysAgo: number };
  mobile: string;
}

/** Level 1 under `agent`: demo (seeded with the accounts), lannguyen, minhtran, the sub-agent hoaagent; level 2 under hoaagent; level 3 under khoaagent. */
export const DEMO_TEAM: readonly TeamSeed[] = [
  { account: 'lannguyen', nickname: 'Lan Nguyen', upline: 'agent', type: PLAYER_TYPE, joinedDaysAgo: 40, playsEvery: 2, deposit: 500_000, withdrawal: { amount: 80_000, daysAgo: 6 }, mobile: '901234571' },
  { account: 'minhtran', nickname: 'Minh Tran', upline: 'agent', type: PLAYER_TYPE, joinedDaysAgo: 33, playsEvery: 3, deposit: 300_000, mobile: '901234572' },
  { account: 'hoaagent', nickname: 'Hoa (sub-agent)', upline: 'agent', type: AGENT_TYPE, joinedDaysAgo: 31, playsEvery: 5, deposit: 200_000, mobile: '901234573' },
  { account: 'tuanle', nickname: 'Tuan Le', upline: 'hoaagent', type: PLAYER_TYPE, joinedDaysAgo: 24, playsEvery: 2, deposit: 400_000, withdrawal: { amount: 50_000, daysAgo: 3 }, mobile: '901234574' },
  { account: 'maipham', nickname: 'Mai Pham', upline: 'hoaagent', type: PLAYER_TYPE, joinedDaysAgo: 17, playsEvery: 3, deposit: 150_000, mobile: '901234575' },
  { account: 'khoaagent', nickname: 'Khoa (sub-agent)', upline: 'hoaagent', type: AGENT_TYPE, joinedDaysAgo: 12, playsEvery: 0, deposit: 100_000, mobile: '901234576' },
  { account: 'vyhoang', nickname: 'Vy Hoang', upline: 'khoaagent', type: PLAYER_TYPE, joinedDaysAgo: 8, playsEvery: 2, deposit: 200_000, mobile: '901234577' },
  { account: 'ducvo', nickname: 'Duc Vo', upline: 'khoaagent', type: PLAYER_TYPE, joinedDaysAgo: 2, playsEvery: 1, deposit: 100_000, mobile: '901234578' },
];

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 30;
const ACTIVITY_MARKER = 'demo-team-activity-v1';

/** Nobody listens while the seed runs: events are not stored or sent (messages still are). */
export const quietRealtime: Realtime = {
  record: async (_trx, room, name, payload) => ({ outboxId: 0, id: 0, room, name, payload, at: new Date().toISOString() }),
  flush: async () => undefined,
  broadcast: () => undefined,
  revokeSockets: () => undefined,
  forgetCached: () => undefined,
};

/** The team's accounts under the demo agent, and the demo player as the agent's direct member. Idempotent. */
export const seedDemoTeam = async (ctx: AppContext): Promise<void> => {
  const agent = await findMemberByAccount(ctx.db, DEMO_ACCOUNTS.agent.account);
  const demo = await findMemberByAccount(ctx.db, DEMO_ACCOUNTS.player.account);
  if (!agent) return;
  if (demo) {
    await ctx.db.updateTable('member_profiles').set({ upline_id: agent.id }).where('member_id', '=', demo.id).where('upline_id', 'is', null).execute();
  }
  const missing: TeamSeed[] = [];
  for (const seed of DEMO_TEAM) if (!(await findMemberByAccount(ctx.db, seed.account))) missing.push(seed);
  if (missing.length === 0) return;
  const [passwordHash, paymentPasswordHash] = await Promise.all([hashPassword(DEMO_TEAM_PASSWORD), hashPassword(DEMO_PAYMENT_PASSWORD)]);
  await ctx.db
    .updateTable('member_profiles')
    .set({ payment_password_hash: paymentPasswordHash })
    .where('member_id', '=', agent.id)
    .where('payment_password_hash', 'is', null)
    .execute();
  const now = Date.now();
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      for (const seed of missing) {
        const upline = await findMemberByAccount(trx, seed.upline);
        if (!upline) throw new Error(`demo team: ${seed.upline} is missing`);
        const id = await insertMember(trx, {
          account: seed.account,
          nickname: seed.nickname,
          type: seed.type,
          passwordHash,
          paymentPasswordHash,
          ip: null,
          registerMethod: 'SEED',
          phone: { dialingCode: '84', mobileNum: seed.mobile },
          uplineId: upline.id,
        });
        await trx.updateTable('members').set({ created_at: new Date(now - seed.joinedDaysAgo * DAY_MS) }).where('id', '=', id).execute();
        if (seed.type === AGENT_TYPE) await affiliateCodeOf(trx, id);
      }
    })
    // Another node seeding at the same moment created them first.
    .catch((error: unknown) => {
      if (!(error && typeof error === 'object' && 'code' in error && error.code === '23505')) throw error;
    });
};

type PlayParams = z.infer<typeof HousePlayParams>;
const PLAYS: { engine: 'slot' | 'dice' | 'crash'; stake: number; params: PlayParams }[] = [
  { engine: 'slot', stake: 5_000, params: { engine: 'slot' } },
  { engine: 'dice', stake: 10_000, params: { engine: 'dice', target: 50, direction: 'OVER' } },
  { engine: 'crash', stake: 8_000, params: { engine: 'crash', cashOut: 2 } },
];

/** One playable house game of each engine the demo plays (the first in lobby order). */
const houseGames = async (db: Db): Promise<Partial<Record<(typeof PLAYS)[number]['engine'], number>>> => {
  const rows = await db
    .selectFrom('games')
    .innerJoin('game_vendors', 'game_vendors.code', 'games.vendor_code')
    .select(['games.node_id', 'games.engine'])
    .where('game_vendors.provider', '=', 'HOUSE')
    .where('games.engine', 'in', PLAYS.map((p) => p.engine))
    .where('games.active', '=', true)
    .where('games.maintenance', '=', false)
    .orderBy('games.sort')
    .orderBy('games.node_id')
    .execute();
  return Object.fromEntries([...rows].reverse().map((r) => [r.engine, r.node_id]));
};

/** Refusals a demo step may meet on a database people have used (a member who spent its money, transfers off): skip the step. */
const skippable = (error: unknown): boolean =>
  Boolean(
    error &&
      typeof error === 'object' &&
      'code' in error &&
      ['INSUFFICIENT_BALANCE', 'FEATURE_DISABLED', 'PAYMENT_PASSWORD_WRONG', 'PAYMENT_PASSWORD_LOCKED'].includes(String(error.code)),
  );
const unlessSkippable = (error: unknown) => {
  if (!skippable(error)) throw error;
};

/** A moment on the day `daysAgo` days back, `minutes` into a fixed evening hour (or just before now for today). */
const momentOf = (now: number, daysAgo: number, minutes: number): Date =>
  new Date(daysAgo === 0 ? now - (90 - minutes) * 60_000 : now - daysAgo * DAY_MS - 3 * 3_600_000 + minutes * 60_000);

/**
 * Thirty days of the team's activity, once per database: a deposit on joining, house game rounds
 * on play days, two paid-out withdrawals, and transfers between the agent and its members both ways.
 */
export const seedDemoActivity = async (ctx: AppContext): Promise<void> => {
  const claimed = await ctx.db
    .insertInto('seed_applied')
    .values({ name: ACTIVITY_MARKER })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!claimed) return;
  const quiet: AppContext = { ...ctx, realtime: quietRealtime };
  const games = await houseGames(ctx.db);
  const now = Date.now();
  for (const seed of DEMO_TEAM) {
    const member = await findMemberByAccount(ctx.db, seed.account);
    if (!member) continue;
    const firstDay = Math.min(seed.joinedDaysAgo, HISTORY_DAYS - 1);
    const deposit = await requestDeposit(
      ctx.db,
      member.id,
      { channelId: 'BANK', amount: seed.deposit / 100, requestId: randomUUID(), payerName: seed.nickname },
      momentOf(now, firstDay, 0),
    );
    await withEvents(quiet, (trx, record) =>
      resolveDeposit(trx, record, ledgerOf(quiet), { orderId: Number(deposit.orderId), outcome: { status: 'CREDITED' }, resolvedBy: 'seed', at: momentOf(now, firstDay, 5) }),
    );
    if (seed.playsEvery > 0) {
      const sessions = new Map<string, HouseSession>();
      const sessionFor = async (nodeId: number, at: Date) => {
        const key = String(nodeId);
        if (!sessions.has(key)) {
          const opened = await openSession(quiet, { memberId: member.id, nodeId, freePlay: false, language: 'en', memberSessionHash: null }, at);
          sessions.set(key, await houseSessionById(quiet.db, opened.id));
        }
        return sessions.get(key)!;
      };
      for (let daysAgo = firstDay, round = 0; daysAgo >= 0; daysAgo -= seed.playsEvery, round += 1) {
        const play = PLAYS[round % PLAYS.length]!;
        const nodeId = games[play.engine];
        if (nodeId === undefined) continue;
        const at = momentOf(now, daysAgo, 10 + round);
        await playRound(quiet, await sessionFor(nodeId, at), { stakeCents: play.stake, params: play.params, requestId: randomUUID() }, at).catch(unlessSkippable);
      }
    }
    if (seed.withdrawal) await seedWithdrawal(quiet, member.id, seed, momentOf(now, seed.withdrawal.daysAgo, 40)).catch(unlessSkippable);
  }
  const party = async (account: string) => {
    const m = await findMemberByAccount(ctx.db, account);
    if (!m) throw new Error(`demo team: ${account} is missing`);
    return m;
  };
  const [agent, lan, minh] = await Promise.all([party(DEMO_ACCOUNTS.agent.account), party('lannguyen'), party('minhtran')]);
  const transfer = { paymentPassword: DEMO_PAYMENT_PASSWORD, remark: 'Demo' };
  await transferToDownline(quiet, agent, { ...transfer, memberId: lan.id, amount: 1_000, requestId: randomUUID() }, '127.0.0.1', momentOf(now, 20, 50)).catch(
    unlessSkippable,
  );
  await transferToUpline(quiet, minh, { ...transfer, amount: 500, requestId: randomUUID() }, '127.0.0.1', momentOf(now, 9, 50)).catch(unlessSkippable);
};

/** A withdrawal to a bank account bound for it, approved and paid out 10 and 20 minutes after it was asked for. */
const seedWithdrawal = async (ctx: AppContext, memberId: number, seed: TeamSeed, at: Date) => {
  const bank = await ctx.db
    .insertInto('bank_accounts')
    .values({ member_id: memberId, bank_name: 'Demo Commercial Bank', account_name: seed.nickname.toUpperCase(), account_no: `0071${seed.mobile}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await requestWithdrawal(
    ctx,
    memberId,
    { bankAccountId: bank.id, amount: seed.withdrawal!.amount / 100, paymentPassword: DEMO_PAYMENT_PASSWORD, requestId: randomUUID() },
    at,
  );
  await withEvents(ctx, async (trx, record) => {
    await operateWithdrawal(ctx, trx, record, order.withdrawalId, { kind: 'approve' }, new Date(at.getTime() + 600_000));
    await operateWithdrawal(ctx, trx, record, order.withdrawalId, { kind: 'disburse', payoutReference: 'SEED' }, new Date(at.getTime() + 1_200_000));
  });
};
