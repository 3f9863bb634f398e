import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { RedEnvelopeCampaign, RedEnvelopeStatus } from '@shared/contract/red-envelopes';
import { MAIN_WALLET } from '@shared/contract/wallet';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/create-db';
import type { RedEnvelopeCampaignRow } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { withEvents } from '../../socket/realtime';
import { recordBalanceEvents } from '../ledger/balance-events';
import { ledgerOf, mainBalanceAfter } from '../ledger/ledger';
import { toMoney } from '../ledger/money';
import { sendMessage } from '../messages/messages';
import { formatAmount } from '../wallet/orders';

/**
 * Red envelopes for players (MEMBER-15): a campaign's total is shared out at random, one envelope
 * per member, among those whose deposits credited since the campaign began reach its minimum. A
 * grab locks the campaign row, so what is left is read and taken by one grab at a time and no two
 * grabs can share out the same cents; the member's unique key lets one envelope in per campaign.
 */

/** Ended campaigns stay on show this long, so a player can still see what they took. */
const ENDED_SHOWN_MS = 24 * 60 * 60 * 1000;

const iso = (t: Date | string) => new Date(t).toISOString();

/**
 * An envelope's amount, in cents, with `count` envelopes and `left` cents still to share and each
 * holding at least `min`: the last takes all that is left; any other a uniform draw between the
 * minimum and twice the mean of what is left (the usual "double mean" split, so early and late
 * grabs fare alike on average), capped so every envelope after it can still hold the minimum.
 */
export const envelopeAmount = (left: number, count: number, min: number, draw: (lo: number, hiExclusive: number) => number = randomInt): number => {
  if (count <= 1) return left;
  const most = Math.min(left - min * (count - 1), Math.floor((2 * left) / count));
  return most <= min ? min : draw(min, most + 1);
};

/** Each member's credited deposits since `since` (cents). */
const depositsSince = async (db: Db, memberId: number, since: Date): Promise<number> => {
  const row = await db
    .selectFrom('deposit_orders')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'CREDITED')
    .where('resolved_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
};

const statusOf = (campaign: RedEnvelopeCampaignRow, grabbed: boolean, deposited: number | null, now: Date): RedEnvelopeStatus => {
  if (grabbed) return 'GRABBED';
  if (new Date(campaign.starts_at) > now) return 'COMING_SOON';
  if (new Date(campaign.ends_at) <= now) return 'CLOSED';
  if (campaign.remaining_count === 0) return 'SOLD_OUT';
  if (deposited !== null && deposited < campaign.min_deposit) return 'NOT_ELIGIBLE';
  return 'OPEN';
};

/** Campaigns on show (active; running, coming, or ended within a day), the next to end first, each with the caller's status. */
export const listRedEnvelopes = async (db: Db, memberId: number | null): Promise<RedEnvelopeCampaign[]> => {
  const now = new Date();
  const rows = await db
    .selectFrom('red_envelope_campaigns')
    .selectAll()
    .where('active', '=', true)
    .where('ends_at', '>', new Date(now.getTime() - ENDED_SHOWN_MS))
    .orderBy('ends_at')
    .orderBy('id')
    .execute();
  const grabs =
    memberId === null || rows.length === 0
      ? []
      : await db
          .selectFrom('red_envelope_grabs')
          .select(['campaign_id', 'amount', 'grabbed_at'])
          .where('member_id', '=', memberId)
          .where(
            'campaign_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
  const grabOf = new Map(grabs.map((g) => [g.campaign_id, g]));
  return Promise.all(
    rows.map(async (row) => {
      const grab = grabOf.get(row.id);
      const deposited = memberId === null ? null : await depositsSince(db, memberId, new Date(row.starts_at));
      return {
        campaignId: row.id,
        title: row.title,
        rules: row.rules,
        startTime: iso(row.starts_at),
        endTime: iso(row.ends_at),
        envelopeCount: row.envelope_count,
        remainingCount: row.remaining_count,
        minDeposit: toMoney(row.min_deposit),
        deposited: deposited === null ? null : toMoney(deposited),
        status: statusOf(row, grab !== undefined, deposited, now),
        grabbed: grab ? { amount: toMoney(grab.amount), grabbedAt: iso(grab.grabbed_at) } : null,
      };
    }),
  );
};

/**
 * Takes one envelope of a running campaign into the member's main wallet (RED_ENVELOPE from the
 * promotions account). A member gets one per campaign: a repeat, or a racing double click that
 * waited for the first on the campaign's lock, answers the envelope already taken.
 */
export const grabRedEnvelope = (ctx: AppContext, memberId: number, campaignId: number) =>
  withEvents(ctx, async (trx, record) => {
    const campaign = await trx.selectFrom('red_envelope_campaigns').selectAll().where('id', '=', campaignId).where('active', '=', true).forUpdate().executeTakeFirst();
    if (!campaign) throw new ApiError('NOT_FOUND', `No red envelope campaign ${campaignId}`);
    const earlier = await trx
      .selectFrom('red_envelope_grabs')
      .select(['amount', 'transaction_id'])
      .where('campaign_id', '=', campaignId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (earlier) return { amount: toMoney(earlier.amount), balance: toMoney(await mainBalanceAfter(trx, earlier.transaction_id, memberId)) };
    const now = new Date();
    if (new Date(campaign.starts_at) > now || new Date(campaign.ends_at) <= now) throw new ApiError('RED_ENVELOPE_NOT_OPEN', `Campaign ${campaignId} is not open`);
    if (campaign.remaining_count === 0) throw new ApiError('RED_ENVELOPE_SOLD_OUT', `Campaign ${campaignId} has no envelope left`);
    if (campaign.min_deposit > 0 && (await depositsSince(trx, memberId, new Date(campaign.starts_at))) < campaign.min_deposit) {
      throw new ApiError('RED_ENVELOPE_NOT_ELIGIBLE', `Deposits since the start of campaign ${campaignId} fall short of its minimum`);
    }
    const amount = envelopeAmount(campaign.remaining_amount, campaign.remaining_count, campaign.min_amount);
    await trx
      .updateTable('red_envelope_campaigns')
      .set({ remaining_amount: campaign.remaining_amount - amount, remaining_count: campaign.remaining_count - 1, updated_at: sql`now()` })
      .where('id', '=', campaignId)
      .execute();
    const posted = await ledgerOf(ctx).post(trx, {
      entryType: 'RED_ENVELOPE',
      idempotencyKey: `red-envelope:${campaignId}:${memberId}`,
      reference: `red-envelope:${campaignId}`,
      remark: campaign.title,
      legs: [
        { account: { system: 'PROMOTIONS' }, amount: -amount },
        { account: { memberId, wallet: MAIN_WALLET }, amount },
      ],
    });
    await trx.insertInto('red_envelope_grabs').values({ campaign_id: campaignId, member_id: memberId, amount, transaction_id: posted.transactionId }).execute();
    await recordBalanceEvents(trx, record, posted);
    await sendMessage(trx, record, { memberId, template: 'redEnvelope.grabbed', params: { title: campaign.title, amount: formatAmount(amount) } });
    const main = posted.postings.find((p) => p.memberId === memberId)!;
    return { amount: toMoney(amount), balance: toMoney(main.balanceAfter) };
  });
