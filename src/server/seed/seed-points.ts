import type { AppContext } from '../app-context';
import { journalEntry, lockPointsRow, postPoints } from '../services/points/journal';
import { readPointsSettings } from '../services/points/settings';
import { DEMO_GOODS, DEMO_WELCOME_POINTS } from './data/points-goods';
import { DEMO_ACCOUNTS } from './seed-accounts';
import { applyOnce } from './seed';

/**
 * DEMO POINTS MALL (SEED_DEMO only): a handful of goods with their artwork under /static/points/,
 * written once in the life of the database (operator edits and deletions survive restarts), and
 * the demo player's welcome grant, an ADJUST entry of the points journal (its reference makes it
 * once). The settings every install starts with (100 points per 1.00, at least 1,000 points per
 * conversion, 1 point per 1.00 of settled bets) come with the migration, not from here.
 */
export const seedDemoPoints = async (ctx: AppContext): Promise<void> => {
  await applyOnce(ctx.db, 'points-goods-v1', async (trx) => {
    await trx
      .insertInto('points_rewards')
      .values(
        DEMO_GOODS.map((g, sort) => ({
          name: g.name,
          type: g.type,
          image_url: `/static/points/${g.image}`,
          description: g.description,
          points_required: g.pointsRequired,
          amount_required: g.amountRequired,
          stock: g.stock,
          sort,
        })),
      )
      .execute();
  });
  const player = await ctx.db.selectFrom('members').select('id').where('account', '=', DEMO_ACCOUNTS.player.account).executeTakeFirst();
  if (!player) return;
  const reference = `seed:welcome:${player.id}`;
  await ctx.db.transaction().execute(async (trx) => {
    await lockPointsRow(trx, player.id);
    if (await journalEntry(trx, 'ADJUST', reference, player.id)) return;
    await postPoints(trx, {
      memberId: player.id,
      kind: 'ADJUST',
      change: DEMO_WELCOME_POINTS,
      reference,
      remark: 'Welcome grant: demo points to try the points mall',
      ratioMillionths: (await readPointsSettings(trx)).ratioMillionths,
    });
  });
};
