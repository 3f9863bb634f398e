import type { AppContext } from '../app-context';
import { applyOnce } from './seed';

const DAY = 24 * 60 * 60 * 1000;

/**
 * DEMO RED ENVELOPES (SEED_DEMO only): one campaign running for 90 days from the first seed,
 * 888.00 shared among 200 envelopes of at least 1.00, open to every real account (no deposit
 * needed), and one for depositors (100.00 since it began). Written once in the life of the
 * database, so operator edits survive restarts.
 */
export const seedDemoRedEnvelopes = async (ctx: AppContext): Promise<void> => {
  await applyOnce(ctx.db, 'red-envelopes-v1', async (trx) => {
    const now = Date.now();
    const running = { starts_at: new Date(now - DAY), ends_at: new Date(now + 90 * DAY) };
    await trx
      .insertInto('red_envelope_campaigns')
      .values([
        {
          title: 'Lucky red envelopes',
          rules: '<p>One envelope per player while they last: each holds from 1.00 up to twice the average of what is left, credited straight to your wallet.</p>',
          total_amount: 888_00,
          envelope_count: 200,
          min_amount: 1_00,
          remaining_amount: 888_00,
          remaining_count: 200,
          ...running,
        },
        {
          title: "Depositors' red envelopes",
          rules: '<p>Deposit 100.00 or more after the campaign begins, then open one envelope of 5.00 or more.</p>',
          total_amount: 2_000_00,
          envelope_count: 100,
          min_amount: 5_00,
          min_deposit: 100_00,
          remaining_amount: 2_000_00,
          remaining_count: 100,
          ...running,
        },
      ])
      .execute();
  });
};
