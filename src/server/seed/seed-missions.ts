import type { AppContext } from '../app-context';
import type { InsertObject } from 'kysely';
import type { Database } from '../db/database';
import { applyOnce } from './seed';

/** The demo missions: amounts in cents, rewards in points or cents. */
export const DEMO_MISSIONS: InsertObject<Database, 'missions'>[] = [
  { title: 'Daily warm-up', description: 'Play 10 rounds of any game today.', period: 'DAILY', goal: 'BET_ROUNDS', target: 10, reward_kind: 'POINTS', reward: 50, sort_order: 0 },
  { title: 'Daily stakes', description: 'Bet 100.00 in settled rounds today.', period: 'DAILY', goal: 'BET_AMOUNT', target: 100_00, reward_kind: 'POINTS', reward: 200, sort_order: 1 },
  { title: 'Daily top-up', description: 'Deposit 200.00 or more today.', period: 'DAILY', goal: 'DEPOSIT_AMOUNT', target: 200_00, reward_kind: 'CASH', reward: 5_00, sort_order: 2 },
  { title: 'Weekly marathon', description: 'Play 200 rounds this week (Monday to Sunday).', period: 'WEEKLY', goal: 'BET_ROUNDS', target: 200, reward_kind: 'POINTS', reward: 1_000, sort_order: 3 },
  { title: 'Weekly high roller', description: 'Bet 2,000.00 in settled rounds this week.', period: 'WEEKLY', goal: 'BET_AMOUNT', target: 2_000_00, reward_kind: 'CASH', reward: 20_00, sort_order: 4 },
];

/**
 * DEMO MISSIONS (SEED_DEMO only): five missions, daily and weekly, written once in the life of the
 * database, so operator edits survive restarts.
 */
export const seedDemoMissions = async (ctx: AppContext): Promise<void> => {
  await applyOnce(ctx.db, 'missions-v1', async (trx) => {
    await trx.insertInto('missions').values(DEMO_MISSIONS).execute();
  });
};
