import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../app-context';
import { DEMO_ACCOUNTS } from './seed-accounts';
import { ledgerOf } from '../services/ledger/ledger';
import { ANNOUNCEMENTS } from './data/announcements';
import { PAYMENT_CHANNELS } from './data/payment-channels';
import { applyOnce } from './seed';

/** Demo opening balances in cents, credited once (the ledger key makes it idempotent). */
const OPENING_BALANCES = [
  { account: DEMO_ACCOUNTS.player.account, amount: 1_000_000 },
  { account: DEMO_ACCOUNTS.agent.account, amount: 5_000_000 },
];

/** Deposit channels, announcements and popups: site content every install starts with. */
export const seedMoneyContent = async (ctx: AppContext): Promise<void> => {
  await applyOnce(ctx.db, 'money-content-v1', async (trx) => {
    await trx.insertInto('payment_channels').values(PAYMENT_CHANNELS.map((c, sort) => ({ ...c, sort }))).execute();
    await trx.insertInto('announcements').values(ANNOUNCEMENTS).execute();
  });
};

/** The demo accounts' opening balances: demo money, seeded only with SEED_DEMO. */
export const seedOpeningBalances = async (ctx: AppContext): Promise<void> => {
  const ledger = ledgerOf(ctx);
  for (const opening of OPENING_BALANCES) {
    const member = await ctx.db.selectFrom('members').select('id').where('account', '=', opening.account).executeTakeFirst();
    if (!member) continue;
    await ctx.db.transaction().execute(async (trx) => {
      const posted = await ledger.post(trx, {
        entryType: 'OPERATOR_ADJUSTMENT',
        idempotencyKey: `seed:opening-balance:${member.id}`,
        remark: 'Demo opening balance',
        legs: [
          { account: { system: 'ADJUSTMENTS' }, amount: -opening.amount },
          { account: { memberId: member.id, wallet: MAIN_WALLET }, amount: opening.amount },
        ],
      });
      if (!posted.replayed) {
        await trx
          .insertInto('messages')
          .values({ member_id: member.id, type: 'INBOX', title: 'Welcome', content: 'Your demo account has been credited with an opening balance. Enjoy the games!', params: '{}' })
          .execute();
      }
    });
  }
};
