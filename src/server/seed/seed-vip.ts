import type { AppContext } from '../app-context';
import { applyOnce } from './seed';

/**
 * DEMO VIP LEVELS (SEED_DEMO only): Bronze, Silver, Gold and Platinum at 100.00, 500.00, 2,000.00
 * and 10,000.00 of lifetime settled stakes, with upgrade bonuses of 5.00, 18.00, 58.00 and 188.00.
 * The demo team's thirty days of play reach Bronze or Silver, so the next level shows what it
 * needs. Production starts with no level (VIP off). Written once in the life of the database, so
 * operator edits survive restarts.
 */
export const seedDemoVip = async (ctx: AppContext): Promise<void> => {
  await applyOnce(ctx.db, 'vip-levels-v1', async (trx) => {
    await trx
      .insertInto('vip_levels')
      .values([
        { rank: 1, name: 'Bronze', turnover: 100_00, upgrade_bonus: 5_00 },
        { rank: 2, name: 'Silver', turnover: 500_00, upgrade_bonus: 18_00 },
        { rank: 3, name: 'Gold', turnover: 2_000_00, upgrade_bonus: 58_00 },
        { rank: 4, name: 'Platinum', turnover: 10_000_00, upgrade_bonus: 188_00 },
      ])
      .onConflict((oc) => oc.column('rank').doNothing())
      .execute();
  });
};
