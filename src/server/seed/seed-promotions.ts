import type { AppContext } from '../app-context';
import { applyOnce } from './seed';

const DAY = 24 * 60 * 60 * 1000;

/**
 * DEMO PROMOTIONS (SEED_DEMO only): a first-deposit bonus that takes an application, a weekly
 * rebate joined with one click, a lucky-draw raffle with four weighted prizes, and one coming next
 * week; written once in the life of the database (operator edits survive restarts), their dates
 * counted from the day of the first seed.
 */
export const seedDemoPromotions = async (ctx: AppContext): Promise<void> => {
  await applyOnce(ctx.db, 'promotions-v1', async (trx) => {
    const now = Date.now();
    const running = { starts_at: new Date(now - DAY), ends_at: new Date(now + 90 * DAY) };
    const [, , raffle] = await trx
      .insertInto('promotions')
      .values([
        {
          title: 'First deposit bonus 100%',
          type: 'DEPOSIT',
          content: '<p>Deposit at least 100.00 and apply with your deposit receipt: we match it with a bonus of 88.00 once an operator has checked it.</p>',
          image_url: '/static/banners/home-welcome.svg',
          needs_application: true,
          bonus_amount: 88_00,
          ...running,
        },
        {
          title: 'Weekly rebate club',
          type: 'REBATE',
          content: '<p>Join the club and collect a welcome bonus of 8.00 at once; your weekly rebate is paid every Monday.</p>',
          image_url: '/static/banners/leftmenu-promotions.svg',
          bonus_amount: 8_00,
          ...running,
        },
        {
          title: 'Lucky draw',
          type: 'RAFFLE',
          content: '<p>One draw per player: every draw wins, from 1.00 up to 188.00, credited straight to your wallet.</p>',
          image_url: '/static/banners/home-points-mall.svg',
          ...running,
        },
        {
          title: 'Weekend tournament',
          type: 'OTHER',
          content: '<p>Climb the slot leaderboard over the weekend. Opens next week.</p>',
          image_url: '/static/banners/home-live-casino.svg',
          starts_at: new Date(now + 7 * DAY),
          ends_at: new Date(now + 14 * DAY),
        },
      ])
      .returning('id')
      .execute();
    await trx
      .insertInto('promotion_prizes')
      .values(
        [
          { name: 'Grand prize', amount: 188_00, weight: 1 },
          { name: 'Gold', amount: 38_00, weight: 9 },
          { name: 'Silver', amount: 8_00, weight: 30 },
          { name: 'Bronze', amount: 1_00, weight: 60 },
        ].map((p, position) => ({ ...p, position, promotion_id: raffle!.id })),
      )
      .execute();
  });
};
